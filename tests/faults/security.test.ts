import { networkInterfaces } from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CLOCK, startTestServer, TestClient, type TestServer } from "../setup/server.ts";

/**
 * The security points of issue 11, each as an attacker would try it, over HTTP against the built
 * server, on SQLite and PostgreSQL. The rate limits' clock is fixed, so every attempt falls in one
 * window however long the test takes.
 *
 * The server trusts one proxy hop (TRUST_PROXY=1) and the test plays that proxy: it appends the
 * address it "saw" to whatever X-Forwarded-For the client sent, as nginx does.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(
    { TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "10", RATE_LIMIT_PER_ACCOUNT: "3", PAYPAL_NOTIFY_PER_MINUTE: "5", HOST: "0.0.0.0" },
    { now: FIXED_CLOCK },
  );
});
afterAll(async () => server?.close());

let nextIp = 1;
/** A client behind the proxy at `ip` (a fresh address unless given), who may forge the header's first entry. */
function from(ip = `203.0.113.${nextIp++}`, forged?: () => string): TestClient {
  const client = new TestClient(server.url);
  const fetch = client.fetch.bind(client);
  client.fetch = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", forged ? `${forged()}, ${ip}` : ip);
    return fetch(path, { ...init, headers });
  };
  return client;
}

const signIn = (client: TestClient, email: string, password: string) => client.json("POST", "/api/auth/sign-in/email", { email, password });

async function account(email: string, ip?: string, password = "right-password") {
  const client = from(ip);
  const { status } = await client.json("POST", "/api/auth/sign-up/email", { email, password, name: "x" });
  expect(status).toBe(200);
  return client;
}

describe("password guessing (RATE_LIMIT_PER_MINUTE=10 per IP, RATE_LIMIT_PER_ACCOUNT=3 per account and address)", () => {
  it("a stolen session cannot find the password through verify-password: slowed after 3, the right one refused too", async () => {
    const stolen = await account("victim-verify@example.com");
    for (let i = 0; i < 3; i++) expect((await stolen.json("POST", "/api/auth/verify-password", { password: `guess-${i}` })).status).toBe(400);
    const slowed = await stolen.fetch("/api/auth/verify-password", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ password: "right-password" }) });
    expect(slowed.status).toBe(429);
    // The clock stands still here: the delay (2 s, then growing) never passes.
    expect(Number(slowed.headers.get("retry-after"))).toBe(2);
    expect((await slowed.json()).message).toMatch(/Too many attempts\. Please wait a minute/);
  });

  it("nor through change-password, while the owner signs in from elsewhere", async () => {
    const stolen = await account("victim-change@example.com");
    const change = (currentPassword: string) => stolen.json("POST", "/api/auth/change-password", { currentPassword, newPassword: "attacker-pass" });
    for (let i = 0; i < 3; i++) expect((await change(`guess-${i}`)).status).toBe(400);
    expect((await change("right-password")).status).toBe(429);
    // Nothing changed, and the owner is not locked out (issue 22): their password works from their own address.
    expect((await signIn(from(), "victim-change@example.com", "right-password")).status).toBe(200);
  });

  it("a guessed account does not lock out another person behind the same address, nor its owner elsewhere", async () => {
    const office = "203.0.113.200";
    await account("alice@example.com", "198.51.100.1");
    await account("bob@example.com", "198.51.100.2");
    const attacker = from(office);
    for (let i = 0; i < 3; i++) expect((await signIn(attacker, "alice@example.com", `guess-${i}`)).status).toBe(401);
    // Hammering the account is refused without using up the office's allowance.
    for (let i = 0; i < 20; i++) expect((await signIn(attacker, "alice@example.com", `guess-x${i}`)).status).toBe(429);
    expect((await signIn(from(office), "bob@example.com", "right-password")).status).toBe(200);
    // Alice herself, from elsewhere, signs in: a lockout cannot be used against the owner (issue 22).
    expect((await signIn(from(), "alice@example.com", "right-password")).status).toBe(200);
  });

  it("guessing one account from many addresses: each address is slowed on its own, and the owner is mailed", async () => {
    await account("spread@example.com");
    for (let i = 0; i < 10; i++) expect((await signIn(from(), "spread@example.com", `guess-${i}`)).status).toBe(401);
    const mails = (await server.outbox()).filter((m) => m.to === "spread@example.com" && /Many wrong passwords/.test(m.subject));
    expect(mails).toHaveLength(1);
    expect((await signIn(from(), "spread@example.com", "right-password")).status).toBe(200);
  });

  it("a correct password clears the account's failed attempts", async () => {
    await account("careless@example.com");
    const me = from();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect((await signIn(me, "careless@example.com", "typo-pass")).status).toBe(401);
      expect((await signIn(me, "careless@example.com", "right-password")).status).toBe(200);
    }
  });

  it("limits guessing across many accounts from one address, on the page and the API alike", async () => {
    const spray = from();
    for (let i = 0; i < 10; i++) {
      const response = i % 2 ? await signIn(spray, `nobody${i}@example.com`, "password1") : { status: (await spray.form("/login", { email: `nobody${i}@example.com`, password: "password1" })).status };
      expect(response.status).toBe(401);
    }
    const page = await spray.form("/login", { email: "nobody-else@example.com", password: "password1" });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts. Please wait a minute");
    expect((await signIn(spray, "nobody-more@example.com", "password1")).status).toBe(429);
  });

  it("limits reset mails per address too", async () => {
    const client = from();
    for (let i = 0; i < 3; i++) expect((await client.form("/reset", { intent: "request", email: "mailbomb@example.com" })).status).toBe(200);
    const refused = await client.form("/reset", { intent: "request", email: "mailbomb@example.com" });
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("Too many attempts");
  });
});

describe("TRUST_PROXY", () => {
  it("with a hop count, a forged X-Forwarded-For does not make a new client: 30 guesses, rotating the forged address, hit the limit", async () => {
    const attacker = from("203.0.113.250", () => `198.51.100.${Math.floor(Math.random() * 250)}`);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await signIn(attacker, `target${i}@example.com`, "password1")).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });
});

describe("the return after sign-in", () => {
  it("follows only same-site paths; tabs, newlines and other sites fall back to the sign-in landing, never a 500", async () => {
    const email = "returner@example.com";
    await account(email);
    for (const [redirectTo, expected] of [
      ["/my-order", "/my-order"],
      ["/\t/evil.example/", "/signed-in"],
      ["/\n/x", "/signed-in"],
      ["//evil.example/", "/signed-in"],
      ["/\\evil.example", "/signed-in"],
      ["https://evil.example/", "/signed-in"],
    ]) {
      const response = await from().form("/login", { email, password: "right-password", redirectTo: redirectTo! });
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("location"), redirectTo).toBe(expected);
    }
    const page = await from().page(`/login?redirectTo=${encodeURIComponent("/\n/x")}`);
    expect(page.status).toBe(200);
  });
});

describe("reset links", () => {
  const linkToken = (text: string) => /reset-password\/([^?\s]+)/.exec(text)![1]!;
  const resetWith = (token: string, password: string) => from().form("/reset", { intent: "reset", token, password });
  /** Asks for a reset link and answers the token of the one mail that request sent (mail is not delivered in request order). */
  const requestLink = async (email: string) => {
    const mails = (await server.mailsFrom(() => from().form("/reset", { intent: "request", email }))).filter((m) => m.to === email);
    expect(mails).toHaveLength(1);
    return linkToken(mails[0]!.text);
  };

  it("a newer request voids the older link; the newest works once", async () => {
    const email = "twice-reset@example.com";
    await account(email, undefined, "old-password");
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(older).not.toBe(newer);
    expect((await resetWith(older!, "older-password")).status).toBe(400);
    expect((await resetWith(newer!, "newer-password")).status).toBe(200);
    expect((await resetWith(newer!, "again-password")).status).toBe(400);
    expect((await signIn(from(), email, "newer-password")).status).toBe(200);
  });

  it("a completed reset voids every other pending link of the user", async () => {
    const email = "many-links@example.com";
    await account(email, undefined, "old-password");
    const token = await requestLink(email);
    // A link made at the same moment by another server process, so the newer-voids-older rule did not see it.
    const { db } = server.services;
    const row = await db.selectFrom("verification" as never).selectAll().where("identifier" as never, "=", `reset-password:${token}` as never).executeTakeFirstOrThrow();
    await db.insertInto("verification" as never).values({ ...(row as object), id: "parallel-link", identifier: "reset-password:parallel-token" } as never).execute();
    expect((await resetWith(token, "fresh-password")).status).toBe(200);
    expect((await resetWith("parallel-token", "attacker-password")).status).toBe(400);
  });
});

describe("PayPal notifications", () => {
  it("are throttled per sender: past PAYPAL_NOTIFY_PER_MINUTE nothing is stored and PayPal is asked to send again", async () => {
    const stored = async () => Number((await server.services.db.selectFrom("payment_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await stored();
    const forger = from();
    const post = () => forger.fetch("/api/paypal/ipn", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: `txn_id=FORGED${Math.random()}&payment_status=Completed` });
    for (let i = 0; i < 5; i++) expect((await post()).status).toBe(200);
    const refused = await post();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await stored()).toBe(before + 5);
    // PayPal, from its own address, is not held up by the forger.
    expect((await from().fetch("/api/paypal/ipn", { method: "POST", body: "txn_id=REAL1&payment_status=Completed" })).status).toBe(200);
  });
});

describe("the PayPal stand-in", () => {
  const lanAddress = Object.values(networkInterfaces())
    .flat()
    .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

  it.runIf(lanAddress)("answers only this machine, though the server listens on every interface (HOST=0.0.0.0)", async () => {
    const port = new URL(server.url).port;
    const overLan = `http://${lanAddress}:${port}`;
    const token = await fetch(`${overLan}/paypal-standin/v1/oauth2/token`, { method: "POST", body: "grant_type=client_credentials" });
    expect(token.status).toBe(403);
    expect((await fetch(`${overLan}/paypal-standin/checkoutnow?token=x`)).status).toBe(403);
    // No stand-in answer on any of its URLs, React Router's data requests included (`.data`).
    const urls = [
      "/paypal-standin",
      "/paypal-standin/",
      "/paypal-standin.data",
      "/paypal-standin/_.data",
      "/paypal-standin/checkoutnow?token=x",
      "/paypal-standin/checkoutnow.data?token=x",
      "/paypal-standin/checkout/EC-X",
      "/paypal-standin/checkout/EC-X.data",
      "/paypal-standin/cgi-bin/webscr",
      "/paypal-standin/cgi-bin/webscr.data",
      "/paypal-standin/v2/checkout/orders/X",
    ];
    for (const url of urls) {
      for (const method of ["GET", "POST"]) {
        const answer = await fetch(`${overLan}${url}`, { method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: method === "POST" ? "cmd=_notify-validate&intent=pay" : undefined });
        const body = await answer.text();
        expect([403, 404, 405], `${method} ${url}`).toContain(answer.status);
        expect(body, `${method} ${url}`).not.toMatch(/no money moves|PAYPAL_MODE|VERIFIED|INVALID|cmd=_xclick|access_token|Pay to/);
      }
    }
    // A forged X-Forwarded-For naming this machine does not help.
    expect((await fetch(`${overLan}/paypal-standin/v1/oauth2/token`, { method: "POST", headers: { "X-Forwarded-For": "127.0.0.1" } })).status).toBe(403);
    // The site itself still reaches it over loopback.
    const local = await fetch(`${server.url}/paypal-standin/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("standin-client-id:standin-client-secret").toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    expect(local.status).toBe(200);
    // The site's own pages answer over the LAN as usual.
    expect((await fetch(`${overLan}/login`)).status).toBe(200);
  });
});
