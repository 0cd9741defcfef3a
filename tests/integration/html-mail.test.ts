import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, payThroughStandin, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Every mail goes out as plain text and HTML (app/mail/template.ts): the order-placed mail (new),
 * queued in the order's transaction; the receipt; the portal's and the account's mails. The text
 * part keeps its words; the HTML part escapes what people typed and links to APP_URL.
 */
let server: TestServer;
let admin: TestClient;
let mallory: TestClient;
let basic: string;
const HOSTILE = `<img src=x onerror="alert(1)"> O'Hara & Sons`;
const fields = { customerName: HOSTILE, customerAddress: "1 Quay <b>Street</b>", customerCountry: "Ireland" };

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, "owner@example.com", undefined, { admin: true });
  mallory = await signedUpClient(server, "mallory@example.com");
  basic = await createPlan(admin, "Basic", "49");
  await setPaymentAccount(admin, "sales@rankwell.test");
});
afterAll(async () => {
  await server?.close();
});

const mailJobs = async (like: string) =>
  (await server.services.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute()).filter((j) => j.payload.includes(like));

describe("the order-placed mail", () => {
  it("is mailed to the customer with an HTML part that escapes the name; the text part is plain", async () => {
    let orderId = "";
    const mails = await server.mailsFrom(async () => {
      const { status, body } = await mallory.json("POST", "/api/new-order", { planId: basic, ...fields });
      expect(status).toBe(201);
      orderId = body._id;
    });
    const placed = mails.find((m) => m.to === "mallory@example.com");
    expect(placed?.subject).toBe("Order placed: your Basic plan");
    expect(placed!.text).toBe(
      [
        `Hello ${HOSTILE},`,
        "",
        `We have your order of the Basic plan, placed on ${placed!.text.match(/placed on (\d\d\/\d\d\/\d{4})/)![1]}. It is waiting for payment: pay with PayPal from the order's page, and tell us about your site in the brief.`,
        "",
        `Order: #${placed!.text.match(/Order: #(\d+) /)![1]} (${orderId})`,
        "Plan: Basic",
        "Amount: $49.00 (USD, not paid yet)",
        "",
        `Open your order: ${server.url}/orders/${orderId}`,
      ].join("\n"),
    );
    const html = placed!.html;
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("Hello &lt;img src=x onerror=&quot;alert(1)&quot;&gt; O&#39;Hara &amp; Sons,");
    expect(html).toContain(`href="${server.url}/orders/${orderId}"`);
    expect(html).toContain("Thank you for your order</h1>");
    // No logo image in the content: the site's name stands in for it.
    expect(html).toContain(">Rankwell</span>");

    // The admins' note: its facts line by line, the name escaped in HTML too.
    const note = mails.find((m) => m.to === "owner@example.com")!;
    expect(note.subject).toBe("New order: Basic ($49.00)");
    expect(note.text).toBe(
      [
        `${HOSTILE} <mallory@example.com> ordered the Basic plan on ${placed!.text.match(/placed on (\d\d\/\d\d\/\d{4})/)![1]}.`,
        "",
        `Order: #${placed!.text.match(/Order: #(\d+) /)![1]}`,
        "Amount: $49.00 (not paid yet)",
        "Country: Ireland",
        `Order id: ${orderId}`,
        "",
        `The order: ${server.url}/admin/orders/${orderId}`,
        "",
        `All orders: ${server.url}/total-orders`,
      ].join("\n"),
    );
    expect(note.html).not.toContain("<img src=x");
    expect(note.html).toContain("&lt;mallory@example.com&gt;");
  });

  it("is queued in the order's transaction: when the transaction fails, neither the order nor any mail is stored", async () => {
    const db = server.services.db;
    // A trigger that refuses the admins' note, the last write of the order's transaction.
    if (server.services.dbKind === "sqlite") {
      await sql`create trigger refuse_note before insert on jobs when new.payload like '%New order%' begin select raise(abort, 'refused by the test'); end`.execute(db);
    } else {
      await sql`create function refuse_note() returns trigger language plpgsql as $$ begin if new.payload like '%New order%' then raise exception 'refused by the test'; end if; return new; end $$`.execute(db);
      await sql`create trigger refuse_note before insert on jobs for each row execute function refuse_note()`.execute(db);
    }
    try {
      const ordersBefore = (await db.selectFrom("orders").select("id").execute()).length;
      const placedBefore = (await mailJobs("Order placed")).length;
      const { status } = await mallory.json("POST", "/api/new-order", { planId: basic, ...fields, customerName: "Ada Refused" });
      expect(status).toBeGreaterThanOrEqual(500);
      expect((await db.selectFrom("orders").select("id").execute()).length).toBe(ordersBefore);
      expect(await mailJobs("Ada Refused")).toEqual([]);
      expect((await mailJobs("Order placed")).length).toBe(placedBefore);
    } finally {
      if (server.services.dbKind === "sqlite") await sql`drop trigger refuse_note`.execute(db);
      else {
        await sql`drop trigger refuse_note on jobs`.execute(db);
        await sql`drop function refuse_note()`.execute(db);
      }
    }
    // Without the trigger, the same order goes through with both mails queued.
    const { status, body } = await mallory.json("POST", "/api/new-order", { planId: basic, ...fields, customerName: "Ada Accepted" });
    expect(status).toBe(201);
    const queued = await mailJobs(body._id);
    expect(queued.map((j) => JSON.parse(j.payload).subject).sort()).toEqual(["New order: Basic ($49.00)", "Order placed: your Basic plan"]);
  });
});

describe("the other mails", () => {
  it("the receipt: the facts as text and in an HTML table, the invoice as its button, My orders after it", async () => {
    const { body } = await mallory.json("POST", "/api/new-order", { planId: basic, ...fields });
    const mails = await server.mailsFrom(() => payThroughStandin(mallory, body._id));
    const receipt = mails.find((m) => m.subject === "Receipt: your Basic plan is paid")!;
    const invoice = `Your invoice \\S+ \\(PDF\\): (${server.url}/orders/${body._id}/documents/\\w+)`;
    expect(receipt.text).toMatch(
      new RegExp(`^Hello .*,\\n\\nThank you: we have received your payment of \\$49\\.00 for the Basic plan you ordered on \\d\\d/\\d\\d/\\d{4}\\.\\n\\nOrder: #\\d+ \\(reference ${body._id}\\)\\nPayPal transaction: \\S+\\nAmount: \\$49\\.00 \\(USD\\)\\n\\n${invoice}\\n\\nYour orders: ${server.url}/my-order$`),
    );
    expect(receipt.html).toContain(`<th scope="row"`);
    expect(receipt.html).toContain(`href="${receipt.text.match(new RegExp(invoice))![1]}"`);
    expect(receipt.html).not.toContain("<img src=x");
  });

  it("a portal message: the customer's words escaped in HTML, kept in text, with the link to the order", async () => {
    const { body } = await mallory.json("POST", "/api/new-order", { planId: basic, ...fields });
    const mails = await server.mailsFrom(() => mallory.json("POST", `/api/orders/${body._id}/messages`, { body: "Hi! <b>Can</b> you start?\n\nThanks" }));
    const toAgency = mails.find((m) => m.to === "owner@example.com")!;
    expect(toAgency.text).toContain("Hi! <b>Can</b> you start?\n\nThanks");
    expect(toAgency.text).toContain(`Open the order: ${server.url}/admin/orders/${body._id}`);
    expect(toAgency.html).toContain("Hi! &lt;b&gt;Can&lt;/b&gt; you start?<br><br>Thanks");
    expect(toAgency.html).toContain(`href="${server.url}/admin/orders/${body._id}"`);
  });

  it("account mails (verification, reset) carry HTML with their link as a button", async () => {
    const mails = await server.mailsFrom(() => signedUpClient(server, "newcomer@example.com"));
    const verify = mails.find((m) => m.subject === "Verify your Rankwell address")!;
    const link = verify.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0];
    expect(verify.html).toContain(`href="${link.replace(/&/g, "&amp;")}"`);
    expect(verify.html).toContain(">Verify my address</a>");
    const resets = await server.mailsFrom(() => server.client().form("/reset", { intent: "request", email: "newcomer@example.com" }));
    const reset = resets.find((m) => m.subject === "Reset your Rankwell password")!;
    expect(reset.text).toMatch(/^Someone asked to reset the password of your Rankwell account\.\n\nChoose a new password here \(the link works for one hour\):\nhttp\S+\n\nIf it was not you, ignore this mail; your password stays as it is\.$/);
    expect(reset.html).toContain(">Choose a new password</a>");
    const invited = await server.mailsFrom(() => admin.form("/add-user", { userEmail: "invited@example.com", userRole: "Editor" }));
    const invitation = invited.find((m) => m.to === "invited@example.com")!;
    const invitationLink = invitation.text.match(/https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/)![0];
    expect(invitation.text).toContain(`To accept, open this link within 7 days (you can create your account there if you have none yet):\n${invitationLink}\n`);
    expect(invitation.html).toContain(`<a href="${invitationLink}"`);
    expect(invitation.html).toContain(">Accept the invitation</a>");
  });

  it("shows the logo section's image when it is one mail clients show (PNG), absolute to APP_URL", async () => {
    const db = server.services.db;
    const path = "/media/0123456789abcdef0123456789abcdef-300x60-brand.png";
    const now = new Date().toISOString();
    await db.insertInto("content_items").values({ id: "aaaaaaaaaaaaaaaaaaaaaaaa", section: "logo", position: 0, data: JSON.stringify({ logo: path }), created_at: now, updated_at: now, updated_by: "test" } as never).execute();
    const mails = await server.mailsFrom(() => mallory.json("POST", "/api/new-order", { planId: basic, ...fields }));
    const placed = mails.find((m) => m.to === "mallory@example.com")!;
    expect(placed.html).toContain(`<img src="${server.url}${path}" alt="Rankwell" height="40" width="200"`);
  });
});
