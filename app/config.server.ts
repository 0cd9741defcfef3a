import { isTimeZone } from "./shared/dates.ts";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { z } from "zod";
import { parseTrustProxy } from "./trust-proxy.ts";

/** Every setting Rankwell reads from the environment; `.env.example` lists the same names. */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  APP_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL such as http://localhost:3000" })
    .transform((url) => url.replace(/\/+$/, ""))
    // Unset: the address the server listens on, http://localhost:<PORT> (see loadConfig).
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|file:)/, "must start with postgres:// or file:")
    .default("file:./data/rankwell.db"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().min(3).default("Rankwell <no-reply@rankwell.local>"),
  OUTBOX_DIR: z.string().min(1).default("./data/outbox"),
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((v, ctx) => {
      const parsed = parseTrustProxy(v);
      if (parsed.ok) return parsed.value;
      ctx.addIssue({ code: "custom", message: parsed.message });
      return z.NEVER;
    }),
  DEMO_CONTENT: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  PAYPAL_MODE: z.enum(["standin", "sandbox", "live"]).default("standin"),
  PAYPAL_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
  PAYPAL_CHECKOUT: z.enum(["orders", "standard"]).default("orders"),
  PAYPAL_API_URL: z.url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://api-m.sandbox.paypal.com" }).optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).max(200).optional(),
  PAYPAL_WEBHOOK_ID: z.string().trim().regex(/^[A-Za-z0-9]{1,50}$/, "must be the webhook's id as PayPal shows it (letters and digits)").optional(),
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).max(100_000).default(5),
  PAYPAL_NOTIFY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How long /healthz reuses its last database probe: a flood of health checks costs one probe per interval. */
  HEALTH_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  LOG_LEVEL: z.enum(["silent", "error", "info"]).default("info"),
  /** json: one JSON object per line (for a log collector); pretty: short text for a terminal. */
  LOG_FORMAT: z.enum(["json", "pretty"]).default("json"),
  /** The bearer token GET /metrics asks for; without one it answers only this machine (loopback). */
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").max(200).optional(),
  /** The zone every date on the site and in mails is shown in (an IANA name such as Europe/Berlin). */
  SITE_TIME_ZONE: z
    .string()
    .trim()
    .default("UTC")
    .refine(isTimeZone, "must be a time zone name such as UTC, Europe/Berlin or America/New_York"),
  JOBS_WORKER: z
    .enum(["on", "off"])
    .default("on")
    .transform((v) => v === "on"),
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  MEDIA_MAX_MB: z.coerce.number({ error: "must be a number of megabytes from 1 to 100" }).min(1, "must be from 1 to 100").max(100, "must be from 1 to 100").default(10),
  ORDER_FILE_MAX_MB: z.coerce.number({ error: "must be a number of megabytes from 1 to 100" }).min(1, "must be from 1 to 100").max(100, "must be from 1 to 100").default(20),
  MEDIA_S3_URL: z
    .url({ protocol: /^https?$/, message: "must be an http(s) URL such as https://ACCESS_KEY_ID:SECRET@s3.eu-central-1.amazonaws.com/bucket" })
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

/**
 * Reads and checks the environment. A bad value stops start-up with a message naming the
 * variable, rather than failing later somewhere less obvious.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = { ...parsed.data, APP_URL: parsed.data.APP_URL ?? `http://localhost:${parsed.data.PORT}` };
  // The stand-in takes no money and lets anyone mark their own orders Paid: never on a public site.
  if (c.PAYPAL_MODE === "standin" && !isLoopback(c.APP_URL)) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYPAL_MODE: the PayPal stand-in (the default) only runs when APP_URL is a localhost address; set PAYPAL_MODE=sandbox or PAYPAL_MODE=live",
    );
  }
  const rest = paypalRest(c);
  const sqliteFile = c.DATABASE_URL.startsWith("file:") ? resolve(c.DATABASE_URL.slice(5)) : undefined;
  const dataDir = sqliteFile ? dirname(sqliteFile) : resolve("./data");
  const paypalBase =
    c.PAYPAL_BASE_URL ??
    { standin: `${c.APP_URL}/paypal-standin`, sandbox: "https://www.sandbox.paypal.com", live: "https://www.paypal.com" }[
      c.PAYPAL_MODE
    ];
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    appUrl: c.APP_URL,
    secureCookies: c.APP_URL.startsWith("https://"),
    database: sqliteFile
      ? ({ kind: "sqlite", file: sqliteFile } as const)
      : ({ kind: "postgres", url: c.DATABASE_URL, connectTimeoutMs: c.DB_CONNECT_TIMEOUT_MS, statementTimeoutMs: c.DB_STATEMENT_TIMEOUT_MS } as const),
    authSecret: c.AUTH_SECRET ?? persistedSecret(dataDir),
    smtpUrl: c.SMTP_URL,
    /** Seconds to connect and to be greeted; the whole conversation may take three times that. */
    smtpTimeoutSeconds: c.SMTP_TIMEOUT_SECONDS,
    mailFrom: c.MAIL_FROM,
    outboxDir: resolve(c.OUTBOX_DIR),
    trustProxy: c.TRUST_PROXY,
    demoContent: c.DEMO_CONTENT,
    paypal: {
      mode: c.PAYPAL_MODE,
      /** orders: PayPal Checkout on the Orders v2 REST API; standard: the `_xclick` form post and IPN. */
      checkout: c.PAYPAL_CHECKOUT,
      baseUrl: paypalBase.replace(/\/+$/, ""),
      verifyUrl: paypalVerifyUrl(c, paypalBase),
      ...rest,
      reconcileSeconds: c.PAYMENT_RECONCILE_SECONDS,
    },
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    /** Wrong passwords per account and client address in an hour before that address is slowed (progressive delays), on top of the per-IP limit; also reset and verification mails per address per 15 minutes. */
    rateLimitPerAccount: c.RATE_LIMIT_PER_ACCOUNT,
    /** PayPal notifications (IPN, webhooks) accepted per sender address per minute. */
    paypalNotifyPerMinute: c.PAYPAL_NOTIFY_PER_MINUTE,
    shutdownGraceSeconds: c.SHUTDOWN_GRACE_SECONDS,
    healthCacheMs: c.HEALTH_CACHE_MS,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    metricsToken: c.METRICS_TOKEN,
    siteTimeZone: c.SITE_TIME_ZONE,
    /** This process runs queued work (mail, payment notifications); `off` only enqueues it. */
    jobs: { worker: c.JOBS_WORKER, pollMs: c.JOBS_POLL_MS },
    media: { maxBytes: Math.round(c.MEDIA_MAX_MB * 1024 * 1024), s3: c.MEDIA_S3_URL ? s3Bucket(c.MEDIA_S3_URL) : undefined },
    /** Files of an order (attachments, deliverables): never public; in the bucket under private/ when one is set. */
    orderFiles: { maxBytes: Math.round(c.ORDER_FILE_MAX_MB * 1024 * 1024), maxPerPost: 5 },
  };
}

export type S3Bucket = { endpoint: string; bucket: string; prefix: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * MEDIA_S3_URL, one setting for an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO, …), path
 * style: `https://<access key id>:<secret access key>@<endpoint>/<bucket>[/<prefix>][?region=<region>]`,
 * key and secret URL-encoded. Without `region`, us-east-1 (R2 takes `auto`).
 */
function s3Bucket(value: string): S3Bucket {
  const url = new URL(value);
  const [bucket = "", ...prefix] = url.pathname.split("/").filter(Boolean);
  const problems: string[] = [];
  if (!url.username || !url.password) problems.push("the access key id and secret as user and password (https://KEY:SECRET@host/bucket)");
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) problems.push("a bucket name as the first path segment");
  if (url.protocol !== "https:" && !isLoopback(url.href)) problems.push("https (plain http only for a localhost test server)");
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  MEDIA_S3_URL: needs ${problems.join(", ")}`);
  return {
    endpoint: url.origin,
    bucket,
    prefix: prefix.map((p) => `${decodeURIComponent(p)}/`).join(""),
    region: url.searchParams.get("region") || "us-east-1",
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/**
 * Without AUTH_SECRET a random secret is made once and kept beside the data, so a fresh
 * checkout starts with one command and sessions survive restarts. Production sets AUTH_SECRET.
 */
function persistedSecret(dataDir: string): string {
  const file = resolve(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The REST API's address and credentials. The stand-in has its own; sandbox and live need the
 * REST app's client id and secret and the webhook's id, or start-up stops naming what is missing.
 */
function paypalRest(c: z.infer<typeof envSchema>) {
  if (c.PAYPAL_MODE === "standin") {
    return {
      apiUrl: (c.PAYPAL_API_URL ?? `${c.APP_URL}/paypal-standin`).replace(/\/+$/, ""),
      clientId: c.PAYPAL_CLIENT_ID ?? "standin-client-id",
      clientSecret: c.PAYPAL_CLIENT_SECRET ?? "standin-client-secret",
      webhookId: c.PAYPAL_WEBHOOK_ID ?? "STANDINWEBHOOK",
    };
  }
  const problems: string[] = [];
  const apiUrl = c.PAYPAL_API_URL ?? (c.PAYPAL_MODE === "live" ? "https://api-m.paypal.com" : "https://api-m.sandbox.paypal.com");
  // Live money goes over https only; a sandbox may be pointed at a local test server.
  if (!apiUrl.startsWith("https://") && !(c.PAYPAL_MODE === "sandbox" && isLoopback(apiUrl))) {
    problems.push(`  PAYPAL_API_URL: must be an https:// address with PAYPAL_MODE=${c.PAYPAL_MODE}${c.PAYPAL_MODE === "sandbox" ? " (or a localhost address for tests)" : ""}`);
  }
  if (c.PAYPAL_CHECKOUT === "orders") {
    const where = "from your REST app at developer.paypal.com (Apps & Credentials)";
    if (!c.PAYPAL_CLIENT_ID) problems.push(`  PAYPAL_CLIENT_ID: required with PAYPAL_MODE=${c.PAYPAL_MODE}: the client id ${where}`);
    if (!c.PAYPAL_CLIENT_SECRET) problems.push(`  PAYPAL_CLIENT_SECRET: required with PAYPAL_MODE=${c.PAYPAL_MODE}: the secret ${where}`);
    if (!c.PAYPAL_WEBHOOK_ID) problems.push(`  PAYPAL_WEBHOOK_ID: required with PAYPAL_MODE=${c.PAYPAL_MODE}: the id of the webhook for ${c.APP_URL}/api/paypal/webhook in that app`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join("\n")}`);
  return { apiUrl: apiUrl.replace(/\/+$/, ""), clientId: c.PAYPAL_CLIENT_ID ?? "", clientSecret: c.PAYPAL_CLIENT_SECRET ?? "", webhookId: c.PAYPAL_WEBHOOK_ID ?? "" };
}

const isLoopback = (appUrl: string) => ["localhost", "127.0.0.1", "[::1]"].includes(new URL(appUrl).hostname);

/** PayPal verifies IPNs on its ipnpb hosts, not on the checkout host; the stand-in does both. */
function paypalVerifyUrl(c: { PAYPAL_MODE: string; PAYPAL_BASE_URL?: string; PAYPAL_VERIFY_URL?: string }, base: string): string {
  if (c.PAYPAL_VERIFY_URL) return c.PAYPAL_VERIFY_URL;
  if (c.PAYPAL_BASE_URL || c.PAYPAL_MODE === "standin") return `${base.replace(/\/+$/, "")}/cgi-bin/webscr`;
  return c.PAYPAL_MODE === "live" ? "https://ipnpb.paypal.com/cgi-bin/webscr" : "https://ipnpb.sandbox.paypal.com/cgi-bin/webscr";
}
