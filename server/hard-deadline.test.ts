import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Runs `code` in a Node process of its own; answers how it ended and when (ms after it started running). */
function run(code: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (exitCode, signal) => resolve({ code: exitCode, signal, output }));
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
});
