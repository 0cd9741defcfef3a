import Database from "better-sqlite3";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { request as httpRequest } from "node:http";
import { networkInterfaces, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.ts";
import { killAllServers, type ServerProcess, spawnServer } from "../setup/server-process.ts";

/**
 * The deployment recipe, run as written: nginx with deploy/nginx.conf (only the domain, the
 * certificate, the ports and the checkout's path swapped for this machine's) in front of the
 * production build with TRUST_PROXY=loopback, as the README's "Behind nginx" says. Checks what
 * the README promises: http moves to https, the app sees the address nginx saw (not one a client
 * wrote into X-Forwarded-For), the page cache's headers pass through untouched, and nginx serves
 * the precompressed assets with a year's caching. CI installs nginx (.ci/run); elsewhere the test
 * is skipped when there is no nginx, and fails under CI=true so it can never quietly not run.
 */
const NGINX = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((path) => existsSync(path));
const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

/** An address of this machine that is not loopback: a client nginx does not trust. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function call(url: string, options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {}): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? request : httpRequest;
  return new Promise((done, fail) => {
    const req = send(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: options.method ?? "GET", headers: { Host: "localhost", ...options.headers }, localAddress: options.localAddress, rejectUnauthorized: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on("error", fail);
    req.end(options.body);
  });
}

/** deploy/nginx.conf with this machine's values in place of the ones an operator replaces. */
function siteConfig(ports: { http: number; https: number; app: number }, cert: { crt: string; key: string }): string {
  const site = readFileSync("deploy/nginx.conf", "utf8");
  const swaps: [string, string][] = [
    ["listen 80;", `listen ${ports.http};`],
    ["listen 443 ssl http2;", `listen ${ports.https} ssl http2;`],
    ["server_name example.com;", "server_name localhost;"],
    ["/etc/letsencrypt/live/example.com/fullchain.pem", cert.crt],
    ["/etc/letsencrypt/live/example.com/privkey.pem", cert.key],
    ["/srv/rankwell", process.cwd()],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.app};`],
  ];
  return swaps.reduce((text, [from, to]) => {
    expect(text, `deploy/nginx.conf no longer holds "${from}"`).toContain(from);
    return text.replaceAll(from, to);
  }, site);
}

describe.runIf(process.env.TEST_DB !== "postgres")("nginx in front, as deploy/nginx.conf says", () => {
  if (!NGINX) {
    it.runIf(process.env.CI)("has nginx to run (CI installs it)", () => expect.fail("nginx is not installed"));
    it.skipIf(process.env.CI)("is skipped: install nginx to run it", () => undefined);
    return;
  }

  const dir = mkdtempSync(join(tmpdir(), "rankwell-nginx-"));
  const database = join(dir, "site.db");
  let app: ServerProcess;
  let nginx: ChildProcess;
  let nginxLog = "";
  let http = "";
  let https = "";

  beforeAll(async () => {
    const [httpPort, tlsPort] = [await freePort(), await freePort()];
    const cert = { crt: join(dir, "site.crt"), key: join(dir, "site.key") };
    execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", cert.key, "-out", cert.crt], { stdio: "ignore" });
    app = await spawnServer({ DATABASE_URL: `file:${database}`, TRUST_PROXY: "loopback", APP_URL: `https://localhost:${tlsPort}`, DEMO_CONTENT: "on", RATE_LIMIT_PER_MINUTE: "1000" });
    for (const temp of ["body", "proxy"]) mkdirSync(join(dir, temp));
    // The http block a Debian host's /etc/nginx/nginx.conf has around sites-enabled, pared down.
    const main = [
      process.getuid?.() === 0 ? "user root;" : "",
      "daemon off;",
      `pid ${join(dir, "nginx.pid")};`,
      `error_log ${join(dir, "error.log")} warn;`,
      "events { worker_connections 128; }",
      "http {",
      "  include /etc/nginx/mime.types;",
      "  access_log off;",
      `  client_body_temp_path ${join(dir, "body")};`,
      `  proxy_temp_path ${join(dir, "proxy")};`,
      `  fastcgi_temp_path ${join(dir, "proxy")}; uwsgi_temp_path ${join(dir, "proxy")}; scgi_temp_path ${join(dir, "proxy")};`,
      siteConfig({ http: httpPort, https: tlsPort, app: app.port }, cert),
      "}",
    ].join("\n");
    writeFileSync(join(dir, "nginx.conf"), main);
    nginx = spawn(NGINX, ["-p", dir, "-c", join(dir, "nginx.conf")], { stdio: ["ignore", "pipe", "pipe"] });
    nginx.stderr!.on("data", (chunk) => (nginxLog += chunk));
    http = `http://127.0.0.1:${httpPort}`;
    https = `https://127.0.0.1:${tlsPort}`;
    const deadline = Date.now() + 10_000;
    for (;;) {
      const up = await call(`${https}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (nginx.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start:\n${nginxLog}${existsSync(join(dir, "error.log")) ? readFileSync(join(dir, "error.log"), "utf8") : ""}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(() => {
    nginx?.kill("SIGTERM");
    killAllServers();
    rmSync(dir, { recursive: true, force: true });
  });

  it("moves plain http to the same address on https, for good", async () => {
    const answer = await call(`${http}/pricing/?plan=Premium`);
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("https://localhost/pricing/?plan=Premium");
  });

  it("serves the site over https with the page cache's headers passed through, and 304 on a repeat", async () => {
    const first = await call(`${https}/pricing/`);
    expect(first.status).toBe(200);
    expect(first.body.toString()).toContain("<h1");
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await call(`${https}/pricing/`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("serves the hashed assets itself, precompressed and cached for a year", async () => {
    const asset = readdirSync("build/client/assets").find((name) => name.endsWith(".js"))!;
    const answer = await call(`${https}/assets/${asset}`, { headers: { "Accept-Encoding": "gzip" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("gzip");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(answer.body).equals(readFileSync(resolve("build/client/assets", asset)))).toBe(true);
  });

  it.runIf(outsideAddress)("gives the app the address nginx saw, not one the client wrote into X-Forwarded-For", async () => {
    const subscribe = (email: string, localAddress?: string) =>
      call(`${https.replace("127.0.0.1", localAddress ?? "127.0.0.1")}/api/add-subscriber`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
        body: JSON.stringify({ subemail: email }),
        localAddress,
      });
    expect((await subscribe("near@example.com")).status).toBeLessThan(300);
    expect((await subscribe("far@example.com", outsideAddress)).status).toBeLessThan(300);
    // The rate limiter counts per client address: its keys are what the app took as the client.
    const db = new Database(database, { readonly: true });
    const keys = db.prepare("select key from rate_limits where key like 'subscribe:%'").all() as { key: string }[];
    db.close();
    const clients = keys.map((row) => row.key.replace(/^subscribe:(::ffff:)?/, "")).sort();
    expect(clients).toEqual([outsideAddress, "127.0.0.1"].sort());
  });
});
