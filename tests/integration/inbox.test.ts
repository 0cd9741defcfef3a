import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Contact messages and subscribers over real HTTP: who may call what, what is stored, the spam
 * guards (honeypot, per-IP rate limit), paging of both lists, the CSV download and unsubscribing.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("inbox-customer@example.com", "inbox-admin@example.com"));
});
afterAll(async () => server?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unknownId = "0123456789abcdef01234567";

const message = (overrides: Record<string, string> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  number: "+44 20 7946 0958",
  subject: "A question about Premium",
  message: "Hello,\nhow long does the Premium package take?",
  ...overrides,
});

async function count(table: "messages" | "subscribers"): Promise<number> {
  const row = await server.services.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until we are not in the last seconds of a fixed one-minute rate-limit window. */
async function awayFromMinuteEdge() {
  const into = Date.now() % 60_000;
  if (into > 50_000) await sleep(60_000 - into + 200);
}

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

  it("answers 400 for a body with no fields at all, naming each", async () => {
    const { status, body } = await visitor.json("POST", "/api/add-message", {});
    expect(status).toBe(400);
    expect(Object.keys(body.fields).sort()).toEqual(["email", "message", "name", "number", "subject"]);
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
    expect(thanks.html).toMatch(/<h1[^>]*>Thank You !<\/h1>/);
    expect(thanks.html).toContain("We have received your message and will get back to you as soon as possible.");
    expect(thanks.html).toContain("Message is Send");
    expect(thanks.html).toMatch(/<a[^>]*href="\/"[^>]*>Back Home<\/a>/);
    // Without the flag (someone just opening /thanks) there is no claim that a message was sent.
    expect((await visitor.page("/thanks")).html).not.toContain("Message is Send");
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

  it("/view/{id} shows the whole message and offers Mark Read only while it is UnRead", async () => {
    const { body: created } = await visitor.json("POST", "/api/add-message", message({ subject: "Please call <me>", message: "Line one\nLine two" }));
    const before = await admin.page(`/view/${created._id}`);
    expect(before.html).toContain("Please call &lt;me&gt;");
    expect(before.html).toContain("Line one\nLine two");
    expect(before.html).toContain("+44 20 7946 0958");
    expect(before.html).toContain(">Mark Read</button>");
    expect(before.html).toContain('name="messageStatus" value="Read"');

    const response = await admin.form(`/view/${created._id}`, { messageStatus: "Read" });
    expect(response.status).toBe(200);
    const after = await response.text();
    expect(after).toContain("Message is Read");
    expect(after).not.toContain(">Mark Read</button>");
    expect((await admin.json("GET", `/api/message/${created._id}`)).body.messageStatus).toBe("Read");
    expect((await admin.page(`/view/${unknownId}`)).status).toBe(404);
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
      await sleep(3);
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
    expect(page.html.match(/View Message/g)).toHaveLength(4);
  });
});

describe("subscribers", () => {
  it("POST /api/add-subscriber is open to anyone; the same email twice is one subscriber and both see success", async () => {
    const before = await count("subscribers");
    const first = await visitor.json("POST", "/api/add-subscriber", { subemail: "reader@example.com" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ subemail: "reader@example.com" });
    const again = await customer.json("POST", "/api/add-subscriber", { subemail: "  Reader@Example.com " });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ subemail: "reader@example.com" });
    expect(await count("subscribers")).toBe(before + 1);

    // One confirmation mail, with a personal unsubscribe link.
    const mails = (await server.outbox()).filter((m) => m.to === "reader@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/\/unsubscribe\/[A-Za-z0-9_-]{43}/);
    // Only the link's hash is stored.
    const token = mails[0]!.text.match(/\/unsubscribe\/([A-Za-z0-9_-]+)/)![1]!;
    const stored = await server.services.db.selectFrom("subscribers").selectAll().where("subemail", "=", "reader@example.com").executeTakeFirstOrThrow();
    expect(stored.unsubscribe_token_hash).not.toContain(token);
  });

  it.each([
    [{ subemail: "not-an-address" }, "Provide a Valid Email"],
    [{ subemail: "" }, "Email is required"],
    [{}, "Email is required"],
  ])("answers 400 naming subemail for %j and stores nothing", async (input, text) => {
    const before = await count("subscribers");
    const { status, body } = await visitor.json("POST", "/api/add-subscriber", input);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ subemail: text });
    expect(await count("subscribers")).toBe(before);
  });

  it("rejects a filled honeypot", async () => {
    const before = await count("subscribers");
    const { status, body } = await visitor.json("POST", "/api/add-subscriber", { subemail: "bot@example.com", website: "x" });
    expect(status).toBe(400);
    expect(body.error).toContain("hidden field was filled in");
    expect(await count("subscribers")).toBe(before);
  });

  it("the form without JavaScript goes back to the page it came from with a success flag", async () => {
    const response = await visitor.form("/subscribe", { subemail: "nojs@example.com", redirectTo: "/pricing?plan=basic", website: "" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/pricing?plan=basic&subscribed=1#subscribe-form");
    // An outside address is never followed.
    const outside = await visitor.form("/subscribe", { subemail: "nojs2@example.com", redirectTo: "https://evil.example/" });
    expect(outside.headers.get("location")).toBe("/subscribe?subscribed=1#subscribe-form");
    const shown = await visitor.page("/subscribe?subscribed=1");
    expect(shown.html).toContain("Subscribers Request is Sent");
    expect(shown.html).toMatch(/<h1[^>]*>Subscribe to updates<\/h1>/);
    expect((await visitor.page("/subscribe")).html).not.toContain("Subscribers Request is Sent");
  });

  it("the form through a fetcher answers data, and a wrong email is shown on /subscribe", async () => {
    const viaFetcher = await visitor.form("/subscribe", { subemail: "js@example.com", via: "fetcher", redirectTo: "/" });
    expect(viaFetcher.status).toBe(200);
    expect(await viaFetcher.text()).toContain("Subscribers Request is Sent");

    const wrong = await visitor.form("/subscribe", { subemail: "nope", redirectTo: "/" });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Provide a Valid Email");
    expect(html).toContain('value="nope"');
  });

  it("GET /api/subscribers is admin only", async () => {
    expect((await visitor.json("GET", "/api/subscribers")).status).toBe(401);
    expect((await customer.json("GET", "/api/subscribers")).status).toBe(403);
    expect((await admin.json("GET", "/api/subscribers")).status).toBe(200);
    expect((await visitor.page("/all-subscriber/")).status).toBe(302);
    expect((await customer.page("/all-subscriber/")).status).toBe(403);
  });

  it("lists 5 a page, newest first, in the API and on /all-subscriber/", async () => {
    await server.services.db.deleteFrom("subscribers").execute();
    for (let i = 1; i <= 7; i++) {
      await visitor.json("POST", "/api/add-subscriber", { subemail: `list${i}@example.com` });
      await sleep(3);
    }
    const first = await admin.json("GET", "/api/subscribers");
    expect(first.body).toMatchObject({ page: 1, pageSize: 5, pageCount: 2, total: 7 });
    expect(first.body.items.map((s: { subemail: string }) => s.subemail)).toEqual([7, 6, 5, 4, 3].map((i) => `list${i}@example.com`));
    expect(Object.keys(first.body.items[0]).sort()).toEqual(["_id", "createdAt", "subemail"]);
    const second = await admin.json("GET", "/api/subscribers?page=2");
    expect(second.body.items.map((s: { subemail: string }) => s.subemail)).toEqual(["list2@example.com", "list1@example.com"]);

    const page = await admin.page("/all-subscriber/?page=2");
    expect(page.html).toContain("list1@example.com");
    expect(page.html).toContain("list2@example.com");
    expect(page.html).not.toContain("list3@example.com");
    expect(page.html).toMatch(/aria-current="page"[^>]*>2</);
    expect(page.html).toContain(">Previous</a>");
  });

  it("the admin downloads every subscriber as formula-safe CSV; nobody else can", async () => {
    await visitor.json("POST", "/api/add-subscriber", { subemail: "+1@example.com" });
    const response = await admin.fetch("/all-subscriber/csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="rankwell-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe('"email","subscribed_at"');
    expect(lines[1]).toMatch(/^"'\+1@example\.com","\d{4}-/);
    expect(lines.some((l) => l.startsWith('"list7@example.com"'))).toBe(true);
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(1 + (await count("subscribers")) + 1);

    const asVisitor = await visitor.page("/all-subscriber/csv");
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.location).toBe("/login?redirectTo=%2Fall-subscriber%2Fcsv");
    const asCustomer = await customer.fetch("/all-subscriber/csv");
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.headers.get("content-type")).not.toContain("text/csv");
  });

  it("a subscriber unsubscribes with the mailed link, without signing in", async () => {
    await visitor.json("POST", "/api/add-subscriber", { subemail: "leaving@example.com" });
    const link = (await server.outbox()).find((m) => m.to === "leaving@example.com")!.text.match(/https?:\/\/\S+\/unsubscribe\/\S+/)![0];
    const path = new URL(link).pathname;
    const stranger = server.client();

    // Opening the link only asks (mail scanners follow links).
    const ask = await stranger.page(path);
    expect(ask.status).toBe(200);
    expect(ask.html).toContain("leaving@example.com");
    expect(ask.html).toContain(">Unsubscribe</button>");
    expect(await server.services.db.selectFrom("subscribers").select("id").where("subemail", "=", "leaving@example.com").executeTakeFirst()).toBeDefined();

    const done = await stranger.form(path, {});
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`${path}?done=1`);
    const shown = await stranger.page(`${path}?done=1`);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("You are unsubscribed");
    expect(await server.services.db.selectFrom("subscribers").select("id").where("subemail", "=", "leaving@example.com").executeTakeFirst()).toBeUndefined();

    expect((await stranger.page(path)).status).toBe(404);
    expect((await stranger.page("/unsubscribe/not-a-real-token-not-a-real-token-00")).status).toBe(404);
    expect((await stranger.form("/unsubscribe/short", {})).status).toBe(404);
  });
});

describe("rate limits (RATE_LIMIT_PER_MINUTE=3)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: "3" });
  });
  afterAll(async () => limited?.close());

  const stored = async (table: "messages" | "subscribers") =>
    Number(
      (
        await limited.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses the fourth message in a minute from one address, on the API and the page, storing nothing", async () => {
    await awayFromMinuteEdge();
    const client = limited.client();
    for (let i = 0; i < 3; i++) expect((await client.json("POST", "/api/add-message", message())).status).toBe(201);
    const refused = await client.json("POST", "/api/add-message", message());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You have sent several messages in the last minute. Please wait a minute and try again.");
    const page = await client.form("/contact", message());
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("You have sent several messages in the last minute.");
    expect(await stored("messages")).toBe(3);
  });

  it("limits subscribing the same way", async () => {
    await awayFromMinuteEdge();
    const client = limited.client();
    for (let i = 0; i < 3; i++) expect((await client.json("POST", "/api/add-subscriber", { subemail: `rl${i}@example.com` })).status).toBe(201);
    const refused = await client.json("POST", "/api/add-subscriber", { subemail: "rl9@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain("Please wait a minute");
    expect(await stored("subscribers")).toBe(3);
  });
});
