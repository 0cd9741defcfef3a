import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/** Template items: admin-only calls and pages, the spec's choices, http(s) links, paging. */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("items-customer@example.com", "items-admin@example.com"));
});
afterAll(async () => server?.close());

const item = (overrides: Record<string, string> = {}) => ({
  format: "Instagram",
  canvaLink: "https://www.canva.com/design/DAF123/view",
  imageLink: "https://images.example.com/post.png",
  category: "Real estate",
  freeOrPaid: "Free",
  ...overrides,
});

async function itemCount(): Promise<number> {
  const row = await server.services.db
    .selectFrom("template_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("template items", () => {
  it("POST /api/add-item and GET /api/items are admin only", async () => {
    for (const [method, path, body] of [
      ["POST", "/api/add-item", item()],
      ["GET", "/api/items", undefined],
    ] as const) {
      expect((await visitor.json(method, path, body)).status, `${method} ${path} visitor`).toBe(401);
      expect((await customer.json(method, path, body)).status, `${method} ${path} customer`).toBe(403);
    }
    expect(await itemCount()).toBe(0);
    for (const path of ["/add-item", "/items"]) {
      const asVisitor = await visitor.page(path);
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
      expect((await customer.page(path)).status).toBe(403);
      expect((await admin.page(path)).status).toBe(200);
    }
    expect((await customer.form("/add-item", item())).status).toBe(403);
    expect(await itemCount()).toBe(0);
  });

  it("an admin adds an item and gets it back with the spec's field names", async () => {
    const { status, body } = await admin.json("POST", "/api/add-item", item({ category: "  Fitness " }));
    expect(status).toBe(201);
    expect(body).toMatchObject({ ...item(), category: "Fitness" });
    expect(body._id).toMatch(/^[0-9a-f]{24}$/);
    const stored = await server.services.db.selectFrom("template_items").selectAll().where("id", "=", body._id).executeTakeFirstOrThrow();
    expect(stored.created_by).toBe("items-admin@example.com");
  });

  it.each([
    ["format", { format: "TikTok" }, "Format must be one of Facebook, Instagram, Youtube"],
    ["format", { format: "" }, "Format must be one of Facebook, Instagram, Youtube"],
    ["canvaLink", { canvaLink: "" }, "Canva link is required"],
    ["canvaLink", { canvaLink: "javascript:alert(1)" }, "Canva link must be an http(s) address"],
    ["imageLink", { imageLink: "data:image/png;base64,AAAA" }, "Image link must be an http(s) address"],
    ["imageLink", { imageLink: "not a url" }, "Image link must be an http(s) address"],
    ["category", { category: " " }, "Category is required"],
    ["category", { category: "c".repeat(101) }, "Category must be at most 100 characters"],
    ["freeOrPaid", { freeOrPaid: "Maybe" }, "Free or paid must be one of Paid, Free"],
  ])("answers 400 naming %s for %j and stores nothing", async (field, overrides, text) => {
    const before = await itemCount();
    const { status, body } = await admin.json("POST", "/api/add-item", item(overrides));
    expect(status).toBe(400);
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(body.fields[field]).toContain(text);
    expect(await itemCount()).toBe(before);
  });

  it("the /add-item page says the item was added and shows errors next to the fields", async () => {
    const page = await admin.page("/add-item");
    for (const option of ["Facebook", "Instagram", "Youtube", "Paid", "Free"]) expect(page.html).toContain(`<option value="${option}">`);

    const saved = await admin.form("/add-item", item({ category: "From the page", format: "Youtube", freeOrPaid: "Paid" }));
    expect(saved.status).toBe(200);
    const savedHtml = await saved.text();
    expect(savedHtml).toContain("The item was added.");
    expect(savedHtml).not.toContain("Item is Updated");

    const before = await itemCount();
    const wrong = await admin.form("/add-item", item({ canvaLink: "ftp://files.example.com/x" }));
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain("Canva link must be an http(s) address");
    expect(html).toContain('value="ftp://files.example.com/x"');
    expect(await itemCount()).toBe(before);
  });

  it("an editor changes an item on /edit-item/{id}: saved, audited, errors next to the fields", async () => {
    const { body: created } = await admin.json("POST", "/api/add-item", item({ category: "Before" }));
    const page = await admin.page(`/edit-item/${created._id}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain('value="Before"');
    expect((await admin.page("/items")).html).toContain(`href="/edit-item/${created._id}"`);

    const saved = await admin.form(`/edit-item/${created._id}`, { _intent: "save", ...item({ category: "After", format: "Facebook" }) });
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("The item was updated.");
    const { body: list } = await admin.json("GET", "/api/items");
    expect(list.items.find((i: { _id: string }) => i._id === created._id)).toMatchObject({ category: "After", format: "Facebook" });
    const entry = await server.services.db.selectFrom("audit_log").selectAll().where("action", "=", "item.update").executeTakeFirstOrThrow();
    expect(entry.summary).toContain("Category: “Before” → “After”");

    const wrong = await admin.form(`/edit-item/${created._id}`, { _intent: "save", ...item({ category: "" }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Please check the field: Category.");
    expect((await admin.json("GET", "/api/items")).body.items.find((i: { _id: string }) => i._id === created._id).category).toBe("After");
  });

  it("PUT and DELETE /api/item/{id}: 400 naming the field, 404 for an unknown id, nothing for a customer", async () => {
    const { body: created } = await admin.json("POST", "/api/add-item", item({ category: "API" }));
    const bad = await admin.json("PUT", `/api/item/${created._id}`, item({ freeOrPaid: "Cheap" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please check the field: Free or paid.");
    expect(Object.keys(bad.body.fields)).toEqual(["freeOrPaid"]);
    expect((await admin.json("PUT", "/api/item/0123456789abcdef01234567", item())).status).toBe(404);
    for (const client of [customer, visitor]) {
      expect((await client.json("PUT", `/api/item/${created._id}`, item())).status).toBeGreaterThanOrEqual(401);
      expect((await client.json("DELETE", `/api/item/${created._id}`)).status).toBeGreaterThanOrEqual(401);
      expect((await client.form(`/edit-item/${created._id}`, { _intent: "delete" })).status).toBeGreaterThanOrEqual(300);
    }
    const updated = await admin.json("PUT", `/api/item/${created._id}`, item({ category: "API changed" }));
    expect(updated.body).toMatchObject({ _id: created._id, category: "API changed" });
    expect((await admin.json("DELETE", `/api/item/${created._id}`)).status).toBe(200);
    expect((await admin.json("DELETE", `/api/item/${created._id}`)).status).toBe(404);
  });

  it("an editor deletes an item after confirming it", async () => {
    const { body: created } = await admin.json("POST", "/api/add-item", item({ category: "Delete me" }));
    const page = await admin.page(`/edit-item/${created._id}`);
    expect(page.html).toMatch(/<summary[^>]*>Delete item<\/summary>/);
    const before = await itemCount();
    const gone = await admin.form(`/edit-item/${created._id}`, { _intent: "delete" });
    expect(gone.status).toBe(303);
    expect(gone.headers.get("location")).toBe("/items?deleted=1");
    expect((await admin.page("/items?deleted=1")).html).toContain("The item was deleted.");
    expect(await itemCount()).toBe(before - 1);
    expect((await admin.page(`/edit-item/${created._id}`)).status).toBe(404);
    const entries = await server.services.db.selectFrom("audit_log").select("target").where("action", "=", "item.delete").execute();
    expect(entries.map((e) => e.target)).toContain(`Template item “Delete me” (${created._id})`);
  });

  it("lists items newest first, 10 a page, on /items and in GET /api/items", async () => {
    await server.services.db.deleteFrom("template_items").execute();
    for (let i = 1; i <= 12; i++) {
      await admin.json("POST", "/api/add-item", item({ category: `Category ${String(i).padStart(2, "0")}` }));
    }
    const first = await admin.json("GET", "/api/items");
    expect(first.body).toMatchObject({ page: 1, pageSize: 10, pageCount: 2, total: 12 });
    expect(first.body.items[0].category).toBe("Category 12");
    const second = await admin.json("GET", "/api/items?page=2");
    expect(second.body.items.map((i: { category: string }) => i.category)).toEqual(["Category 02", "Category 01"]);

    const page = await admin.page("/items?page=2");
    expect(page.html).toContain("Category 01");
    expect(page.html).not.toContain("Category 03");
    expect(page.html).toContain('href="https://www.canva.com/design/DAF123/view"');
    expect(page.html).toContain('rel="noopener noreferrer"');
    expect(page.html).toMatch(/aria-current="page"[^>]*>2</);
  });
});
