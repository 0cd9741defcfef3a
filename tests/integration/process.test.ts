import { type ChildProcess, execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.ts";
import { svg } from "../fixtures/images.ts";
import Database from "better-sqlite3";
import { enrolTotp, PASSWORD, TestClient } from "../setup/server.ts";

/**
 * The server as an operator runs it: `node server/main.ts` (what `npm start` runs) and the
 * development server, each started as its own process, serving pages and stopping cleanly on
 * SIGTERM. Runs once (in the SQLite project): it is about the process, not the database.
 */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill("SIGKILL");
});

async function launch(args: string[], extraEnv: Record<string, string> = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "rankwell-proc-"));
  const env = {
    ...process.env,
    NODE_ENV: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: `file:${join(dir, "site.db")}`,
    OUTBOX_DIR: join(dir, "outbox"),
    ...extraEnv,
  };
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 120; i++) {
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = async () => {
    const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
    child.kill("SIGTERM");
    const code = await exited;
    rmSync(dir, { recursive: true, force: true });
    return { code, output };
  };
  return { url, dir, env, stop, output: () => output };
}

describe.runIf(process.env.TEST_DB !== "postgres")("the server process", () => {
  it("starts from the build with demo content, serves the landing page and stops on SIGTERM", async () => {
    const server = await launch(["server/main.ts"]);
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<h1\b/);
    expect(html).toContain("Premium");
    const { code, output } = await server.stop();
    expect(output).toContain("SIGTERM: finishing open requests");
    expect(code).toBe(0);
  });

  it("refuses to start with a bad setting and names it", async () => {
    const child = spawn(process.execPath, ["server/main.ts"], { env: { ...process.env, PORT: "eighty" }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let output = "";
    child.stderr!.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => child.once("exit", done));
    expect(code).toBe(1);
    expect(output).toContain("PORT:");
  });

  it("serves pages in development mode (npm run dev)", async () => {
    const server = await launch(["--conditions=development", "server/main.ts", "--dev"], { DEMO_CONTENT: "off" });
    const page = await fetch(`${server.url}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Log in");
    const stopped = await server.stop();
    expect(stopped.code, stopped.output).toBe(0);
  }, 60_000);

  it("loads heavy modules when first needed, not at start: better-auth at the first sign-in, the password dictionary at sign-up, jsdom and sharp on the first upload", async () => {
    const logDir = mkdtempSync(join(tmpdir(), "rankwell-modules-"));
    const moduleLog = join(logDir, "loaded.txt");
    const database = { DATABASE_URL: `file:${join(logDir, "site.db")}` };
    try {
      // The first start on a new database creates better-auth's tables, which loads it; a later start of the same release does not.
      const first = await launch(["server/main.ts"], { DEMO_CONTENT: "off", ...database });
      expect((await first.stop()).code).toBe(0);
      const server = await launch(["--import", "./tests/setup/record-modules.ts", "server/main.ts"], { DEMO_CONTENT: "off", MODULE_LOG: moduleLog, ...database });
      const loaded = (name: string) => existsSync(moduleLog) && readFileSync(moduleLog, "utf8").includes(`/node_modules/${name}/`);
      for (const path of ["/", "/login", "/healthz"]) expect((await fetch(server.url + path)).status).toBe(200);
      // The log is real: what a start needs is in it.
      expect(loaded("better-sqlite3")).toBe(true);
      // Each costs an idle process 10-70 MB (npm run footprint, README); none is needed to serve pages.
      for (const heavy of ["better-auth", "@simplewebauthn/server", "jose", "jsdom", "dompurify", "sharp", "@zxcvbn-ts/language-common", "nodemailer", "pg", "pdf-lib"]) expect(loaded(heavy), heavy).toBe(false);

      // An editor's SVG upload brings them in.
      const editor = new TestClient(server.url);
      const email = "svg-editor@example.com";
      expect((await editor.json("POST", "/api/auth/sign-up/email", { email, password: PASSWORD, name: "svg" })).status).toBe(200);
      expect(loaded("better-auth"), "the first call to better-auth loads it").toBe(true);
      expect(loaded("@zxcvbn-ts/language-common"), "a new password is checked against the common ones").toBe(true);
      // A role holder: a verified address, the role from the command line, a second factor.
      const db = new Database(server.env.DATABASE_URL.slice("file:".length));
      db.prepare("update user set emailVerified = 1 where email = ?").run(email);
      db.close();
      // Not spawnSync: a blocked event loop misses the server closing an idle keep-alive connection, and the upload is then written into it.
      await promisify(execFile)(process.execPath, ["server/cli.ts", "add", email, "--role", "Editor"], { env: server.env });
      await enrolTotp(editor);
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(svg())], { type: "image/svg+xml" }), "logo.svg");
      const uploaded = await editor.fetch("/api/media", { method: "POST", body });
      expect(uploaded.status, await uploaded.text()).toBe(201);
      expect(loaded("jsdom")).toBe(true);
      expect(loaded("dompurify")).toBe(true);
      expect(loaded("sharp")).toBe(true);
      expect(loaded("pg"), "an SQLite site never loads the PostgreSQL driver").toBe(false);
      expect((await server.stop()).code).toBe(0);
    } finally {
      rmSync(logDir, { recursive: true, force: true });
    }
  }, 60_000);
});
