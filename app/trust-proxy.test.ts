import { describe, expect, it } from "vitest";
import { parseTrustProxy } from "./trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it("is off by default and for false, off and 0", () => {
    for (const v of ["", "false", "off", "0", "FALSE"]) expect(parseTrustProxy(v)).toEqual({ ok: true, value: false });
  });

  it("takes a hop count", () => {
    expect(parseTrustProxy("1")).toEqual({ ok: true, value: 1 });
    expect(parseTrustProxy("2")).toEqual({ ok: true, value: 2 });
    expect(parseTrustProxy("11").ok).toBe(false);
  });

  it("takes proxy addresses, subnets and Express's names", () => {
    expect(parseTrustProxy("loopback, 10.0.0.0/8, 192.168.1.7, fd00::/8, 172.16.0.0/255.240.0.0")).toEqual({
      ok: true,
      value: ["loopback", "10.0.0.0/8", "192.168.1.7", "fd00::/8", "172.16.0.0/255.240.0.0"],
    });
  });

  it("refuses true (every hop) and anything that is not an address, naming it", () => {
    const all = parseTrustProxy("true");
    expect(all.ok).toBe(false);
    expect(!all.ok && all.message).toMatch(/every hop/);
    const bad = parseTrustProxy("loopback, nginx.internal, 10.0.0.0/33");
    expect(!bad.ok && bad.message).toMatch(/nginx\.internal, 10\.0\.0\.0\/33/);
  });
});
