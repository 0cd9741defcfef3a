import { Worker } from "node:worker_threads";

/**
 * The end of the shutdown grace period, kept whatever the load. A timer on the main thread fires
 * only when the event loop gets to it: a loop kept busy (slow synchronous work, a machine at load
 * 30) once made a 10 s grace last 19.9 s. So two timers: the main thread's exits with code 1 a
 * little before the end (the normal case: it says why), and a worker thread's, which runs on its
 * own thread and loop, kills the process (SIGKILL) at the end if the main thread could not.
 * Started at SIGTERM, not before: an idle process carries no extra thread.
 */
export function armHardDeadline(ms: number, onMainTimer: () => void): void {
  const soft = setTimeout(onMainTimer, Math.max(0, ms - 200));
  soft.unref();
  const killer = new Worker(
    // getBuiltinModule: the same in a CommonJS or an ES module worker (eval follows the parent's --input-type).
    `const { workerData } = process.getBuiltinModule("node:worker_threads");
     setTimeout(() => {
       process.getBuiltinModule("node:fs").writeSync(2, "[rankwell] shutdown grace period over and the main thread is stuck: killing the process\\n");
       process.kill(process.pid, "SIGKILL");
     }, workerData);`,
    { eval: true, workerData: Math.max(0, ms - 50) },
  );
  // A worker that fails must not take the shutdown down with it: the main thread's timer remains.
  killer.on("error", (error) => console.error("[rankwell] the shutdown deadline's thread failed:", error));
  // The worker must not keep an otherwise finished process alive.
  killer.unref();
}
