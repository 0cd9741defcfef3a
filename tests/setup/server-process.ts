import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/free-port.ts";
import { startCommand } from "../../scripts/lib/start-command.ts";

/**
 * The server as an operator runs it: `node server/main.ts` (the production build) in a process of
 * its own, so a test can kill it (-9 or SIGTERM), watch its memory and see whether it exits.
 */
export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Resident memory in MB (Linux /proc). */
  rssMb(): number;
  /** Sends `signal` and waits for the exit: its code and how long it took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
  exited(): boolean;
}

const running = new Set<ChildProcess>();

/** Kills every server a test left running (afterEach/afterAll). */
export function killAllServers() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

export async function spawnServer(env: Record<string, string>, options: { port?: number } = {}): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "rankwell-proc-"));
  const start = startCommand();
  const child = spawn(process.execPath, start.args, {
    env: {
      ...process.env,
      ...start.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: `file:${join(dir, "site.db")}`,
      OUTBOX_DIR: join(dir, "outbox"),
      AUTH_SECRET: "fault-secret-fault-secret-fault-secret-01",
      DEMO_CONTENT: "off",
      LOG_LEVEL: "error",
      RATE_LIMIT_PER_MINUTE: "100000",
      RATE_LIMIT_PER_ACCOUNT: "100000",
      JOBS_POLL_MS: "100",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      rmSync(dir, { recursive: true, force: true });
      done({ code, signal });
    }),
  );
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    child,
    output: () => output,
    rssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop(signal = "SIGTERM") {
      const started = Date.now();
      child.kill(signal);
      const result = await exit;
      return { ...result, ms: Date.now() - started };
    },
    exited: () => child.exitCode !== null || child.signalCode !== null,
  };
}
