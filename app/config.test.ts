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

  it("shows dates in UTC unless SITE_TIME_ZONE names another zone; an unknown zone stops start-up", () => {
    expect(loadConfig(base).siteTimeZone).toBe("UTC");
    expect(loadConfig({ ...base, SITE_TIME_ZONE: "Europe/Berlin" }).siteTimeZone).toBe("Europe/Berlin");
    expect(() => loadConfig({ ...base, SITE_TIME_ZONE: "Mars/Olympus" })).toThrow(/SITE_TIME_ZONE: must be a time zone name/);
  });

  it("uses PostgreSQL for a postgres:// DATABASE_URL", () => {
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://u@h:5432/db" }).database).toEqual({
      kind: "postgres",
      url: "postgres://u@h:5432/db",
      connectTimeoutMs: 5000,
      statementTimeoutMs: 10_000,
    });
  });

  it("reads TRUST_PROXY as a hop count or proxy addresses, off by default, never every hop", () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: "loopback,10.0.0.0/8" }).trustProxy).toEqual(["loopback", "10.0.0.0/8"]);
    expect(() => loadConfig({ ...base, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY: `true` would trust every hop/);
  });

  it("has a shutdown grace of 10 seconds unless SHUTDOWN_GRACE_SECONDS says otherwise", () => {
    expect(loadConfig(base).shutdownGraceSeconds).toBe(10);
    expect(loadConfig({ ...base, SHUTDOWN_GRACE_SECONDS: "3" }).shutdownGraceSeconds).toBe(3);
    expect(() => loadConfig({ ...base, SHUTDOWN_GRACE_SECONDS: "0" })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
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

  const rest = { PAYPAL_CLIENT_ID: "AbC123", PAYPAL_CLIENT_SECRET: "s3cret", PAYPAL_WEBHOOK_ID: "WH1234" };

  it("takes PayPal Checkout on the REST API by default, at the stand-in, PayPal sandbox or live", () => {
    expect(loadConfig(base).paypal).toMatchObject({ checkout: "orders", apiUrl: "http://localhost:3000/paypal-standin", reconcileSeconds: 300 });
    expect(loadConfig({ ...base, ...rest, PAYPAL_MODE: "sandbox" }).paypal).toMatchObject({ apiUrl: "https://api-m.sandbox.paypal.com", clientId: "AbC123", webhookId: "WH1234" });
    const live = loadConfig({ ...base, ...rest, APP_URL: "https://rankwell.example", PAYPAL_MODE: "live" }).paypal;
    expect(live.apiUrl).toBe("https://api-m.paypal.com");
    expect(loadConfig({ ...base, PAYPAL_CHECKOUT: "standard", PAYPAL_MODE: "sandbox" }).paypal.checkout).toBe("standard");
  });

  it("stops in sandbox and live without the REST credentials, naming each missing one", () => {
    for (const mode of ["sandbox", "live"]) {
      const env = { ...base, APP_URL: "https://rankwell.example", PAYPAL_MODE: mode, PAYPAL_CLIENT_ID: "AbC123" };
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/PAYPAL_CLIENT_SECRET: required with PAYPAL_MODE=/);
      expect(() => loadConfig(env)).toThrow(/PAYPAL_WEBHOOK_ID: required/);
      expect(() => loadConfig(env)).not.toThrow(/PAYPAL_CLIENT_ID/);
    }
  });

  it("allows a loopback PAYPAL_API_URL with sandbox only; live needs https", () => {
    expect(loadConfig({ ...base, ...rest, PAYPAL_MODE: "sandbox", PAYPAL_API_URL: "http://127.0.0.1:4010/" }).paypal.apiUrl).toBe("http://127.0.0.1:4010");
    expect(() => loadConfig({ ...base, ...rest, PAYPAL_MODE: "sandbox", PAYPAL_API_URL: "http://paypal.example" })).toThrow(/PAYPAL_API_URL: must be an https/);
    expect(() => loadConfig({ ...base, ...rest, APP_URL: "https://r.example", PAYPAL_MODE: "live", PAYPAL_API_URL: "http://127.0.0.1:4010" })).toThrow(/PAYPAL_API_URL/);
  });

  it("verifies IPNs on PayPal's ipnpb hosts", () => {
    const live = loadConfig({ ...base, ...rest, APP_URL: "https://rankwell.example", PAYPAL_MODE: "live" }).paypal;
    expect(live).toMatchObject({ baseUrl: "https://www.paypal.com", verifyUrl: "https://ipnpb.paypal.com/cgi-bin/webscr" });
    const sandbox = loadConfig({ ...base, ...rest, PAYPAL_MODE: "sandbox" }).paypal;
    expect(sandbox.verifyUrl).toBe("https://ipnpb.sandbox.paypal.com/cgi-bin/webscr");
    expect(loadConfig(base).paypal.verifyUrl).toBe("http://localhost:3000/paypal-standin/cgi-bin/webscr");
  });

  it("marks cookies Secure when the site is served over https", () => {
    const https = { ...base, ...rest, APP_URL: "https://rankwell.example/", PAYPAL_MODE: "live" };
    expect(loadConfig(https).secureCookies).toBe(true);
    expect(loadConfig(https).appUrl).toBe("https://rankwell.example");
  });
  it("keeps media in the database unless MEDIA_S3_URL names a bucket, and reads the bucket's parts from it", () => {
    expect(loadConfig(base).media).toEqual({ maxBytes: 10 * 1024 * 1024, s3: undefined });
    const media = loadConfig({ ...base, MEDIA_MAX_MB: "2.5", MEDIA_S3_URL: "https://AKIAEXAMPLE:se%2Fcret%2Bkey@s3.eu-central-1.amazonaws.com/rankwell-media/site/images?region=eu-central-1" }).media;
    expect(media).toEqual({
      maxBytes: 2.5 * 1024 * 1024,
      s3: { endpoint: "https://s3.eu-central-1.amazonaws.com", bucket: "rankwell-media", prefix: "site/images/", region: "eu-central-1", accessKeyId: "AKIAEXAMPLE", secretAccessKey: "se/cret+key" },
    });
    expect(loadConfig({ ...base, MEDIA_S3_URL: "https://k:s@abc.r2.cloudflarestorage.com/media" }).media.s3).toMatchObject({ region: "us-east-1", prefix: "" });
  });

  it("refuses a bucket URL without credentials or bucket, plain http to another host, and a limit beyond 100 MB", () => {
    expect(() => loadConfig({ ...base, MEDIA_S3_URL: "https://s3.amazonaws.com/bucket" })).toThrow(/MEDIA_S3_URL: needs the access key id and secret/);
    expect(() => loadConfig({ ...base, MEDIA_S3_URL: "https://k:s@s3.amazonaws.com/" })).toThrow(/MEDIA_S3_URL: needs a bucket name/);
    expect(() => loadConfig({ ...base, MEDIA_S3_URL: "http://k:s@minio.example:9000/media" })).toThrow(/MEDIA_S3_URL: needs https/);
    expect(loadConfig({ ...base, MEDIA_S3_URL: "http://k:s@127.0.0.1:9000/media" }).media.s3?.endpoint).toBe("http://127.0.0.1:9000");
    expect(() => loadConfig({ ...base, MEDIA_MAX_MB: "500" })).toThrow(/MEDIA_MAX_MB: must be from 1 to 100/);
  });
});
