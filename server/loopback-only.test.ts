import { describe, expect, it } from "vitest";
import { isLoopback } from "./loopback-only.ts";

describe("isLoopback", () => {
  it("knows this machine's addresses, IPv4-mapped too", () => {
    for (const a of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(isLoopback(a)).toBe(true);
  });
  it("refuses every other address", () => {
    for (const a of ["192.168.1.10", "10.0.0.1", "::ffff:192.168.1.10", "fe80::1", "0.0.0.0", "", undefined]) expect(isLoopback(a)).toBe(false);
  });
});
