import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptInvitation, markVerified, signedUpClient, signInTwoStep, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { png } from "../fixtures/images.ts";
import { createPlan, payThroughStandin, placeOrder, tableRows } from "./orders-fixtures.ts";

/**
 * The audit log (issue 13, item 4): every admin and editor action is recorded with who, when,
 * what and from where, in the same transaction as the action (nothing for a refused or failed
 * one, no action without its entry); the Admin-only screen filters it; nothing can rewrite it.
 */
let server: TestServer;
let admin: TestClient;
let editor: TestClient;
let customer: TestClient;
const ADMIN = "auditor@example.com";
const EDITOR = "scribbler@example.com";
const CUSTOMER = "shopper@example.com";
const FAQ = { accodingTitle: "How long does SEO take?", accodingText: "Three to six months." };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, ADMIN, "quiet-harbor-42", { admin: true });
  editor = await signedUpClient(server, EDITOR, "quiet-harbor-42", { role: "Editor" });
  customer = await signedUpClient(server, CUSTOMER);
});
afterAll(async () => server?.close());

type Entry = { actor: string; ip: string | null; action: string; target: string; summary: string; created_at: string };

const allEntries = async (): Promise<Entry[]> =>
  server.services.db.selectFrom("audit_log").select(["actor", "ip", "action", "target", "summary", "created_at"]).orderBy("created_at").orderBy("id").execute();

/** The entries `work` adds. */
async function recorded(work: () => Promise<unknown>): Promise<Entry[]> {
  const before = (await allEntries()).length;
  await work();
  return (await allEntries()).slice(before);
}

/** The client's address as the server derives it (loopback here). */
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$/;

/** Signs in as a browser does: the password, then (a role holder has an authenticator app) a code. */
const signIn = (client: TestClient, email: string, password = "quiet-harbor-42") =>
  signInTwoStep(client, email, password, email === ADMIN ? admin.totp : email === EDITOR ? editor.totp : undefined);

describe("an entry for each kind of action, with actor and address", () => {
  it("content: create, update, reorder and delete, through the API and the pages", async () => {
    let id = "";
    const created = await recorded(async () => {
      const { status, body } = await editor.json("POST", "/api/add-faq-item", FAQ);
      expect(status).toBe(201);
      id = body.item._id;
    });
    expect(created).toEqual([
      expect.objectContaining({ actor: EDITOR, ip: expect.stringMatching(LOOPBACK), action: "content.create", target: `FAQ items “How long does SEO take?” (${id})` }),
    ]);
    expect(created[0]!.summary).toBe("Question: “How long does SEO take?”; Answer: “Three to six months.”");

    const updated = await recorded(() => editor.json("PUT", `/api/faq-item/${id}`, { ...FAQ, accodingText: "Four to six months." }));
    expect(updated).toEqual([expect.objectContaining({ actor: EDITOR, action: "content.update", summary: "Answer: “Three to six months.” → “Four to six months.”" })]);

    // The pages: an admin adds a second entry and moves it up (a drafted order), then publishes the order (a reorder).
    const second = await recorded(() => admin.form("/edit-faq", { _intent: "publish", _section: "faqItems", accodingTitle: "Do you write content?", accodingText: "Yes." }));
    expect(second).toEqual([expect.objectContaining({ actor: ADMIN, ip: expect.stringMatching(LOOPBACK), action: "content.create" })]);
    const secondId = (await admin.json("GET", "/api/faq-items")).body.at(-1)._id;
    const moved = await recorded(() => admin.form("/edit-faq", { _intent: "move-up", _section: "faqItems", _id: secondId }));
    expect(moved).toEqual([expect.objectContaining({ actor: ADMIN, action: "content.reorder-draft", target: "FAQ items", summary: "Saved a new order of the 2 entries as a draft" })]);
    const ordered = await recorded(() => admin.form("/edit-faq", { _intent: "publish-order", _section: "faqItems" }));
    expect(ordered).toEqual([expect.objectContaining({ actor: ADMIN, action: "content.reorder", target: "FAQ items", summary: "Put the 2 entries in a new order" })]);
    const edited = await recorded(() => admin.form(`/faq-edit/${secondId}`, { _intent: "publish", accodingTitle: "Do you write copy?", accodingText: "Yes." }));
    expect(edited).toEqual([expect.objectContaining({ action: "content.update", summary: "Question: “Do you write content?” → “Do you write copy?”" })]);

    const deleted = await recorded(() => editor.json("DELETE", `/api/faq-item/${id}`));
    expect(deleted).toEqual([expect.objectContaining({ actor: EDITOR, action: "content.delete", target: `FAQ items “How long does SEO take?” (${id})` })]);
    expect(deleted[0]!.summary).toContain("Four to six months.");
  });

  it("template items", async () => {
    const entries = await recorded(() =>
      editor.json("POST", "/api/add-item", { format: "Instagram", canvaLink: "https://www.canva.com/t/1", imageLink: "https://example.com/t.png", category: "Launch", freeOrPaid: "Free" }),
    );
    expect(entries).toEqual([expect.objectContaining({ actor: EDITOR, action: "item.create", target: expect.stringContaining("“Launch”") })]);
  });

  it("media: an upload and a delete", async () => {
    let id = "";
    const uploaded = await recorded(async () => {
      const body = new FormData();
      body.append("file", new Blob([new Uint8Array(await png(40, 30))], { type: "image/png" }), "swatch.png");
      const response = await editor.fetch("/api/media", { method: "POST", body });
      expect(response.status).toBe(201);
      id = ((await response.json()) as { item: { id: string } }).item.id;
    });
    expect(uploaded).toEqual([expect.objectContaining({ actor: EDITOR, ip: expect.stringMatching(LOOPBACK), action: "media.upload", target: "swatch.png", summary: expect.stringContaining("40×30") })]);
    const deleted = await recorded(async () => expect((await editor.json("DELETE", `/api/media/${id}`)).body).toMatchObject({ message: "swatch.png is deleted" }));
    expect(deleted).toEqual([expect.objectContaining({ actor: EDITOR, action: "media.delete", target: "swatch.png" })]);
  });

  it("the payment account: set and changed, old and new address shown", async () => {
    let id = "";
    const set = await recorded(async () => {
      id = (await admin.json("POST", "/api/add-email", { paypalEmail: "shop@example.com" })).body.item._id;
    });
    expect(set).toEqual([expect.objectContaining({ actor: ADMIN, action: "payment-account.create", summary: "PayPal email that receives payments: “shop@example.com”" })]);
    const changed = await recorded(() => admin.json("PUT", `/api/paypal-email/${id}`, { paypalEmail: "shop2@example.com" }));
    expect(changed).toEqual([
      expect.objectContaining({ action: "payment-account.update", target: `Payment account (${id})`, summary: "PayPal email that receives payments: “shop@example.com” → “shop2@example.com”" }),
    ]);
  });

  it("order status, through the API and the page", async () => {
    const planId = await createPlan(admin, "Premium", "149");
    const order = await placeOrder(customer, planId);
    // Only a paid order can be delivered (the payment account is the one the test above set).
    await payThroughStandin(customer, order._id);
    const viaApi = await recorded(() => admin.json("PUT", `/api/order-status/${order._id}`, { orderStatus: "Delivered" }));
    expect(viaApi).toEqual([
      expect.objectContaining({ actor: ADMIN, ip: expect.stringMatching(LOOPBACK), action: "order.status", target: `Order ${order._id} (${CUSTOMER}, Premium)`, summary: "Order status: “Pending” → “Delivered”" }),
    ]);
    const viaPage = await recorded(() => admin.form(`/admin/payment-status/${order._id}`, { orderStatus: "Pending" }));
    expect(viaPage).toEqual([expect.objectContaining({ action: "order.status", summary: "Order status: “Delivered” → “Pending”" })]);
  });

  it("users and roles: add, resend, change, invitation accepted, remove", async () => {
    let id = "";
    const added = await recorded(async () => {
      id = (await admin.json("POST", "/api/add-user", { userEmail: "helper@example.com", userRole: "Editor" })).body._id;
    });
    expect(added).toEqual([expect.objectContaining({ actor: ADMIN, ip: expect.stringMatching(LOOPBACK), action: "user.add", target: "helper@example.com", summary: "Role Editor, invitation mailed" })]);
    expect(await recorded(() => admin.json("POST", `/api/users/${id}/invitation`))).toEqual([expect.objectContaining({ action: "user.invite", target: "helper@example.com" })]);
    expect(await recorded(() => admin.form(`/admin-user/${id}`, { intent: "update", userEmail: "helper@example.com", userRole: "Admin" }))).toEqual([
      expect.objectContaining({ action: "user.change", summary: "Role: “Editor” → “Admin”; invitation mailed" }),
    ]);
    const helper = await signedUpClient(server, "helper@example.com");
    expect(await recorded(() => acceptInvitation(server, helper, "helper@example.com"))).toEqual([
      expect.objectContaining({ actor: "helper@example.com", ip: expect.stringMatching(LOOPBACK), action: "user.accept", summary: "Accepted the Admin role" }),
    ]);
    expect(await recorded(() => admin.json("DELETE", `/api/users/${id}`))).toEqual([expect.objectContaining({ actor: ADMIN, action: "user.remove", target: "helper@example.com", summary: "Removed the Admin role" })]);
  });

  it("sign-ins by someone holding a role, through the API and the login page; not a customer's", async () => {
    const api = await recorded(() => signIn(server.client(), ADMIN));
    expect(api).toEqual([expect.objectContaining({ actor: ADMIN, ip: expect.stringMatching(LOOPBACK), action: "sign-in", summary: "Signed in as Admin with password and authenticator code" })]);
    const page = await recorded(async () => {
      const browser = server.client();
      const password = await browser.form("/login", { email: EDITOR, password: "quiet-harbor-42" });
      expect(password.headers.get("location")).toBe("/login/two-factor");
      const code = await browser.form("/login/two-factor", { intent: "totp", code: editor.totp!.generate() });
      // No page asked for: a role holder lands on the admin dashboard.
      expect(code.headers.get("location")).toBe("/signed-in");
      expect((await browser.page("/signed-in")).location).toBe("/admin");
    });
    expect(page).toEqual([expect.objectContaining({ actor: EDITOR, ip: expect.stringMatching(LOOPBACK), action: "sign-in", summary: "Signed in as Editor with password and authenticator code" })]);
    expect(await recorded(() => signIn(server.client(), CUSTOMER))).toEqual([]);
  });

  it("the command line's grants, as the command line", async () => {
    await signedUpClient(server, "cli-made@example.com");
    await markVerified(server, "cli-made@example.com");
    const entries = await recorded(() => server.app.grantRole(server.services, "cli-made@example.com", "Editor"));
    expect(entries).toEqual([expect.objectContaining({ actor: "command line", ip: null, action: "user.add", summary: "Role Editor, granted to the existing verified account" })]);
  });

  it("failed sign-ins of a role holder, with the address they came from; not a customer's (issue 22)", async () => {
    const failed = await recorded(async () => expect((await server.client().json("POST", "/api/auth/sign-in/email", { email: EDITOR, password: "wrong-password" })).status).toBe(401));
    expect(failed).toEqual([expect.objectContaining({ actor: EDITOR, ip: expect.stringMatching(LOOPBACK), action: "sign-in.failed", target: EDITOR, summary: expect.stringMatching(/^Wrong password from /) })]);
    expect(await recorded(() => server.client().json("POST", "/api/auth/sign-in/email", { email: CUSTOMER, password: "wrong-password" }))).toEqual([]);
  });

  it("second-factor changes, confirmations and ended sessions of a role holder (issue 22)", async () => {
    const codes = await recorded(async () => expect((await editor.json("POST", "/api/auth/two-factor/generate-backup-codes", { password: "quiet-harbor-42" })).status).toBe(200));
    expect(codes).toEqual([expect.objectContaining({ actor: EDITOR, action: "recovery-codes.new" })]);
    const confirmed = await recorded(async () => expect((await editor.json("POST", "/api/auth/verify-password", { password: "quiet-harbor-42" })).status).toBe(200));
    expect(confirmed).toEqual([expect.objectContaining({ actor: EDITOR, action: "reauth", summary: "Confirmed with the password" })]);
    const byCode = await recorded(async () => expect((await editor.json("POST", "/api/auth/two-factor/verify-totp", { code: editor.totp!.generate() })).status).toBe(200));
    expect(byCode).toEqual([expect.objectContaining({ actor: EDITOR, action: "reauth", summary: "Confirmed with an authenticator code" })]);
    const elsewhere = server.client();
    await signIn(elsewhere, EDITOR);
    const ended = await recorded(async () => expect((await editor.form("/account", { intent: "end-others" })).status).toBe(200));
    expect(ended).toEqual([expect.objectContaining({ actor: EDITOR, action: "sessions.revoke-others", summary: expect.stringMatching(/^Signed out everywhere else \(\d+ sessions?\)$/) })]);
    const email = "all-sessions@example.com";
    await signedUpClient(server, email);
    const byAdmin = await recorded(async () => expect((await admin.json("POST", "/api/sign-out-everywhere", { userEmail: email })).status).toBe(200));
    expect(byAdmin).toEqual([expect.objectContaining({ actor: ADMIN, action: "sessions.revoke-all", target: email, summary: `Signed ${email} out everywhere (1 session)` })]);
  });
});

describe("refused or failed actions leave no entry", () => {
  it("refused by role, invalid, unknown, or against the last-admin rule", async () => {
    const adminRow = await server.services.db.selectFrom("user_roles").select("id").where("user_email", "=", ADMIN).executeTakeFirstOrThrow();
    const entries = await recorded(async () => {
      const attempts: [TestClient, string, string, unknown, number][] = [
        [editor, "POST", "/api/add-email", { paypalEmail: "thief@example.com" }, 403],
        [editor, "POST", "/api/add-user", { userEmail: "friend@example.com" }, 403],
        [customer, "POST", "/api/add-faq-item", FAQ, 403],
        [server.client(), "POST", "/api/add-faq-item", FAQ, 401],
        [admin, "POST", "/api/add-faq-item", { accodingTitle: "" }, 400],
        [admin, "PUT", "/api/faq-item/0123456789abcdef01234567", FAQ, 404],
        [admin, "PUT", "/api/order-status/0123456789abcdef01234567", { orderStatus: "Delivered" }, 404],
        [admin, "POST", "/api/add-user", { userEmail: "not-an-email" }, 400],
        [admin, "POST", "/api/add-user", { userEmail: EDITOR }, 409],
      ];
      for (const [client, method, path, body, status] of attempts) expect((await client.json(method, path, body)).status, `${method} ${path}`).toBe(status);
      // Two admins exist by now (the last test's helper is gone); make this one the last.
      const others = await server.services.db.selectFrom("user_roles").select("id").where("user_role", "=", "Admin").where("user_email", "!=", ADMIN).execute();
      expect(others).toEqual([]);
      expect((await admin.json("DELETE", `/api/users/${adminRow.id}`)).status).toBe(409);
      expect((await admin.json("PUT", `/api/upadete-users/${adminRow.id}`, { userEmail: ADMIN, userRole: "Editor" })).status).toBe(409);
      expect((await customer.form(`/invitation/${"A".repeat(43)}`, { intent: "accept" })).status).toBe(404);
    });
    expect(entries).toEqual([]);
  });

  it("an action whose entry cannot be written does not happen", async () => {
    const { body } = await admin.json("POST", "/api/add-faq-item", { accodingTitle: "Kept?", accodingText: "As it was." });
    const id = body.item._id;
    const sessions = async () => Number((await sql<{ n: number }>`select count(*) as n from session`.execute(server.services.db)).rows[0]!.n);
    const before = await sessions();
    await sql`alter table audit_log rename to audit_log_away`.execute(server.services.db);
    try {
      const update = await admin.json("PUT", `/api/faq-item/${id}`, { accodingTitle: "Changed", accodingText: "Changed." });
      expect(update.status).toBe(500);
      const signInAttempt = await signIn(server.client(), ADMIN);
      expect(signInAttempt.status).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(server.services.db);
    }
    expect((await admin.json("GET", `/api/faq-item/${id}`)).body).toMatchObject({ accodingTitle: "Kept?" });
    // The session better-auth had written was taken back: no admin session without its entry.
    expect(await sessions()).toBe(before);
  });
});

describe("the log cannot be edited", () => {
  it("the database refuses UPDATE and DELETE on it, whoever asks", async () => {
    const db = server.services.db;
    const [first] = await allEntries();
    expect(first).toBeDefined();
    await expect(db.updateTable("audit_log").set({ actor: "someone-else@example.com" }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    if (server.services.dbKind === "postgres") await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await allEntries())[0]).toEqual(first);
  });
});

describe("the audit screen", () => {
  it("is for Admins only", async () => {
    expect((await editor.page("/admin/audit-log")).status).toBe(403);
    expect((await customer.page("/admin/audit-log")).status).toBe(403);
    expect((await server.client().page("/admin/audit-log")).location).toMatch(/^\/login\?redirectTo=/);
    const page = await admin.page("/admin/audit-log");
    expect(page.status).toBe(200);
    expect(page.html).toContain('href="/admin/audit-log"');
  });

  it("lists newest first, 25 a page", async () => {
    // More than a page: sign-ins are entries too.
    while ((await allEntries()).length <= 30) await signIn(server.client(), EDITOR);
    const all = await allEntries();
    const html = (await admin.page("/admin/audit-log")).html;
    const rows = tableRows(html, "Entries");
    expect(rows).toHaveLength(25);
    const newest = all.at(-1)!;
    expect(rows[0]!.slice(1, 3)).toEqual([newest.actor === "command line" ? "Command line (server)" : newest.actor, newest.ip ?? "—"]);
    expect(html).toContain('aria-label="Page 2"');
    const last = tableRows((await admin.page(`/admin/audit-log?page=${Math.ceil(all.length / 25)}`)).html, "Entries");
    expect(last.at(-1)![5]).toBe(all[0]!.summary);
  });

  it("filters by person, kind of action and date range", async () => {
    const all = await allEntries();
    const rowsFor = async (query: string) => tableRows((await admin.page(`/admin/audit-log?${query}`)).html, "Entries");

    const editorRows = await rowsFor(`actor=${encodeURIComponent(EDITOR)}`);
    expect(editorRows.length).toBe(all.filter((e) => e.actor === EDITOR).length);
    expect(editorRows.every((r) => r[1] === EDITOR)).toBe(true);

    const signIns = await rowsFor("kind=sign-in");
    // Sign-ins and failed sign-ins (issue 22) are one kind.
    expect(signIns.length).toBe(all.filter((e) => e.action === "sign-in" || e.action === "sign-in.failed").length);
    expect(signIns.every((r) => r[3] === "Signed in" || r[3] === "Sign-in failed")).toBe(true);
    const payment = await rowsFor("kind=payment-account");
    expect(payment.map((r) => r[3])).toEqual(["Payment account changed", "Payment account set"]);

    const day = all.at(-1)!.created_at.slice(0, 10);
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const previous = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const sameDay = all.filter((e) => e.created_at.startsWith(day)).length;
    expect((await admin.page(`/admin/audit-log?from=${day}&to=${day}`)).html).toContain(`Entries (${sameDay})`);
    expect((await admin.page(`/admin/audit-log?from=${next}`)).html).toContain("No entries match these filters.");
    expect((await admin.page(`/admin/audit-log?to=${previous}`)).html).toContain("Entries (0)");
    expect((await admin.page(`/admin/audit-log?actor=${encodeURIComponent(EDITOR)}&kind=sign-in`)).html).toContain(
      `Entries (${all.filter((e) => e.actor === EDITOR && (e.action === "sign-in" || e.action === "sign-in.failed")).length})`,
    );
  });

  it("answers 400 naming a bad filter", async () => {
    const badDay = await admin.page("/admin/audit-log?from=2025-02-30");
    expect(badDay.status).toBe(400);
    expect(badDay.html).toContain("From must be a date (YYYY-MM-DD)");
    const badKind = await admin.page("/admin/audit-log?kind=everything");
    expect(badKind.status).toBe(400);
    expect(badKind.html).toContain("Kind must be one of");
    const backwards = await admin.page("/admin/audit-log?from=2025-02-10&to=2025-02-01");
    expect(backwards.status).toBe(400);
    expect(backwards.html).toContain("To must not be before From");
  });
});
