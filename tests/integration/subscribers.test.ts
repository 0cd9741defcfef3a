import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { countRows } from "./inbox-fixtures.ts";

/**
 * Subscribers over real HTTP: who may subscribe and list them, one row per email, the two
 * forms, paging, the CSV download and unsubscribing with the mailed link.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("subs-customer@example.com", "subs-admin@example.com"));
});
afterAll(async () => server?.close());

const count = (table: "messages" | "subscribers") => countRows(server, table);

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
    expect(shown.html).toContain("You are subscribed. Thank you.");
    expect(shown.html).toMatch(/<h1[^>]*>Subscribe to updates<\/h1>/);
    expect((await visitor.page("/subscribe")).html).not.toContain("You are subscribed. Thank you.");
  });

  it("the form through a fetcher answers data, and a wrong email is shown on /subscribe", async () => {
    const viaFetcher = await visitor.form("/subscribe", { subemail: "js@example.com", via: "fetcher", redirectTo: "/" });
    expect(viaFetcher.status).toBe(200);
    expect(await viaFetcher.text()).toContain("You are subscribed. Thank you.");

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
