import { sql } from "kysely";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../fixtures/images.ts";
import {
  enrolTotp,
  markVerified,
  PASSWORD,
  signedUpClient,
  signInTwoStep,
  startTestServer,
  TestClient,
  type TestServer,
} from "../setup/server.ts";

/**
 * Issue 22: the accounts that hold the keys to the business. Verified addresses, two factors for
 * role holders (TOTP with recovery codes; passkeys are driven in Chromium, tests/e2e/two-factor.spec.ts),
 * the account page's sessions, re-authentication before sensitive changes, common passwords, a
 * lockout that cannot be used against the owner, and the review's findings, each over HTTP
 * against the built server, on SQLite and PostgreSQL.
 *
 * The server trusts one proxy hop (TRUST_PROXY=1) and the test plays that proxy, so clients can
 * come from different addresses. The sign-in throttle's clock is the test's own (`clock`).
 */
let server: TestServer;
let now = Date.UTC(2026, 5, 1, 12, 0, 0);
const clock = () => now;
let admin: TestClient;
const ADMIN = "keys@example.com";

beforeAll(async () => {
  server = await startTestServer({ TRUST_PROXY: "1", RATE_LIMIT_PER_ACCOUNT: "3" }, { now: clock });
  admin = await signedUpClient(server, ADMIN, PASSWORD, { admin: true });
});
afterAll(async () => server?.close());

let nextIp = 1;
/** A client behind the proxy at `ip` (a fresh address unless given). */
function from(ip = `203.0.113.${nextIp++}`): TestClient {
  const client = new TestClient(server.url);
  const fetch = client.fetch.bind(client);
  client.fetch = (path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", ip);
    return fetch(path, { ...init, headers });
  };
  return client;
}

/** Page HTML without React's text separators, so sentences read as shown. */
const shown = (html: string) => html.replaceAll("<!-- -->", "");
const me = async (client: TestClient) => (await client.json("GET", "/api/me")).body as { roles: string[]; isAdmin: boolean; user: { email: string } | null };
const mailsTo = async (to: string, subject: RegExp) => (await server.outbox()).filter((m) => m.to === to && subject.test(m.subject));
const sessionsOf = async (email: string) =>
  server.services.db.selectFrom("session").innerJoin("user", "user.id", "session.userId").select(["session.id", "session.confirmedAt"]).where("user.email", "=", email).execute();
/** Makes every session of `email` as if it last confirmed `minutes` ago. */
async function confirmedAgo(email: string, minutes: number) {
  const at = new Date(Date.now() - minutes * 60_000).toISOString();
  for (const { id } of await sessionsOf(email)) await server.services.db.updateTable("session").set({ confirmedAt: at }).where("id", "=", id).execute();
}

describe("verified addresses", () => {
  it("a new account is mailed a link; following it verifies the address; the dashboard reminds until then", async () => {
    const client = await signedUpClient(server, "verify-me@example.com");
    expect(shown((await client.page("/dashboard")).html)).toContain("Please verify your address");
    const [mail] = await mailsTo("verify-me@example.com", /Verify/);
    const link = new URL(mail!.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0]);
    expect((await server.client().page("/verify-email?token=forged")).html).toContain("This link does not work");
    const followed = await server.client().page(link.pathname + link.search);
    expect(followed.html).toContain("your address is verified");
    expect((await client.page("/dashboard")).html).not.toContain("Please verify your address");
    // Customers may order meanwhile: nothing else asked of them.
    expect(shown((await client.page("/account")).html)).toContain("verify-me@example.com is verified");
  });

  it("cannot be claimed at sign-up", async () => {
    const claimed = await server.client().json("POST", "/api/auth/sign-up/email", { email: "claims@example.com", password: PASSWORD, name: "c", emailVerified: true });
    expect(claimed.status).toBe(200);
    expect((await server.services.db.selectFrom("user").select("emailVerified").where("email", "=", "claims@example.com").executeTakeFirstOrThrow()).emailVerified).toBeFalsy();
  });

  it("a role granted to an unverified address waits, and the account page says why", async () => {
    const client = await signedUpClient(server, "unverified-role@example.com");
    await enrolTotp(client);
    // As after an upgrade: a grant proven earlier, an address never verified.
    await server.services.db.insertInto("user_roles").values({ id: "0123456789abcdef01234567", user_email: "unverified-role@example.com", user_role: "Editor", created_at: "2025-01-01T00:00:00.000Z", updated_at: "2025-01-01T00:00:00.000Z", proven_at: "2025-01-01T00:00:00.000Z" }).execute();
    expect(await me(client)).toMatchObject({ roles: [] });
    expect((await client.page("/setting")).location).toBe("/account");
    const api = await client.json("POST", "/api/add-banner", {});
    expect(api.status).toBe(403);
    expect(api.body.error).toContain("applies once your address is verified");
    expect((await client.page("/account")).html).toContain("Your Editor role applies once your address is verified");
    await markVerified(server, "unverified-role@example.com");
    expect(await me(client)).toMatchObject({ roles: ["Editor"] });
  });
});

describe("two factors for role holders", () => {
  it("a role holder without a second factor is sent to set one up before any admin page or call works", async () => {
    const email = "no-factor@example.com";
    const client = await signedUpClient(server, email);
    await markVerified(server, email);
    await server.app.grantRole(server.services, email, "Admin");
    expect(await me(client)).toMatchObject({ roles: [], isAdmin: false });
    for (const path of ["/admin", "/total-orders", "/setting", "/add-user"]) {
      expect((await client.page(path)).location, path).toBe(`/account/two-factor?redirectTo=${encodeURIComponent(path)}`);
    }
    for (const [method, path] of [["GET", "/api/users"], ["GET", "/api/orders"], ["POST", "/api/add-faq-item"]] as const) {
      const answer = await client.json(method, path, method === "POST" ? {} : undefined);
      if (path === "/api/orders") {
        expect(answer.status).toBe(200); // a customer's own orders: not an admin call
        continue;
      }
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toContain("needs a second factor");
    }
    // The setup page: password, then a code from the app (computed here), then the admin area.
    const start = await client.form("/account/two-factor", { intent: "start", password: PASSWORD });
    const html = await start.text();
    const uri = html.match(/name="totpURI" value="([^"]+)"/)![1]!.replaceAll("&amp;", "&");
    expect(html).toContain("Keep your recovery codes");
    const { URI } = await import("otpauth");
    const totp = URI.parse(uri) as import("otpauth").TOTP;
    const wrong = await client.form("/account/two-factor", { intent: "verify", code: "000000", totpURI: uri, backupCodes: "x", redirectTo: "/admin" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right");
    const done = await client.form("/account/two-factor", { intent: "verify", code: totp.generate(), totpURI: uri, backupCodes: "x", redirectTo: "/admin" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/admin");
    expect((await client.page("/admin")).status).toBe(200);
    expect((await client.json("GET", "/api/users")).status).toBe(200);
  });

  it("a session that has not proved the second factor confirms it first (a session from before the upgrade)", async () => {
    const email = "old-session@example.com";
    const client = await signedUpClient(server, email, PASSWORD, { role: "Editor" });
    for (const { id } of await sessionsOf(email)) await server.services.db.updateTable("session").set({ secondFactorAt: null }).where("id", "=", id).execute();
    expect((await client.page("/setting")).location).toBe(`/account/confirm?factor=second&redirectTo=${encodeURIComponent("/setting")}`);
    // Only second factors count there.
    expect((await client.form("/account/confirm", { intent: "password", factor: "second", password: PASSWORD, redirectTo: "/setting" })).status).toBe(400);
    const confirmed = await client.form("/account/confirm", { intent: "totp", code: client.totp!.generate(), redirectTo: "/setting" });
    expect(confirmed.headers.get("location")).toBe("/setting");
    expect((await client.page("/setting")).status).toBe(200);
  });

  it("signs in with a code computed from the app's secret, and with a recovery code once", async () => {
    const email = "two-step@example.com";
    const setup = await signedUpClient(server, email, PASSWORD, { role: "Editor" });
    const codes = setup.recoveryCodes!;
    expect(codes).toHaveLength(10);

    // The password alone starts the sign-in; no session yet.
    const browser = server.client();
    const first = await browser.form("/login", { email, password: PASSWORD, redirectTo: "/setting" });
    expect(first.headers.get("location")).toBe("/login/two-factor?redirectTo=%2Fsetting");
    expect(browser.hasSession()).toBe(false);
    expect((await browser.json("GET", "/api/me")).body.user).toBeNull();
    const wrong = await browser.form("/login/two-factor", { intent: "totp", code: "123456", redirectTo: "/setting" });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain("That code is not right");
    const right = await browser.form("/login/two-factor", { intent: "totp", code: setup.totp!.generate(), redirectTo: "/setting" });
    expect(right.headers.get("location")).toBe("/setting");
    expect(await me(browser)).toMatchObject({ roles: ["Editor"] });

    // Through the API, as an app would.
    const app = server.client();
    expect((await signInTwoStep(app, email, PASSWORD, setup.totp)).status).toBe(200);
    expect(await me(app)).toMatchObject({ roles: ["Editor"] });

    // A lost phone: a recovery code works once.
    const lost = server.client();
    await lost.form("/login", { email, password: PASSWORD });
    const recovered = await lost.form("/login/two-factor?with=recovery", { intent: "recovery", code: codes[0]! });
    expect(recovered.headers.get("location")).toBe("/signed-in");
    expect(await me(lost)).toMatchObject({ roles: ["Editor"] });
    const again = server.client();
    await again.form("/login", { email, password: PASSWORD });
    const reused = await again.form("/login/two-factor?with=recovery", { intent: "recovery", code: codes[0]! });
    expect(reused.status).toBe(401);
    expect(await reused.text()).toContain("That recovery code is not right, or was used already");
    const [entry] = await server.services.db.selectFrom("audit_log").select("summary").where("actor", "=", email).where("action", "=", "sign-in").orderBy("created_at", "desc").orderBy("id", "desc").limit(1).execute();
    expect(entry!.summary).toBe("Signed in as Editor with password and a recovery code");
  });

  it("is optional for customers, from their account page, and turned off with the password", async () => {
    const client = await signedUpClient(server, "careful-customer@example.com");
    expect((await client.page("/account")).html).toContain("Set up an authenticator app");
    const totp = await enrolTotp(client);
    expect((await client.page("/account")).html).toContain("On: signing in asks for a code");
    const other = server.client();
    expect((await signInTwoStep(other, "careful-customer@example.com", PASSWORD, totp)).status).toBe(200);
    const off = await client.form("/account/two-factor", { intent: "disable", password: PASSWORD });
    expect(off.headers.get("location")).toBe("/account?two-factor=off");
    expect((await server.client().json("POST", "/api/auth/sign-in/email", { email: "careful-customer@example.com", password: PASSWORD })).body.twoFactorRedirect).toBeUndefined();
  });
});

describe("sessions", () => {
  it("are listed with device, address and last seen; one ended answers 401 at once; 'everywhere else' ends the rest", async () => {
    const email = "many-devices@example.com";
    const laptop = from("198.51.100.10");
    expect((await laptop.json("POST", "/api/auth/sign-up/email", { email, password: PASSWORD, name: "m" })).status).toBe(200);
    const phone = from("198.51.100.11");
    const tablet = from("198.51.100.12");
    for (const device of [phone, tablet]) expect((await device.json("POST", "/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);

    const page = (await laptop.page("/account")).html;
    for (const ip of ["198.51.100.10", "198.51.100.11", "198.51.100.12"]) expect(page).toContain(ip);
    expect(page).toContain("This device");
    expect(page).toContain("Last seen");
    const rows = await server.services.db.selectFrom("session").select(["id", "ipAddress"]).where("ipAddress", "=", "198.51.100.11").execute();
    expect(rows).toHaveLength(1);
    expect(page).toContain(`name="id" value="${rows[0]!.id}"`);

    const ended = await laptop.form("/account", { intent: "end-session", id: rows[0]!.id });
    expect(ended.status).toBe(200);
    expect((await phone.json("GET", "/api/orders")).status).toBe(401);
    expect((await phone.page("/dashboard")).location).toMatch(/^\/login/);
    expect((await tablet.json("GET", "/api/orders")).status).toBe(200);
    // Someone else's session cannot be ended from here.
    const stranger = await signedUpClient(server, "stranger@example.com");
    const tabletId = (await server.services.db.selectFrom("session").select("id").where("ipAddress", "=", "198.51.100.12").executeTakeFirstOrThrow()).id;
    expect((await stranger.form("/account", { intent: "end-session", id: tabletId })).status).toBe(404);
    expect((await tablet.json("GET", "/api/orders")).status).toBe(200);

    expect(await (await laptop.form("/account", { intent: "end-others" })).text()).toContain("Signed out everywhere else (1 session)");
    expect((await tablet.json("GET", "/api/orders")).status).toBe(401);
    expect((await laptop.json("GET", "/api/orders")).status).toBe(200);
  });

  it("changing the password ends every other session; the browser that changed it stays signed in", async () => {
    const email = "changer@example.com";
    const here = await signedUpClient(server, email);
    const there = server.client();
    await there.json("POST", "/api/auth/sign-in/email", { email, password: PASSWORD });
    const wrong = await here.form("/account", { intent: "password", currentPassword: "not-it-at-all", newPassword: "fresh-harbor-77" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    const changed = await here.form("/account", { intent: "password", currentPassword: PASSWORD, newPassword: "fresh-harbor-77" });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toContain("Every other session is signed out");
    expect((await there.json("GET", "/api/orders")).status).toBe(401);
    expect((await here.json("GET", "/api/orders")).status).toBe(200);
    // Even through the API, without asking for it.
    const third = server.client();
    await third.json("POST", "/api/auth/sign-in/email", { email, password: "fresh-harbor-77" });
    expect((await here.json("POST", "/api/auth/change-password", { currentPassword: "fresh-harbor-77", newPassword: "other-harbor-88" })).status).toBe(200);
    expect((await third.json("GET", "/api/orders")).status).toBe(401);
  });

  it("a password reset ends every session and verifies the address", async () => {
    const email = "reset-all@example.com";
    const one = await signedUpClient(server, email);
    const two = server.client();
    await two.json("POST", "/api/auth/sign-in/email", { email, password: PASSWORD });
    await server.client().form("/reset", { intent: "request", email });
    const [mail] = await mailsTo(email, /Reset/);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").at(-1)!;
    const done = await server.client().form("/reset", { intent: "reset", token, password: "after-reset-99" });
    expect(await done.text()).toContain("Your password is changed");
    for (const client of [one, two]) expect((await client.json("GET", "/api/orders")).status).toBe(401);
    expect((await server.services.db.selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirstOrThrow()).emailVerified).toBeTruthy();
  });

  it("an Admin ends every session of a person; removing a role ends admin access at once", async () => {
    const email = "departing@example.com";
    const departing = await signedUpClient(server, email, PASSWORD, { role: "Editor" });
    expect((await departing.page("/setting")).status).toBe(200);
    const id = (await server.services.db.selectFrom("user_roles").select("id").where("user_email", "=", email).executeTakeFirstOrThrow()).id;
    expect((await admin.json("DELETE", `/api/users/${id}`)).status).toBe(200);
    expect((await departing.page("/setting")).status).toBe(403);
    expect((await departing.json("POST", "/api/add-faq-item", {})).status).toBe(403);

    const page = await admin.form(`/admin-user/${(await admin.json("POST", "/api/add-user", { userEmail: "someone-else@example.com", userRole: "Editor" })).body._id}`, { intent: "sign-out" });
    expect(page.status).toBe(404); // no account with that address
    expect((await admin.json("POST", "/api/sign-out-everywhere", { userEmail: email })).body).toMatchObject({ sessionsEnded: 1 });
    expect((await departing.json("GET", "/api/orders")).status).toBe(401);
    expect((await departing.json("POST", "/api/sign-out-everywhere", { userEmail: ADMIN })).status).toBe(401);
  });
});

describe("re-authentication", () => {
  it("is required within 10 minutes before granting, changing and removing roles, and honoured after confirming", async () => {
    await confirmedAgo(ADMIN, 11);
    const refused = await admin.json("POST", "/api/add-user", { userEmail: "needs-confirm@example.com", userRole: "Editor" });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain("confirm it is you first");
    expect(await server.services.db.selectFrom("user_roles").select("id").where("user_email", "=", "needs-confirm@example.com").executeTakeFirst()).toBeUndefined();
    const page = await admin.form("/add-user", { intent: "add", userEmail: "needs-confirm@example.com", userRole: "Editor" });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(`href="/account/confirm?redirectTo=%2Fadd-user"`);

    const wrong = await admin.form("/account/confirm", { intent: "password", password: "not-the-password", redirectTo: "/add-user" });
    expect(wrong.status).toBe(400);
    const confirmed = await admin.form("/account/confirm", { intent: "password", password: PASSWORD, redirectTo: "/add-user" });
    expect(confirmed.headers.get("location")).toBe("/add-user");
    const added = await admin.json("POST", "/api/add-user", { userEmail: "needs-confirm@example.com", userRole: "Editor" });
    expect(added.status).toBe(201);

    await confirmedAgo(ADMIN, 11);
    expect((await admin.json("PUT", `/api/upadete-users/${added.body._id}`, { userEmail: "needs-confirm@example.com", userRole: "Admin" })).status).toBe(403);
    expect((await admin.json("DELETE", `/api/users/${added.body._id}`)).status).toBe(403);
    // Through the API with a code from the app.
    expect((await admin.json("POST", "/api/auth/two-factor/verify-totp", { code: admin.totp!.generate() })).status).toBe(200);
    expect((await admin.json("DELETE", `/api/users/${added.body._id}`)).status).toBe(200);
    const entries = await server.services.db.selectFrom("audit_log").select(["action", "summary"]).where("actor", "=", ADMIN).where("action", "=", "reauth").execute();
    expect(entries.map((e) => e.summary)).toEqual(expect.arrayContaining(["Confirmed with the password", "Confirmed with an authenticator code"]));
  });

  it("is required before changing the payment account, and every Admin is mailed the change", async () => {
    const second = await signedUpClient(server, "second-admin@example.com", PASSWORD, { admin: true });
    expect(second.totp).toBeDefined();
    const created = await admin.json("POST", "/api/add-email", { paypalEmail: "shop@example.com" });
    expect(created.status).toBe(201);
    await confirmedAgo(ADMIN, 11);
    const refused = await admin.json("PUT", `/api/paypal-email/${created.body.item._id}`, { paypalEmail: "thief@example.com" });
    expect(refused.status).toBe(403);
    expect((await admin.json("GET", "/api/paypal-email")).body[0].paypalEmail).toBe("shop@example.com");
    await admin.json("POST", "/api/auth/verify-password", { password: PASSWORD });
    expect((await admin.json("PUT", `/api/paypal-email/${created.body.item._id}`, { paypalEmail: "shop-new@example.com" })).status).toBe(200);
    for (const to of [ADMIN, "second-admin@example.com"]) {
      const mails = await mailsTo(to, /payment account was changed/);
      expect(mails.map((m) => m.text).join("\n"), to).toContain("PayPal email that receives payments: “shop@example.com” → “shop-new@example.com”");
      expect(mails.at(-1)!.text).toContain(`${ADMIN} changed the payment account`);
    }
  });

  it("is required before adding or removing a passkey", async () => {
    await confirmedAgo(ADMIN, 11);
    const options = await admin.json("GET", "/api/auth/passkey/generate-register-options");
    expect(options.status).toBe(403);
    expect(options.body.code).toBe("CONFIRM_FIRST");
    await admin.json("POST", "/api/auth/verify-password", { password: PASSWORD });
    expect((await admin.json("GET", "/api/auth/passkey/generate-register-options")).status).toBe(200);
  });
});

describe("passwords", () => {
  it("common and leaked passwords are refused at register, change and reset, with a clear message; the spec's minimum and messages stay", async () => {
    const register = await server.client().form("/register", { email: "weak@example.com", password: "password1" });
    expect(register.status).toBe(400);
    expect(await register.text()).toContain("This password is too common");
    const api = await server.client().json("POST", "/api/auth/sign-up/email", { email: "weak@example.com", password: "qwerty123", name: "w" });
    expect(api.status).toBe(400);
    expect(api.body).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    expect(await server.services.db.selectFrom("user").select("id").where("email", "=", "weak@example.com").executeTakeFirst()).toBeUndefined();
    expect(await (await server.client().form("/register", { email: "weak@example.com", password: "12345" })).text()).toContain("Minimum 6 Characters");

    const owner = await signedUpClient(server, "strong@example.com");
    const change = await owner.form("/account", { intent: "password", currentPassword: PASSWORD, newPassword: "iloveyou" });
    expect(change.status).toBe(400);
    expect(await change.text()).toContain("This password is too common");
    await server.client().form("/reset", { intent: "request", email: "strong@example.com" });
    const [mail] = await mailsTo("strong@example.com", /Reset/);
    const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").at(-1)!;
    const reset = await server.client().form("/reset", { intent: "reset", token, password: "secret123" });
    expect(reset.status).toBe(400);
    expect(await reset.text()).toContain("This password is too common");
  });

  it("accepts 128 characters, and six random ones", async () => {
    const long = Array.from({ length: 128 }, (_, i) => "abcdefghijklmnopqrstuvwxyz0123456789"[(i * 7 + 3) % 36]).join("");
    expect((await server.client().form("/register", { email: "long@example.com", password: long })).status).toBe(302);
    expect((await server.client().json("POST", "/api/auth/sign-in/email", { email: "long@example.com", password: long })).status).toBe(200);
    expect((await server.client().form("/register", { email: "short@example.com", password: "kqzvmx" })).status).toBe(302);
    expect(await (await server.client().form("/register", { email: "too-long@example.com", password: `${long}x` })).text()).toContain("Maximum 128 Characters");
  });
});

describe("the lockout (RATE_LIMIT_PER_ACCOUNT=3 free attempts per account and address)", () => {
  it("slows the address that guesses, with growing delays, and lets the owner in from elsewhere meanwhile", async () => {
    const email = "guessed@example.com";
    await signedUpClient(server, email);
    const attacker = from("192.0.2.66");
    const guess = (i: number) => attacker.json("POST", "/api/auth/sign-in/email", { email, password: `guess-${i}-wrong` });
    for (let i = 0; i < 3; i++) expect((await guess(i)).status).toBe(401);
    const slowed = await attacker.fetch("/api/auth/sign-in/email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "guess-x" }) });
    expect(slowed.status).toBe(429);
    expect(slowed.headers.get("retry-after")).toBe("2");
    // The owner, from another address, is not held up at all, however often the attacker tries.
    for (let i = 0; i < 5; i++) expect((await guess(10 + i)).status).toBe(429);
    expect((await from().json("POST", "/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(200);
    expect((await from().form("/login", { email, password: PASSWORD })).status).toBe(302);
    // The delays grow: 2 s, then 4 s, then 8 s.
    now += 2_000;
    expect((await guess(20)).status).toBe(401);
    now += 3_000;
    const early = await attacker.fetch("/api/auth/sign-in/email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "guess-y" }) });
    expect(early.status).toBe(429);
    expect(early.headers.get("retry-after")).toBe("1");
    now += 1_000;
    expect((await guess(21)).status).toBe(401);
    now += 7_000;
    expect((await guess(22)).status).toBe(429);
    now += 1_000;
    expect((await guess(23)).status).toBe(401);
    // Even the right password waits its turn from the address that guessed; from elsewhere it never did.
    expect((await attacker.json("POST", "/api/auth/sign-in/email", { email, password: PASSWORD })).status).toBe(429);
  });

  it("mails the owner when the account sees many wrong passwords (once), and a completed reset clears it all", async () => {
    const email = "targeted@example.com";
    await signedUpClient(server, email);
    for (let i = 0; i < 12; i++) expect((await from().json("POST", "/api/auth/sign-in/email", { email, password: `spray-${i}-wrong` })).status).toBe(401);
    const mails = await mailsTo(email, /Many wrong passwords/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("with a wrong password 10 times in the last hour");
    expect(mails[0]!.text).toContain("/account");
    const rows = await server.services.db.selectFrom("sign_in_attempts").select("key").where(sql<boolean>`key like ${"%targeted@example.com%"}`).execute();
    expect(rows.length).toBeGreaterThan(0);
  });

  it("keeps the per-address limit across accounts (RATE_LIMIT_PER_MINUTE)", async () => {
    const limited = await startTestServer({ TRUST_PROXY: "1", RATE_LIMIT_PER_MINUTE: "4" }, { now: clock });
    try {
      const spray = new TestClient(limited.url);
      for (let i = 0; i < 4; i++) expect((await spray.json("POST", "/api/auth/sign-in/email", { email: `nobody${i}@example.com`, password: "whatever-pw" })).status).toBe(401);
      expect((await spray.json("POST", "/api/auth/sign-in/email", { email: "nobody-more@example.com", password: "whatever-pw" })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("the review's findings", () => {
  it("a return address that resolves to //host is refused, on /login and /register", async () => {
    const email = "returns@example.com";
    await signedUpClient(server, email);
    const login = await server.client().form("/login", { email, password: PASSWORD, redirectTo: "/.//evil.example/x" });
    expect(login.headers.get("location")).toBe("/signed-in");
    const register = await server.client().form("/register", { email: "returns-new@example.com", password: PASSWORD, redirectTo: "/%2e%2e//evil.example" });
    expect(register.status).toBe(302);
    expect(register.headers.get("location")).toBe("/?welcome=1");
  });

  it("a cached page is rendered from the cache key's URL: a first visitor's query never reaches later visitors", async () => {
    const first = await server.client().page("/login?utm_source=newsletter&utm_campaign=%22%3E%3Cx");
    expect(first.status).toBe(200);
    const later = await server.client().page("/login");
    expect(later.html).not.toContain("utm_");
    expect(later.html).toMatch(/<form[^>]*action="\/login"/);
    for (const path of ["/register", "/reset"]) {
      await server.client().page(`${path}?utm_source=x`);
      expect((await server.client().page(path)).html, path).toMatch(new RegExp(`<form[^>]*action="${path}"`));
    }
  });

  it("an uploaded SVG keeps no reference outside itself in its CSS", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p#g) }</style><rect width="20" height="20" style="stroke:url('https://evil.example/s')" fill="url(https://evil.example/f)"/></svg>`;
    const form = new FormData();
    form.append("file", new Blob([svg], { type: "image/svg+xml" }), "outside.svg");
    const uploaded = await admin.fetch("/api/media", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()).item as { url: string };
    const served = await (await server.client().fetch(url)).text();
    expect(served).not.toContain("evil.example");
    expect(served).not.toContain("@import");
  });

  it("an image is bounded in pixels, and one person's uploads are processed one at a time", async () => {
    // A few KB that says it is 25.5 megapixels (one colour compresses to nothing).
    const big = await sharp({ create: { width: 5100, height: 5000, channels: 3, background: "#3730a3" } }).png().toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(big)], { type: "image/png" }), "huge.png");
    const refused = await admin.fetch("/api/media", { method: "POST", body: form });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toContain("at most 25 megapixels");

    const photos = await Promise.all([0, 1, 2, 3].map((i) => png(1600, 1200 + i)));
    const send = (i: number) => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(photos[i]!)], { type: "image/png" }), `photo-${i}.png`);
      return admin.fetch("/api/media", { method: "POST", body });
    };
    const answers = await Promise.all([0, 1, 2, 3].map(send));
    const statuses = answers.map((r) => r.status);
    const busy = answers.find((r) => r.status === 429);
    expect(busy?.headers.get("retry-after")).toBe("5");
    expect(statuses).toContain(429);
    expect(statuses).toContain(201);
  });
});
