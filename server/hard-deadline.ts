import { spawn } from "node:child_process";

/**
 * The watchdog: a shell started at SIGTERM that kills this process (SIGKILL) when the grace period
 * is over, unless the process has ended first. It holds the read end of a pipe only this process
 * writes to: the end of this process, however it ends, closes the pipe, `cat` returns and the
 * shell stops its timer, so it can never signal a process that merely took over the PID. The
 * `sleep` it leaves behind holds none of this process's output: whoever reads it sees it end.
 */
const WATCHDOG = `server=$PPID
( sleep "$1" >/dev/null 2>&1; echo "[rankwell] shutdown grace period over and the process has not ended: killing it" >&2; kill -KILL "$server" ) &
cat >/dev/null
kill $! 2>/dev/null`;

/**
 * The end of the shutdown grace period, kept whatever happens in this process. Two guards:
 * - the main thread's timer exits with code 1 a little before the end (the normal case of a slow
 *   drain: it says why); a timer fires only when the event loop gets to it, and a loop kept busy
 *   (slow synchronous work, a machine at load 30) once made a 10 s grace last 19.9 s;
 * - a watchdog process kills this one at the end. Not a worker thread, which it was until
 *   Node's own exit hung: `process.exit` stops worker threads first, then joins V8's platform
 *   threads, and it waits forever when one of them is compiling and waits for a garbage
 *   collection on the main thread (nodejs/node#54918; it hung here in 2 of 21 runs of the
 *   PostgreSQL fault suite; docs/decisions/0043).
 * Started at SIGTERM, not before: an idle process carries nothing extra.
 */
export function armHardDeadline(ms: number, onMainTimer: () => void): void {
  const soft = setTimeout(onMainTimer, Math.max(0, ms - 200));
  soft.unref();
  const seconds = (Math.max(0, ms - 50) / 1000).toFixed(3);
  // stdin: the pipe; stderr: ours, for its one line. stdout is not passed on, so a supervisor
  // reading this process's output sees its end when this process ends.
  const watchdog = spawn("/bin/sh", ["-c", WATCHDOG, "rankwell-watchdog", seconds], { stdio: ["pipe", "ignore", "inherit"] });
  // If it cannot start, the main thread's timer remains.
  watchdog.on("error", (error) => console.error("[rankwell] the shutdown watchdog did not start:", error));
  watchdog.stdin!.on("error", () => {});
  // Neither the watchdog nor its pipe may keep an otherwise finished process alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void }).unref?.();
}
