import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redirectOldPath } from "~/seo/redirects.server.ts";
import { PASSWORD, signedUpClient, startTestServer, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Redirects (issue 23, item 6): added, changed and deleted by Editors and Admins through the API
 * and the admin screens; chains stored as one hop, loops refused with nothing stored; answered
 * before any page work (301/302 keeping the query, 410 Gone); the slug-change hook; a change
 * seen by a second server on the same database within 2 s.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let editor: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer } = await startWithPeople("redirects-customer@example.com", "redirects-admin@example.com"));
  editor = await signedUpClient(server, "redirects-editor@example.com", PASSWORD, { role: "Editor" });
});
afterAll(async () => server?.close());

const rows = () => server.services.db.selectFrom("redirects").select(["from_path", "to_target", "status"]).orderBy("from_path").execute();
const add = (body: Record<string, unknown>) => editor.json("POST", "/api/redirects", body);
const raw = (path: string, init: RequestInit = {}) => fetch(new URL(path, server.url), { redirect: "manual", ...init });

async function removeAll() {
  const { body } = await editor.json("GET", "/api/redirects?pageSize=100");
  for (const r of body.items) await editor.json("DELETE", `/api/redirects/${r._id}`);
}

describe("the API", () => {
  it("lets an Editor add, read, change and delete a redirect, each audited; visitors and customers are refused", async () => {
    expect((await visitor.json("POST", "/api/redirects", { from: "/x", to: "/y" })).status).toBe(401);
    expect((await customer.json("GET", "/api/redirects")).status).toBe(403);
    expect((await customer.json("GET", "/api/not-found-hits")).status).toBe(403);

    const created = await add({ from: "/old-services/", to: "/service/", status: 301 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ from: "/old-services", to: "/service/", status: 301, createdBy: "redirects-editor@example.com" });
    const id = created.body._id as string;
    expect((await editor.json("GET", `/api/redirects/${id}`)).body).toMatchObject({ from: "/old-services", to: "/service/" });
    expect((await editor.json("GET", "/api/redirects")).body).toMatchObject({ total: 1, items: [{ _id: id }] });

    const changed = await editor.json("PUT", `/api/redirects/${id}`, { from: "/old-services", to: "/pricing/", status: 302 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ to: "/pricing/", status: 302 });
    expect((await editor.json("DELETE", `/api/redirects/${id}`)).status).toBe(200);
    expect((await editor.json("GET", `/api/redirects/${id}`)).status).toBe(404);
    expect(await rows()).toEqual([]);

    const audit = await server.services.db.selectFrom("audit_log").select(["action", "actor", "summary"]).where("action", "like", "redirect.%").orderBy("created_at").execute();
    expect(audit.map((a) => a.action)).toEqual(["redirect.create", "redirect.update", "redirect.delete"]);
    expect(audit[1]!.summary).toContain("“/service/” → “/pricing/”");
  });

  it("refuses bad input with the field named by its label, and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ from: "old-page", to: "/new/" }, "from", "From path"],
      [{ from: "/login", to: "/new/" }, "from", "From path"],
      [{ from: "/admin/anything", to: "/new/" }, "from", "From path"],
      [{ from: "/old", to: "javascript:alert(1)" }, "to", "To"],
      [{ from: "/old", to: "" }, "to", "To"],
      [{ from: "/old", to: "/new/", status: 410 }, "to", "To"],
      [{ from: "/old", to: "/new/", status: 307 }, "status", "Type"],
    ];
    for (const [body, field, label] of cases) {
      const { status, body: answer } = await add(body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(answer.error, JSON.stringify(body)).toContain(label);
      expect(Object.keys(answer.fields), JSON.stringify(body)).toEqual([field]);
    }
    expect(await rows()).toEqual([]);
  });
});

describe("chains and loops", () => {
  it("stores a chain as one hop, whichever rule comes first", async () => {
    await add({ from: "/b", to: "/c/" });
    expect((await add({ from: "/a", to: "/b/" })).body.to).toBe("/c/");
    await add({ from: "/x", to: "/y/?ref=mail" });
    expect((await add({ from: "/y", to: "/z/" })).status).toBe(201);
    expect(await rows()).toEqual([
      { from_path: "/a", to_target: "/c/", status: 301 },
      { from_path: "/b", to_target: "/c/", status: 301 },
      { from_path: "/x", to_target: "/z/?ref=mail", status: 301 },
      { from_path: "/y", to_target: "/z/", status: 301 },
    ]);
    const a = await raw("/a");
    expect([a.status, a.headers.get("location")]).toEqual([301, "/c/"]);
    await removeAll();
  });

  it("refuses a loop (A→A, A→B while B→A) naming To, and a second rule from a path naming From path; nothing stored", async () => {
    const self = await add({ from: "/loop/", to: "/loop" });
    expect(self.status).toBe(400);
    expect(self.body.fields.to).toContain("loop");
    await add({ from: "/b", to: "/a" });
    const before = await rows();
    const loop = await add({ from: "/a", to: "/b" });
    expect(loop.status).toBe(400);
    expect(loop.body.error).toBe("Please check the field: To.");
    expect(loop.body.fields.to).toContain("loop");
    const twice = await add({ from: "/b/", to: "/elsewhere/" });
    expect(twice.status).toBe(409);
    expect(twice.body.fields.from).toBe("A redirect from /b already exists");
    expect(await rows()).toEqual(before);
    await removeAll();
  });
});

describe("answered before any page work", () => {
  it("301 and 302 keep the visitor's query; HEAD too; 410 answers a short Gone page", async () => {
    await add({ from: "/old-pricing", to: "/pricing/?plan=basic" });
    await add({ from: "/summer-offer", to: "https://partner.example/offer", status: 302 });
    await add({ from: "/retired", status: 410 });

    const moved = await raw("/old-pricing/?utm_source=newsletter");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/pricing/?plan=basic&utm_source=newsletter");
    expect(await moved.text()).toContain('href="/pricing/?plan=basic&#38;utm_source=newsletter"');
    const head = await raw("/old-pricing", { method: "HEAD" });
    expect([head.status, head.headers.get("location")]).toEqual([301, "/pricing/?plan=basic"]);

    const temporary = await raw("/summer-offer?id=7");
    expect([temporary.status, temporary.headers.get("location")]).toEqual([302, "https://partner.example/offer?id=7"]);

    const gone = await raw("/retired/");
    expect(gone.status).toBe(410);
    expect(gone.headers.get("location")).toBeNull();
    expect(await gone.text()).toContain("<h1>This page is gone</h1>");

    // A client-side navigation (React Router's data request) gets the redirect as its client reads it.
    const data = await raw("/old-pricing.data?_routes=root&utm_source=app");
    expect([data.status, data.headers.get("x-remix-redirect"), data.headers.get("x-remix-status"), data.headers.get("x-remix-reload-document")]).toEqual([
      204,
      "/pricing/?plan=basic&utm_source=app",
      "301",
      "true",
    ]);
    expect((await raw("/retired/_.data")).headers.get("x-remix-redirect")).toBe("/retired/");

    // A post is not redirected; a path without a rule is the site's own 404.
    expect((await raw("/old-pricing", { method: "POST" })).status).not.toBe(301);
    expect((await raw("/no-rule-here")).status).toBe(404);
    await removeAll();
  });

  it("redirectOldPath stores the slug change's 301 in the caller's transaction, collapses chains onto it, and frees the new path", async () => {
    await add({ from: "/first-name", to: "/case-study/" });
    await add({ from: "/new-name", status: 410 });
    await server.services.db.transaction().execute((trx) => redirectOldPath(trx as never, "/case-study/", "/new-name/"));
    expect(await rows()).toEqual([
      { from_path: "/case-study", to_target: "/new-name/", status: 301 },
      { from_path: "/first-name", to_target: "/new-name/", status: 301 },
    ]);
    // A rolled back slug change leaves nothing.
    await server.services.db
      .transaction()
      .execute(async (trx) => {
        await redirectOldPath(trx as never, "/new-name/", "/third-name/");
        throw new Error("the page's own write failed");
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(2);
    await expect.poll(async () => (await raw("/case-study/?x=1")).headers.get("location"), { timeout: 2000, interval: 100 }).toBe("/new-name/?x=1");
    await removeAll();
  });
});

describe("the admin screens", () => {
  it("add a redirect with a status message, show errors next to the field, edit and delete it", async () => {
    const page = await editor.page("/admin/redirects");
    expect(page.status).toBe(200);
    expect(page.html).toContain("<h1");
    const added = await editor.form("/admin/redirects", { _intent: "add", from: "/form-old/", status: "301", to: "/service/" });
    const html = await added.text();
    expect(added.status).toBe(200);
    expect(html).toContain("The redirect was added.");
    expect((await raw("/form-old")).headers.get("location")).toBe("/service/");

    const refused = await editor.form("/admin/redirects", { _intent: "add", from: "/form-old", status: "301", to: "/elsewhere/" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("A redirect from /form-old already exists");

    const { id } = await server.services.db.selectFrom("redirects").select("id").executeTakeFirstOrThrow();
    const saved = await editor.form(`/admin/redirects/${id}`, { _intent: "save", from: "/form-old", status: "302", to: "/pricing/" });
    expect(await saved.text()).toContain("The redirect was updated.");
    expect((await raw("/form-old")).status).toBe(302);
    const deleted = await editor.form(`/admin/redirects/${id}`, { _intent: "delete" });
    expect([deleted.status, deleted.headers.get("location")]).toEqual([303, "/admin/redirects?deleted=1"]);
    expect(await rows()).toEqual([]);
    expect((await raw("/form-old")).status).toBe(404);
  });
});

describe("several server processes", () => {
  it("a change made on one shows on another on the same database within 2 s", async () => {
    const second = await startTestServer({}, { databaseUrl: server.databaseUrl });
    try {
      const on = (path: string) => fetch(new URL(path, second.url), { redirect: "manual" });
      expect((await on("/moved-elsewhere")).status).toBe(404);
      const { body } = await add({ from: "/moved-elsewhere", to: "/service/" });
      const started = Date.now();
      await expect.poll(async () => (await on("/moved-elsewhere")).status, { timeout: 2000, interval: 50 }).toBe(301);
      expect(Date.now() - started).toBeLessThan(2000);
      await editor.json("DELETE", `/api/redirects/${body._id}`);
      await expect.poll(async () => (await on("/moved-elsewhere")).status, { timeout: 2000, interval: 50 }).toBe(404);
    } finally {
      await second.close();
    }
  });
});
