// `npm run footprint`: what one server process costs to start and to keep. The production build,
// started as `npm start` starts it (`node server/main.ts`), on a temporary SQLite database with the
// demo content: one start creates and seeds the database, then RUNS starts on that existing
// database each measure the time from spawning the process to its first 200 on /healthz and on
// `/`, the CPU time the process had used by then, and its resident memory (RSS, from /proc) once
// it has answered a few pages and sat idle. Prints the median and range of the runs, and the
// machine. `npm run footprint -- <dir> <dir>` compares builds (e.g. one of an older commit, made
// with `BUILD_DIR=<dir> npm run build`): their starts take turns on the same database, so a busy
// machine weighs on each alike. `FOOTPRINT_FLAGS="--a --b; --c"` compares sets of node/V8 flags
// instead of npm start's (each replaces them; an empty set starts with none), taking turns the
// same way. Linux only (/proc).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { startDemoServer } from "./lib/demo-server.ts";
import { startCommand } from "./lib/start-command.ts";

const RUNS = Number(process.env.FOOTPRINT_RUNS ?? 5);
/** Pages a visitor opens right after the start; each is asked for 5 times. */
const PAGES = ["/", "/pricing/", "/service/", "/login", "/healthz"];
const IDLE_MS = 3000;
const POLL_MS = 5;
const TICKS_PER_SECOND = 100; // Linux USER_HZ: the unit of utime/stime in /proc/<pid>/stat

interface Run {
  healthzMs: number;
  pageMs: number;
  /** CPU time (user + system) the process had used when `/` first answered: a busy machine moves it less than the wall clock. */
  cpuMs: number;
  rssMb: number;
}

/** Resident memory of a process in MB. */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

/** CPU time (user + system) a process has used, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Asks `url` every POLL_MS until it answers 200: milliseconds since `t0`. */
async function firstOk(url: string, t0: number, exited: () => boolean): Promise<number> {
  const deadline = t0 + 60_000;
  for (;;) {
    const ok = await fetch(url).then(
      async (r) => (await r.arrayBuffer(), r.status === 200),
      () => false,
    );
    if (ok) return performance.now() - t0;
    if (exited() || performance.now() > deadline) throw new Error(`${url} never answered 200`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function measure(env: NodeJS.ProcessEnv, url: string, flags: string[] | undefined): Promise<Run> {
  let output = "";
  const t0 = performance.now();
  const start = startCommand();
  const args = flags ? [...flags, start.args.at(-1)!] : start.args;
  const child = spawn(process.execPath, args, { env: { ...env, ...start.env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exit = new Promise<void>((done) => child.once("exit", () => done()));
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    const [healthzMs, pageMs] = await Promise.all([firstOk(`${url}/healthz`, t0, exited), firstOk(`${url}/`, t0, exited)]);
    const cpu = cpuMs(child.pid!);
    for (let i = 0; i < 5; i++) for (const path of PAGES) await (await fetch(url + path, { headers: { "Accept-Encoding": "br, gzip" } })).arrayBuffer();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { healthzMs, pageMs, cpuMs: cpu, rssMb: rssMb(child.pid!) };
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output}`);
  } finally {
    child.kill("SIGTERM");
    await exit;
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const summary = (values: number[], unit: string) => `${Math.round(median(values))} ${unit} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`;

const builds = process.argv.length > 2 ? process.argv.slice(2) : [process.env.BUILD_DIR ?? "build"];
/** Flag sets to compare (FOOTPRINT_FLAGS), or npm start's own (undefined). */
const flagSets: (string[] | undefined)[] = process.env.FOOTPRINT_FLAGS ? process.env.FOOTPRINT_FLAGS.split(";").map((set) => set.trim().split(/\s+/).filter(Boolean)) : [undefined];
const variants = builds.flatMap((build) => flagSets.map((flags) => ({ build, flags, name: flags ? `${build} [${flags.join(" ") || "no flags"}]` : build })));
const work = mkdtempSync(join(tmpdir(), "rankwell-footprint-"));
try {
  // The first start creates, migrates and seeds the database (and sanitises the demo images).
  const first = await startDemoServer({
    name: "footprint",
    env: { BUILD_DIR: builds[0], DATABASE_URL: `file:${join(work, "site.db")}`, OUTBOX_DIR: join(work, "outbox") },
  });
  const { env, url } = first;
  await first.stop();
  const runs = new Map<string, Run[]>(variants.map((v) => [v.name, []]));
  for (let i = 0; i < RUNS; i++) for (const v of variants) runs.get(v.name)!.push(await measure({ ...env, BUILD_DIR: v.build }, url, v.flags));
  const cpu = cpus();
  console.log(`footprint: node server/main.ts on an existing SQLite database with demo content, ${RUNS} starts each: median (min–max)`);
  for (const [build, measured] of runs) {
    console.log(`${build}:`);
    console.log(`  first 200 on /healthz        ${summary(measured.map((r) => r.healthzMs), "ms")}`);
    console.log(`  first 200 on /               ${summary(measured.map((r) => r.pageMs), "ms")}`);
    console.log(`  CPU time used by then        ${summary(measured.map((r) => r.cpuMs), "ms")}`);
    console.log(`  RSS, idle after ${PAGES.length * 5} requests  ${summary(measured.map((r) => r.rssMb), "MB")}`);
  }
  console.log(`machine: ${cpu.length} × ${cpu[0]?.model.trim() ?? "unknown CPU"}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)} at the end`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
