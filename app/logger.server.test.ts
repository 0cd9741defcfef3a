import { describe, expect, it } from "vitest";
import { createLogger, noteUserId, requestScope } from "./logger.server.ts";

const capture = () => {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => lines.push(line) } };
};

describe("the logger", () => {
  it("writes one JSON line per event, with the request's id and user while it is answered", () => {
    const { lines, destination } = capture();
    const log = createLogger("info", { destination });
    log.info("outside");
    requestScope.run({ reqId: "req-1" }, () => {
      noteUserId("user-7");
      log.error("inside", new Error("boom"), { kind: "test" });
    });
    const [outside, inside] = lines.map((line) => JSON.parse(line));
    expect(outside).toMatchObject({ level: "info", msg: "outside" });
    expect(outside.reqId).toBeUndefined();
    expect(inside).toMatchObject({ level: "error", msg: "inside", reqId: "req-1", userId: "user-7", kind: "test", err: { message: "boom" } });
    expect(inside.err.stack).toContain("boom");
  });

  it("redacts secrets a caller passes by mistake", () => {
    const { lines, destination } = capture();
    createLogger("info", { destination }).info("sign-in", { password: "quiet-harbor-42", token: "abc", email: "a@example.com" });
    expect(lines[0]).not.toContain("quiet-harbor-42");
    expect(lines[0]).not.toContain('"abc"');
    expect(JSON.parse(lines[0]!)).toMatchObject({ password: "[redacted]", email: "a@example.com" });
  });

  it("LOG_FORMAT=pretty writes short text lines; LOG_LEVEL=error leaves info out", () => {
    const { lines, destination } = capture();
    createLogger("info", { destination, format: "pretty" }).info("request", { method: "GET", status: 200 });
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d INFO {2}request method=GET status=200\n$/);
    const quiet = capture();
    const log = createLogger("error", { destination: quiet.destination });
    log.info("hidden");
    log.error("shown");
    expect(quiet.lines).toHaveLength(1);
  });
});
