import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./free-port.ts";
import { startCommand } from "./start-command.ts";

/**
 * The production server from the build, as the scripts measure and photograph it: demo content on
 * a temporary SQLite database, loopback only, a fresh secret, errors-only logging. One place, so
 * the bench, Lighthouse and the screenshots look at the same site.
 */
export interface DemoServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** The environment it runs with (for a CLI call against the same database). */
  env: NodeJS.ProcessEnv;
  /** What it printed so far. */
  output(): string;
  /** SIGTERM, wait for the exit, remove the temporary database. */
  stop(): Promise<void>;
}

export interface DemoServerOptions {
  /** Names the temporary folder (rankwell-<name>-…). */
  name: string;
  port?: number;
  /** Added to the defaults; `undefined` removes one (e.g. NODE_ENV, to start as `npm start` does). */
  env?: Record<string, string | undefined>;
}

export async function startDemoServer(options: DemoServerOptions): Promise<DemoServer> {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const work = mkdtempSync(join(tmpdir(), `rankwell-${options.name}-`));
  const start = startCommand();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...start.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATABASE_URL: `file:${join(work, "site.db")}`,
    OUTBOX_DIR: join(work, "outbox"),
    AUTH_SECRET: randomBytes(24).toString("hex"),
    DEMO_CONTENT: "on",
    LOG_LEVEL: "error",
  };
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  let output = "";
  const child = spawn(process.execPath, start.args, { env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => {
    output += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(url, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, port, child, env, output: () => output, stop };
}

/** Waits until `${url}/healthz` answers ok (60 s at most); fails with what the process printed if it exits first. */
export async function waitUntilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}\n${output()}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`the server did not become healthy within 60 seconds\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
