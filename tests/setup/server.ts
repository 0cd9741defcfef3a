import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import { TOTP, URI } from "otpauth";
import pg from "pg";
import { freePort } from "../../scripts/lib/free-port.ts";

const buildDir = process.env.BUILD_DIR ?? "build";

type AppModule = typeof import("../../server/index.ts");
export type RunningServer = Awaited<ReturnType<AppModule["startServer"]>>;

/** The production build, loaded in-process: the same code `npm start` runs. */
export async function loadApp(): Promise<AppModule> {
  return (await import(pathToFileURL(resolve(buildDir, "server/index.js")).href)) as AppModule;
}

/** A database of its own for one test file: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_DB === "postgres") {
    if (!base) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const name = `rankwell_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "rankwell-test-"));
  return { url: `file:${join(dir, "test.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

export interface TestServer {
  url: string;
  /** The database this server uses (a fresh one unless one was passed in). */
  databaseUrl: string;
  app: AppModule;
  running: RunningServer;
  services: RunningServer["services"];
  outboxDir: string;
  close(): Promise<void>;
  /** A browser-like HTTP client with its own cookie jar. */
  client(): TestClient;
  /** Runs every due job (mail delivery, payment processing) until none is due. */
  drainJobs(): Promise<void>;
  /**
   * Mails delivered to the outbox folder (queued mail is delivered first), in the order they were
   * delivered: not the order of the requests that caused them (see mailsFrom).
   */
  outbox(): Promise<Mail[]>;
  /**
   * Runs `cause` (a request) and answers the mails it led to, once delivered: those that were not
   * in the outbox before. The queue does not deliver in request order (jobs are claimed in
   * batches; outbox files are named by millisecond and a random id), so a test that needs the mail
   * of each of several requests takes them one request at a time with this, never by place.
   */
  mailsFrom(cause: () => Promise<unknown>): Promise<Mail[]>;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part (app/mail/template.ts). */
  html: string;
}

/** A fixed clock for rate limits: every attempt falls in one window, however long a test takes. */
export const FIXED_CLOCK = () => Date.UTC(2025, 0, 1, 12, 0, 30);

/**
 * Starts the real server on a free port with a fresh database, or on `options.databaseUrl` (an
 * earlier server's, which this one then leaves in place when it closes). `now` is the rate limits' clock.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { now?: () => number; databaseUrl?: string; logDestination?: { write(line: string): unknown } } = {},
): Promise<TestServer> {
  const app = await loadApp();
  const port = await freePort();
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => {} } : await freshDatabase();
  const outboxDir = mkdtempSync(join(tmpdir(), "rankwell-outbox-"));
  const config = app.loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: database.url,
    AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
    OUTBOX_DIR: outboxDir,
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_MINUTE: "1000",
    RATE_LIMIT_PER_ACCOUNT: "1000",
    PAYPAL_NOTIFY_PER_MINUTE: "1000",
    DEMO_CONTENT: "off",
    ...env,
  });
  const running = await app.startServer(config, { clientDir: resolve(buildDir, "client"), ...options });
  const url = `http://localhost:${port}`;
  /** The outbox's files once the queue has delivered what is due, by name (millisecond first). */
  const delivered = async () => {
    await running.services.jobs.drain();
    return readdirSync(outboxDir).sort();
  };
  const readMail = (file: string): Mail => JSON.parse(readFileSync(join(outboxDir, file), "utf8"));
  return {
    url,
    databaseUrl: database.url,
    app,
    running,
    services: running.services,
    outboxDir,
    async close() {
      const closing = running.close();
      // Every request of the test file has been answered by now; a response body a test left
      // unread must not hold the connection (and the close) open until the client lets it go.
      running.server.closeAllConnections();
      await closing;
      await database.drop();
      rmSync(outboxDir, { recursive: true, force: true });
    },
    client: () => new TestClient(url),
    drainJobs: () => running.services.jobs.drain(),
    outbox: async () => (await delivered()).map(readMail),
    async mailsFrom(cause) {
      const before = new Set(await delivered());
      await cause();
      return (await delivered()).filter((file) => !before.has(file)).map(readMail);
    },
  };
}

/** The password fixtures register with (not a common one: the site refuses those). */
export const PASSWORD = "quiet-harbor-42";

/** fetch with a cookie jar and the site's own Origin, as a browser on the site would send. */
export class TestClient {
  private cookies = new Map<string, string>();
  /** The authenticator app of this client's account, once one is set up (enrolTotp). */
  totp?: TOTP;
  /** Its recovery codes, from the same setup. */
  recoveryCodes?: string[];
  constructor(readonly baseUrl: string) {}

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set("Origin", this.baseUrl);
    if (this.cookies.size) headers.set("Cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: "manual" });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attrs] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Sends JSON to the API and reads JSON back. */
  async json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.fetch(path, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  /** Submits a page form the way a browser without JavaScript does. */
  async form(path: string, fields: Record<string, string>): Promise<Response> {
    return this.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  }

  async page(path: string): Promise<{ status: number; html: string; location: string | null }> {
    const response = await this.fetch(path);
    return { status: response.status, html: await response.text(), location: response.headers.get("location") };
  }

  /** The Cookie header this client sends (for tests that speak raw HTTP on a socket). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.includes("session_token"));
  }
}

/**
 * Registers through better-auth's HTTP API and returns the signed-in client. With `admin` or
 * `role`, makes it a role holder as an operator would (makeRoleHolder): its session can use the
 * admin area at once.
 */
export async function signedUpClient(server: TestServer, email: string, password = PASSWORD, options: { admin?: boolean; role?: "Editor" | "Admin" } = {}) {
  const client = server.client();
  const { status, body } = await client.json("POST", "/api/auth/sign-up/email", { email, password, name: email.split("@")[0] });
  if (status !== 200) throw new Error(`sign-up of ${email} answered ${status}: ${JSON.stringify(body)}`);
  if (options.admin || options.role) await makeRoleHolder(server, client, email, options.role ?? "Admin", password);
  return client;
}

/** Marks the address verified, as following the mailed link does (tested on its own in account-security.test.ts). */
export async function markVerified(server: TestServer, email: string) {
  await server.services.db.updateTable("user").set({ emailVerified: sql<boolean>`true` }).where("email", "=", email.toLowerCase()).execute();
}

/**
 * What makes a role apply (docs/decisions/0027): the address verified, the role granted from the
 * command line (`npm run admin -- add`, at once for a verified account), and a second factor set
 * up from the signed-in `client`, whose session then holds it.
 */
export async function makeRoleHolder(server: TestServer, client: TestClient, email: string, role: "Editor" | "Admin" = "Admin", password = PASSWORD) {
  await markVerified(server, email);
  await server.app.grantRole(server.services, email, role);
  await enrolTotp(client, password);
}

/** Sets up an authenticator app on the signed-in client's account (enable, then a code from it); the client keeps the TOTP. */
export async function enrolTotp(client: TestClient, password = PASSWORD): Promise<TOTP> {
  const started = await client.json("POST", "/api/auth/two-factor/enable", { password });
  if (started.status !== 200) throw new Error(`two-factor/enable answered ${started.status}: ${JSON.stringify(started.body)}`);
  const totp = URI.parse(started.body.totpURI) as TOTP;
  const verified = await client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() });
  if (verified.status !== 200) throw new Error(`two-factor/verify-totp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  client.totp = totp;
  client.recoveryCodes = started.body.backupCodes;
  return totp;
}

/**
 * Signs in through the API as a browser would: the password, then (an account with an
 * authenticator app) a code from `totp`. Answers the last answer.
 */
export async function signInTwoStep(client: TestClient, email: string, password = PASSWORD, totp = client.totp) {
  const first = await client.json("POST", "/api/auth/sign-in/email", { email, password });
  if (first.status !== 200 || !first.body?.twoFactorRedirect) return first;
  if (!totp) throw new Error(`${email} has two-step sign-in, and no TOTP was given`);
  client.totp = totp;
  return client.json("POST", "/api/auth/two-factor/verify-totp", { code: totp.generate() });
}

/**
 * The live invitation link mailed to `email` (path only), once the queue delivered it: of the
 * invitation mails to that address, the one whose token the grant holds now (mails of a resend
 * may be delivered in any order).
 */
export async function invitationLink(server: TestServer, email: string): Promise<string> {
  const grant = await server.services.db.selectFrom("user_roles").select("invite_token_hash").where("user_email", "=", email).executeTakeFirst();
  const links = (await server.outbox())
    .filter((m) => m.to === email && /invit/i.test(m.subject))
    .map((m) => new URL(m.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)![0]).pathname);
  const live = links.find((path) => createHash("sha256").update(path.split("/").at(-1)!).digest("hex") === grant?.invite_token_hash);
  if (!live) throw new Error(`no live invitation mailed to ${email}`);
  return live;
}

/** Follows the invitation mailed to `email` as `client` (signed in with that address) and accepts it. */
export async function acceptInvitation(server: TestServer, client: TestClient, email: string): Promise<Response> {
  const response = await client.form(await invitationLink(server, email), { intent: "accept" });
  if (response.status !== 302) throw new Error(`accepting the invitation of ${email} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** A started server with the three people most tests need: a visitor, a customer and an admin. */
export async function startWithPeople(customerEmail: string, adminEmail: string, env: Record<string, string> = {}, options: { now?: () => number; logDestination?: { write(line: string): unknown } } = {}) {
  const server = await startTestServer(env, options);
  return {
    server,
    visitor: server.client(),
    customer: await signedUpClient(server, customerEmail),
    admin: await signedUpClient(server, adminEmail, PASSWORD, { admin: true }),
  };
}
