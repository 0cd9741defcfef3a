import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { countRows, message, unknownId } from "./inbox-fixtures.ts";

/**
 * Contact messages over real HTTP: who may send and read them, what is stored, the honeypot,
 * the contact pages, marking read and paging.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("inbox-customer@example.com", "inbox-admin@example.com"));
});
afterAll(async () => server?.close());

const count = (table: "messages" | "subscribers") => countRows(server, table);

describe("POST /api/add-message", () => {
  it("stores the message as UnRead for anyone, whatever status the caller sends", async () => {
    const before = await count("messages");
    for (const client of [visitor, customer, admin]) {
      const { status, body } = await client.json("POST", "/api/add-message", message({ messageStatus: "Read" }));
      expect(status).toBe(201);
      expect(body).toMatchObject({ ...message(), messageStatus: "UnRead" });
      expect(body._id).toMatch(/^[0-9a-f]{24}$/);
      const stored = await server.services.db.selectFrom("messages").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
      expect(stored.message_status).toBe("UnRead");
      expect(stored.email).toBe("ada@example.com");
    }
    expect(await count("messages")).toBe(before + 3);
  });

  it.each([
    ["name", { name: "" }, "Name is required"],
    ["name", { name: "x".repeat(101) }, "Name must be at most 100 characters"],
    ["email", { email: "not-an-address" }, "Provide a Valid Email"],
    ["email", { email: "" }, "Email is required"],
    ["number", { number: "call me" }, "Provide a valid phone number"],
    ["number", { number: "12" }, "at least 5 digits"],
    ["subject", { subject: "   " }, "Subject is required"],
    ["subject", { subject: "s".repeat(151) }, "Subject must be at most 150 characters"],
    ["message", { message: "" }, "Message is required"],
    ["message", { message: "m".repeat(5001) }, "Message must be at most 5000 characters"],
  ])("answers 400 naming %s (%j) and stores nothing", async (field, overrides, text) => {
    const before = await count("messages");
    const { status, body } = await visitor.json("POST", "/api/add-message", message(overrides));
    expect(status).toBe(400);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toContain(text);
    expect(await count("messages")).toBe(before);
  });

  it("answers 400 for a body with no fields at all, naming each required one by its label", async () => {
    const { status, body } = await visitor.json("POST", "/api/add-message", {});
    expect(status).toBe(400);
    expect(Object.keys(body.fields).sort()).toEqual(["email", "message", "name", "subject"]);
    expect(body.error).toBe("Please check these fields: Name, Email, Subject, Message.");
  });

  it("takes a message without a phone number", async () => {
    const { number: _left, ...withoutPhone } = message();
    for (const body of [withoutPhone, { ...withoutPhone, number: "  " }]) {
      const created = await visitor.json("POST", "/api/add-message", body);
      expect(created.status).toBe(201);
      expect(created.body.number).toBe("");
    }
  });

  it("mails every admin about a new message, through the outbox", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Mail the admins" }));
    const queued = await server.services.db.selectFrom("jobs").select("payload").where("kind", "=", "mail").execute();
    expect(queued.some((job) => job.payload.includes("Mail the admins"))).toBe(true);
    const mails = (await server.outbox()).filter((m) => m.subject === "New message: Mail the admins");
    expect(mails.map((m) => m.to)).toEqual(["inbox-admin@example.com"]);
    expect(mails[0]!.text).toContain(`/view/${created._id}`);
  });

  it("rejects a filled honeypot with a clear message and stores nothing", async () => {
    const before = await count("messages");
    const { status, body } = await visitor.json("POST", "/api/add-message", message({ website: "http://spam.example" }));
    expect(status).toBe(400);
    expect(body.error).toContain("hidden field was filled in");
    expect(await count("messages")).toBe(before);
  });
});

describe("the contact pages", () => {
  it("/contact and /contact-us show the form with their own heading and a hidden honeypot", async () => {
    for (const path of ["/contact", "/contact-us"]) {
      const page = await visitor.page(path);
      expect(page.status).toBe(200);
      expect(page.html).toMatch(/<h1[^>]*>Contact us<\/h1>/);
      expect(page.html.match(/<h1/g)).toHaveLength(1);
      for (const label of ["Name", "Email", "Phone number", "Subject", "Message"]) expect(page.html).toContain(`>${label}</label>`);
      expect(page.html).toContain('action="/contact"');
      // The honeypot: inside an aria-hidden box, out of the tab order, never autofilled.
      const trap = page.html.match(/<div aria-hidden="true"[^>]*>(?:(?!<\/div>).)*<input[^>]*name="website"[^>]*>/s)?.[0] ?? "";
      const input = trap.slice(trap.lastIndexOf("<input"));
      expect(input).toMatch(/tabindex="-1"/);
      expect(input).toMatch(/autocomplete="off"/i);
      expect(input).toMatch(/type="text"/);
      expect(page.html).toContain('rel="canonical" href="http://localhost');
    }
  });

  it("a submission without JavaScript is stored and leads to /thanks with the spec's texts", async () => {
    const before = await count("messages");
    const response = await visitor.form("/contact", message({ subject: "Sent from the page", website: "" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/thanks?sent=1");
    expect(await count("messages")).toBe(before + 1);

    const thanks = await visitor.page("/thanks?sent=1");
    expect(thanks.status).toBe(200);
    expect(thanks.html).toMatch(/<h1[^>]*>Thank you!<\/h1>/);
    expect(thanks.html).toContain("We have received your message and will get back to you as soon as possible.");
    expect(thanks.html).toContain("Your message has been sent.");
    expect(thanks.html).toMatch(/<a[^>]*href="\/"[^>]*>Back to the home page<\/a>/);
    // Without the flag (someone just opening /thanks) there is no claim that a message was sent.
    expect((await visitor.page("/thanks")).html).not.toContain("Your message has been sent.");
  });

  it("a wrong field is shown next to it, with what was typed kept, and nothing is stored", async () => {
    const before = await count("messages");
    const response = await visitor.form("/contact", message({ email: "ada-at-example" }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Provide a Valid Email");
    expect(html).toContain('value="ada-at-example"');
    expect(html).toContain("Please correct the fields marked below.");
    expect(await count("messages")).toBe(before);
  });

  it("a filled honeypot on the page is refused with the message shown", async () => {
    const before = await count("messages");
    const response = await visitor.form("/contact", message({ website: "spam" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("a hidden field was filled in");
    expect(await count("messages")).toBe(before);
  });
});

describe("reading messages (admin)", () => {
  it("each message call is admin only: 401 for a visitor, 403 for a customer", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message());
    const calls: [string, string, unknown][] = [
      ["GET", "/api/messages", undefined],
      ["GET", `/api/message/${created._id}`, undefined],
      ["PUT", `/api/message/${created._id}`, { messageStatus: "Read" }],
    ];
    for (const [method, path, body] of calls) {
      expect((await visitor.json(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await customer.json(method, path, body)).status, `${method} ${path} customer`).toBe(403);
    }
    const stored = await server.services.db.selectFrom("messages").select("message_status").where("id", "=", created._id).executeTakeFirstOrThrow();
    expect(stored.message_status).toBe("UnRead");

    expect((await admin.json("GET", `/api/message/${created._id}`)).body).toMatchObject({ _id: created._id, messageStatus: "UnRead" });
    expect((await admin.json("GET", `/api/message/${unknownId}`)).status).toBe(404);
    expect((await admin.json("GET", "/api/message/not-an-id")).status).toBe(404);
  });

  it("the admin pages are closed to visitors (sign in) and customers (403)", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message());
    for (const path of ["/all-messages/", `/view/${created._id}`]) {
      const asVisitor = await visitor.page(path);
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
      const asCustomer = await customer.page(path);
      expect(asCustomer.status).toBe(403);
      expect(asCustomer.html).toContain("You don&#x27;t have any permission");
      expect((await admin.page(path)).status).toBe(200);
    }
    // Marking read through the page is closed as well.
    expect((await customer.form(`/view/${created._id}`, { messageStatus: "Read" })).status).toBe(403);
  });

  it("PUT accepts only messageStatus Read, and Mark Read is a repeatable PUT", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message());
    for (const bad of [{ messageStatus: "UnRead" }, { messageStatus: "Archived" }, {}]) {
      const { status, body } = await admin.json("PUT", `/api/message/${created._id}`, bad);
      expect(status).toBe(400);
      expect(Object.keys(body.fields)).toEqual(["messageStatus"]);
    }
    const first = await admin.json("PUT", `/api/message/${created._id}`, { messageStatus: "Read" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: created._id, messageStatus: "Read" });
    const again = await admin.json("PUT", `/api/message/${created._id}`, { messageStatus: "Read" });
    expect(again.body.messageStatus).toBe("Read");
    expect((await admin.json("PUT", `/api/message/${unknownId}`, { messageStatus: "Read" })).status).toBe(404);
  });

  it("/view/{id} shows the whole message and offers Mark as read only while it is unread", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Please call <me>", message: "Line one\nLine two" }));
    const before = await admin.page(`/view/${created._id}`);
    expect(before.html).toContain("Please call &lt;me&gt;");
    expect(before.html).toContain("Line one\nLine two");
    expect(before.html).toContain("+44 20 7946 0958");
    expect(before.html).toContain(">Mark as read</button>");
    expect(before.html).toContain('name="messageStatus" value="Read"');

    const response = await admin.form(`/view/${created._id}`, { messageStatus: "Read" });
    expect(response.status).toBe(200);
    const after = await response.text();
    expect(after).toContain("The message is marked as read.");
    expect(after).not.toContain(">Mark as read</button>");
    expect((await admin.json("GET", `/api/message/${created._id}`)).body.messageStatus).toBe("Read");
    expect((await admin.page(`/view/${unknownId}`)).status).toBe(404);
  });
});

describe("unread count, mark as unread and delete", () => {
  it("the dashboard shows how many messages are unread", async () => {
    await server.services.db.deleteFrom("messages").execute();
    for (let i = 0; i < 2; i++) await visitor.json("POST", "/api/add-message", message({ subject: `Unread ${i}` }));
    expect((await admin.page("/admin")).html).toContain("2 unread");
    const { body: list } = await admin.json("GET", "/api/messages?status=UnRead");
    await admin.json("PUT", `/api/message/${list.items[0]._id}`, { messageStatus: "Read" });
    expect((await admin.page("/admin")).html).toContain("1 unread");
  });

  it("an admin marks a read message unread again, recorded in the audit log", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Back to unread" }));
    await admin.json("PUT", `/api/message/${created._id}`, { messageStatus: "Read" });
    const page = await admin.page(`/view/${created._id}`);
    expect(page.html).toContain(">Mark as unread</button>");
    const response = await admin.form(`/view/${created._id}`, { _intent: "unread" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("The message is marked as unread.");
    expect((await admin.json("GET", `/api/message/${created._id}`)).body).toMatchObject({ messageStatus: "UnRead", readAt: null });
    const entry = await server.services.db.selectFrom("audit_log").selectAll().where("action", "=", "message.unread").executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ actor: "inbox-admin@example.com", target: `Message ${created._id} (ada@example.com)` });
  });

  it("shows when a message came, to the minute", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message());
    const html = (await admin.page(`/view/${created._id}`)).html;
    expect(html).toMatch(/<time dateTime="[^"]+">\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} UTC<\/time>/);
  });

  it("an admin deletes a message after confirming; the audit log keeps who sent it", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Delete me" }));
    const page = await admin.page(`/view/${created._id}`);
    expect(page.html).toMatch(/<summary[^>]*>Delete message<\/summary>/);
    expect(page.html).toContain(">Yes, delete it</button>");
    const response = await admin.form(`/view/${created._id}`, { _intent: "delete" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/all-messages?deleted=1");
    expect((await admin.page("/all-messages?deleted=1")).html).toContain("The message was deleted.");
    expect((await admin.json("GET", `/api/message/${created._id}`)).status).toBe(404);
    const entry = await server.services.db.selectFrom("audit_log").selectAll().where("action", "=", "message.delete").executeTakeFirstOrThrow();
    expect(entry.summary).toContain("Delete me");
    expect((await admin.form(`/view/${created._id}`, { _intent: "delete" })).status).toBe(404);
  });

  it("refuses a customer and a visitor: nothing changes", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Not yours" }));
    for (const client of [customer, visitor]) {
      for (const intent of ["delete", "unread"]) {
        const response = await client.form(`/view/${created._id}`, { _intent: intent });
        expect(response.status, intent).toBeGreaterThanOrEqual(300);
        expect(response.status, intent).not.toBe(500);
      }
    }
    expect((await admin.json("GET", `/api/message/${created._id}`)).body.messageStatus).toBe("UnRead");
  });
});

describe("message paging", () => {
  it("Unread and Read are paged 3 at a time, newest first, each with its own page parameter", async () => {
    // Start from a clean inbox so the counts are exact.
    await server.services.db.deleteFrom("messages").execute();
    const ids: string[] = [];
    for (let i = 1; i <= 8; i++) {
      const { body } = await visitor.json("POST", "/api/add-message", message({ subject: `Paging subject ${String(i).padStart(2, "0")}` }));
      ids.push(body._id);
    }
    // Messages 1..4 are read: Unread holds 5..8 (2 pages), Read holds 1..4 (2 pages).
    for (const id of ids.slice(0, 4)) await admin.json("PUT", `/api/message/${id}`, { messageStatus: "Read" });

    const unread1 = await admin.json("GET", "/api/messages?status=UnRead");
    expect(unread1.status).toBe(200);
    expect(unread1.body).toMatchObject({ page: 1, pageSize: 3, pageCount: 2, total: 4 });
    expect(unread1.body.items.map((m: { subject: string }) => m.subject)).toEqual(["Paging subject 08", "Paging subject 07", "Paging subject 06"]);
    const unread2 = await admin.json("GET", "/api/messages?status=UnRead&page=2");
    expect(unread2.body.items.map((m: { subject: string }) => m.subject)).toEqual(["Paging subject 05"]);
    const read2 = await admin.json("GET", "/api/messages?status=Read&page=2");
    expect(read2.body.items.map((m: { subject: string }) => m.subject)).toEqual(["Paging subject 01"]);
    const all = await admin.json("GET", "/api/messages?pageSize=100");
    expect(all.body.total).toBe(8);
    expect((await admin.json("GET", "/api/messages?status=Junk")).status).toBe(400);
    expect((await admin.json("GET", "/api/messages?pageSize=1000")).body.fields).toHaveProperty("pageSize");

    const page = await admin.page("/all-messages/?unread=2&read=1");
    expect(page.status).toBe(200);
    const [unreadPart, readPart] = page.html.split(/<caption[^>]*>Read \(/);
    expect(unreadPart).toContain("Unread (4)");
    expect(unreadPart).toContain("Paging subject 05");
    expect(unreadPart).not.toContain("Paging subject 08");
    expect(readPart).toContain("Paging subject 04");
    expect(readPart).toContain("Paging subject 02");
    expect(readPart).not.toContain("Paging subject 01");
    expect(page.html).toContain(`href="/view/${ids[4]}"`);
    // Each table's pager keeps the other table's page.
    expect(page.html).toContain('href="/all-messages/?unread=2&amp;read=2"');
    expect(page.html).toContain('href="/all-messages/?unread=1&amp;read=1"');
    expect(page.html.match(/View message/g)).toHaveLength(4);
  });
});
