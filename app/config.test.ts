import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server.ts";

const base = { AUTH_SECRET: "x".repeat(32) };

describe("loadConfig", () => {
  it("defaults to SQLite under ./data on port 3000", () => {
    const config = loadConfig(base);
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe("sqlite");
    expect(config.paypal.mode).toBe("standin");
  });

  it("uses PostgreSQL for a postgres:// DATABASE_URL", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://u@h:5432/db" }).database).toEqual({ kind: "postgres", url: "postgres://u@h:5432/db" });
  });

  it("names every bad variable", () => {
    try {
      loadConfig({ ...base, PORT: "eighty", DATABASE_URL: "mysql://x", SMTP_URL: "http://mail" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL: must start with postgres:\/\/ or file:/);
      expect(message).toMatch(/SMTP_URL:/);
    }
  });

  it("refuses the PayPal stand-in on a public address", () => {
    expect(() => loadConfig({ ...base, APP_URL: "https://rankwell.example" })).toThrow(/PAYPAL_MODE: the PayPal stand-in/);
    expect(loadConfig({ ...base, APP_URL: "http://127.0.0.1:3000" }).paypal.mode).toBe("standin");
  });

  it("verifies IPNs on PayPal's ipnpb hosts", () => {
    const live = loadConfig({ ...base, APP_URL: "https://rankwell.example", PAYPAL_MODE: "live" }).paypal;
    expect(live).toMatchObject({ baseUrl: "https://www.paypal.com", verifyUrl: "https://ipnpb.paypal.com/cgi-bin/webscr" });
    const sandbox = loadConfig({ ...base, PAYPAL_MODE: "sandbox" }).paypal;
    expect(sandbox.verifyUrl).toBe("https://ipnpb.sandbox.paypal.com/cgi-bin/webscr");
    expect(loadConfig(base).paypal.verifyUrl).toBe("http://localhost:3000/paypal-standin/cgi-bin/webscr");
  });

  it("marks cookies Secure when the site is served over https", () => {
    const https = { ...base, APP_URL: "https://rankwell.example/", PAYPAL_MODE: "live" };
    expect(loadConfig(https).secureCookies).toBe(true);
    expect(loadConfig(https).appUrl).toBe("https://rankwell.example");
  });
});
