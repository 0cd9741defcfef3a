import { execFileSync, spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `code` in a Node process of its own; answers how it ended, what it printed, and how long its output stayed open after it exited. */
function run(code: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string; outputOpenMs: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    // Resolved once its output is closed too: how long that stayed open after the exit.
    let exitedAt = 0;
    child.on("exit", () => (exitedAt = Date.now()));
    child.on("close", (exitCode, signal) => resolve({ code: exitCode, signal, output, outputOpenMs: Date.now() - exitedAt }));
  });
}

describe("the shutdown's hard deadline", () => {
  it("ends a process whose main thread never gets back to its timers", async () => {
    const result = await run(`
      import { armHardDeadline } from "./server/hard-deadline.ts";
      const armed = Date.now();
      armHardDeadline(700, () => { console.log("main timer"); process.exit(1); });
      while (Date.now() - armed < 8000) {} // busy: no timer of the main thread can fire
      console.log("survived", Date.now() - armed);
    `);
    expect(result.signal).toBe("SIGKILL");
    expect(result.output).not.toContain("survived");
    expect(result.output).toContain("grace period over");
  }, 20_000);

  it("lets the main thread exit first when it can (code 1, its own message)", async () => {
    const result = await run(`
      import { armHardDeadline } from "./server/hard-deadline.ts";
      armHardDeadline(700, () => { console.log("main timer"); process.exit(1); });
      setTimeout(() => {}, 10_000);
    `);
    expect(result.code).toBe(1);
    expect(result.output).toContain("main timer");
  }, 20_000);

  it("ends a process whose exit never completes", async () => {
    // As process.exit waiting on V8's threads (nodejs/node#54918): the exit has begun and never ends.
    const result = await run(`
      import { armHardDeadline } from "./server/hard-deadline.ts";
      armHardDeadline(700, () => {});
      process.on("exit", () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0));
      process.exit(0);
    `);
    expect(result.signal).toBe("SIGKILL");
    expect(result.output).toContain("grace period over");
  }, 20_000);

  it("leaves no watchdog behind when the process ends first", async () => {
    // A grace no other test uses, to find this test's watchdog by its command line.
    const marker = "rankwell-watchdog 9.823";
    const watchdogs = () => {
      try {
        return execFileSync("pgrep", ["-f", marker], { encoding: "utf8" }).trim();
      } catch {
        return ""; // pgrep exits 1 when nothing matches
      }
    };
    const result = await run(`
      import { execFileSync } from "node:child_process";
      import { armHardDeadline } from "./server/hard-deadline.ts";
      armHardDeadline(9873, () => {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      console.log("watchdog running:", execFileSync("pgrep", ["-f", ${JSON.stringify(marker)}], { encoding: "utf8" }).trim() !== "");
      process.exit(0);
    `);
    expect(result.code).toBe(0);
    expect(result.output).toContain("watchdog running: true");
    // Whoever reads the process's output (a supervisor, a pipe) sees it end with the process.
    expect(result.outputOpenMs).toBeLessThan(1000);
    const deadline = Date.now() + 2000;
    while (watchdogs() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(watchdogs()).toBe("");
  }, 20_000);
});
