import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.ts";

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
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: "",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      OUTBOX_DIR: join(dir, "outbox"),
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
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
  return { url, stop, output: () => output };
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
});
