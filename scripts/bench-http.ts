// `npm run bench` (first part): the production server, started the README's way (`node
// server/main.ts`, production mode by default) on a fresh SQLite database with the demo content,
// against a static-file baseline: a tiny node:http server in its own process answering byte
// copies of the same responses (headers and compressed bodies as the server sent them). Each
// URL gets 3 s of load from 32 keep-alive connections on loopback; we report requests per
// second, p50/p99 latency and the server process's CPU time per request (from /proc), and the
// ratio to the baseline. The load generator is a bare socket client in this process, so it
// costs both sides alike.
import { execSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer, waitUntilHealthy } from "./lib/demo-server.ts";
import { freePort } from "./lib/free-port.ts";

const CONNECTIONS = 32;
const SECONDS = 3;
const WARMUP_MS = 1000;
const TICKS_PER_SECOND = 100; // Linux USER_HZ: the unit of utime/stime in /proc/<pid>/stat

interface Result {
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
}

/** CPU time (user + system) a process has used, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** One keep-alive connection sending GETs one after another until `until`; calls `done` per answer. */
function connection(port: number, path: string, until: number, onAnswer: (ms: number, ok: boolean) => void): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.setNoDelay(true);
    const request = Buffer.from(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Encoding: br, gzip\r\nAccept: */*\r\n\r\n`);
    let buffer = Buffer.alloc(0);
    let started = 0;
    let need = -1; // bytes of the whole answer, once its headers are in
    let status = 0;
    const send = () => {
      if (Date.now() >= until) {
        socket.end();
        return;
      }
      started = performance.now();
      socket.write(request);
    };
    socket.on("connect", send);
    socket.on("data", (chunk) => {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      for (;;) {
        if (need < 0) {
          const end = buffer.indexOf("\r\n\r\n");
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString("latin1");
          status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
          if (!length) throw new Error(`${path}: an answer without Content-Length`);
          need = end + 4 + Number(length[1]);
        }
        if (buffer.length < need) return;
        buffer = buffer.subarray(need);
        need = -1;
        onAnswer(performance.now() - started, status === 200);
        send();
      }
    });
    socket.on("close", () => resolve());
    socket.on("error", () => resolve());
  });
}

async function load(port: number, pid: number, path: string): Promise<Result> {
  // Warm-up: fills caches, opens connections' worth of work; not counted.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => connection(port, path, Date.now() + WARMUP_MS, () => {})));
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, () =>
      connection(port, path, until, (ms, ok) => {
        latencies.push(ms);
        if (!ok) errors++;
      }),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  return { requests: latencies.length, errors, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), cpuMsPerRequest: cpu / Math.max(1, latencies.length) };
}

/** The static baseline: answers each path with the stored status line, headers and body bytes. */
const STATIC_SERVER = `
import { createServer } from "node:http";
import { readFileSync } from "node:fs";
const answers = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const a of Object.values(answers)) a.body = Buffer.from(a.body, "base64");
createServer((req, res) => {
  const a = answers[req.url];
  if (!a) { res.writeHead(404, { "Content-Length": "0" }); res.end(); return; }
  res.writeHead(a.status, a.headers);
  res.end(a.body);
}).listen(Number(process.argv[3]), "127.0.0.1");
`;

/** A raw GET, as the load generator sends it: status, headers and the body bytes as they came. */
function rawGet(port: number, path: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let buffer = Buffer.alloc(0);
    socket.on("connect", () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost:${port}\r\nAccept-Encoding: br, gzip\r\nConnection: close\r\n\r\n`));
    socket.on("data", (chunk) => (buffer = Buffer.concat([buffer, chunk])));
    socket.on("error", reject);
    socket.on("end", () => {
      const end = buffer.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = buffer.subarray(0, end).toString("latin1").split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        const name = line.slice(0, colon).trim();
        if (name.toLowerCase() !== "connection") headers[name] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine!.slice(9, 12)), headers, body: buffer.subarray(end + 4).toString("base64") });
    });
  });
}

function spawnLogged(args: string[], env: NodeJS.ProcessEnv) {
  let output = "";
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return { child, output: () => output };
}

export async function httpBench(): Promise<void> {
  if (!existsSync("build/server/index.js")) {
    console.log("no build yet: npm run build");
    execSync("npm run build", { stdio: "inherit" });
  }
  const assetDir = "build/client/assets";
  // The biggest script: the one a hydrating page loads first (react-dom and the router).
  const asset = readdirSync(assetDir)
    .filter((n) => n.endsWith(".js"))
    .sort((a, b) => statSync(join(assetDir, b)).size - statSync(join(assetDir, a)).size)[0]!;
  // The pages of issue 10, a demo article and a created page (issue 23: cached like `/`), then a
  // visitor's form (cached since), a hashed asset and the health check.
  const paths = ["/", "/pricing/", "/service/", "/blog/how-long-does-seo-take/", "/local-seo/", "/login", `/assets/${asset}`, "/healthz"];

  // NODE_ENV unset, as `npm start` from a shell: the server chooses production itself.
  const app = await startDemoServer({ name: "http-bench", env: { NODE_ENV: undefined } });
  const appPort = app.port;
  const staticPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "rankwell-http-bench-"));
  let baseline: ReturnType<typeof spawnLogged> | undefined;
  try {
    const answers: Record<string, unknown> = {};
    for (const path of paths) answers[path] = await rawGet(appPort, path);
    writeFileSync(join(dir, "answers.json"), JSON.stringify(answers));
    writeFileSync(join(dir, "static.mjs"), STATIC_SERVER);
    baseline = spawnLogged([join(dir, "static.mjs"), join(dir, "answers.json"), String(staticPort)], process.env);
    await waitUntilHealthy(`http://127.0.0.1:${staticPort}`, baseline.child, baseline.output);

    console.log(`\nHTTP: ${CONNECTIONS} keep-alive connections, ${SECONDS} s per URL, Accept-Encoding: br, gzip (server = npm start, baseline = node:http serving the same bytes)\n`);
    const header = ["url", "bytes", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "base req/s", "base p99", "base CPU", "req/s ratio", "CPU ratio"];
    const rows: string[][] = [header];
    for (const path of paths) {
      const bytes = Buffer.from((answers[path] as { body: string }).body, "base64").length;
      const server = await load(appPort, app.child.pid!, path);
      const base = await load(staticPort, baseline.child.pid!, path);
      const errors = server.errors + base.errors ? ` (${server.errors}/${base.errors} non-200)` : "";
      rows.push([
        path.length > 34 ? `${path.slice(0, 31)}...` : path,
        String(bytes),
        server.perSecond.toFixed(0),
        server.p50.toFixed(2),
        server.p99.toFixed(2),
        server.cpuMsPerRequest.toFixed(3),
        base.perSecond.toFixed(0),
        base.p99.toFixed(2),
        base.cpuMsPerRequest.toFixed(3),
        `${((server.perSecond / base.perSecond) * 100).toFixed(0)}%`,
        `${(server.cpuMsPerRequest / Math.max(0.001, base.cpuMsPerRequest)).toFixed(1)}x${errors}`,
      ]);
    }
    const widths = header.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  } finally {
    await app.stop();
    baseline?.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}
