import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNotFoundHits, NOT_FOUND_MAX_ROWS } from "~/seo/not-found-hits.server.ts";
import { PASSWORD, signedUpClient, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The 404 monitor (issue 23, item 7): each GET that ends 404 is counted by path (no query),
 * with the last referrer and first and last seen; obvious scanners apart; at most 10,000 rows,
 * the oldest dropped; "Redirect this" makes a redirect in one step and the row leaves the list.
 */
let server: TestServer;
let visitor: TestClient;
let editor: TestClient;

beforeAll(async () => {
  ({ server, visitor } = await startWithPeople("monitor-customer@example.com", "monitor-admin@example.com"));
  editor = await signedUpClient(server, "monitor-editor@example.com", PASSWORD, { role: "Editor" });
});
afterAll(async () => server?.close());

const hits = async (kind = "page") => (await editor.json("GET", `/api/not-found-hits?kind=${kind}`)).body;
const get = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { redirect: "manual", headers }).then(async (r) => (await r.text(), r.status));

describe("counting", () => {
  it("counts a missing path without its query, with the last referrer and first and last seen", async () => {
    expect(await get("/lost-case-study?utm_source=x", { Referer: "https://blog.example/links?secret=1" })).toBe(404);
    expect(await get("/lost-case-study/")).toBe(404);
    const list = await hits();
    expect(list.items).toHaveLength(1);
    const [hit] = list.items;
    expect(hit).toMatchObject({ path: "/lost-case-study", count: 2, scanner: false, referrer: "https://blog.example/links" });
    expect(hit.firstSeen <= hit.lastSeen).toBe(true);

    expect(await get("/lost-case-study", { Referer: "https://search.example/" })).toBe(404);
    const again = (await hits()).items[0];
    expect(again).toMatchObject({ count: 3, referrer: "https://search.example/", firstSeen: hit.firstSeen });
    expect(again.lastSeen > hit.lastSeen).toBe(true);
  });

  it("keeps scanners apart, and leaves out /api and the app's own paths", async () => {
    for (const path of ["/wp-login.php", "/.env", "/wp-admin/setup-config.php"]) expect(await get(path)).toBe(404);
    for (const path of ["/api/no-such-call", "/admin/no-such-screen"]) await get(path);
    const scanners = await hits("scanner");
    expect(scanners.items.map((h: { path: string }) => h.path).sort()).toEqual(["/.env", "/wp-admin/setup-config.php", "/wp-login.php"]);
    const pages = (await hits()).items.map((h: { path: string }) => h.path);
    expect(pages).toEqual(["/lost-case-study"]);
    expect((await editor.json("GET", "/api/not-found-hits?kind=other")).status).toBe(400);
  });

  it("'Redirect this' on the monitor creates the redirect in one step, and the row no longer shows", async () => {
    const screen = await editor.page("/admin/not-found");
    expect(screen.html).toContain("/lost-case-study");
    expect(screen.html).toContain("Scanner requests (3)");
    const refused = await editor.form("/admin/not-found", { from: "/lost-case-study", to: "not a path" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("To must be a path on this site");
    const done = await editor.form("/admin/not-found", { from: "/lost-case-study", to: "/service/" });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("Redirect created: /lost-case-study now goes to /service/.");
    expect((await hits()).items).toEqual([]);
    const followed = await fetch(new URL("/lost-case-study?ref=1", server.url), { redirect: "manual" });
    expect([followed.status, followed.headers.get("location")]).toEqual([301, "/service/?ref=1"]);
    // Visitors and customers cannot read the monitor.
    expect((await visitor.json("GET", "/api/not-found-hits")).status).toBe(401);
  });

  it("adds up counts written by several counters (several processes) on one database", async () => {
    const a = createNotFoundHits(server.services.db as never);
    const b = createNotFoundHits(server.services.db as never);
    for (let i = 0; i < 3; i++) a.record("/shared-missing", undefined);
    for (let i = 0; i < 4; i++) b.record("/shared-missing", "https://ref.example/");
    await Promise.all([a.flush(), b.flush()]);
    const row = await server.services.db.selectFrom("not_found_hits").selectAll().where("path", "=", "/shared-missing").executeTakeFirstOrThrow();
    expect([Number(row.count), row.referrer]).toEqual([7, "https://ref.example/"]);
  });
});

describe("the bound", () => {
  it("is 10,000 rows on the running server", () => {
    expect(NOT_FOUND_MAX_ROWS).toBe(10_000);
    expect(server.services.notFoundHits.maxRows).toBe(10_000);
  });

  it("drops scanners first, then the oldest by last seen", async () => {
    await server.services.db.deleteFrom("not_found_hits").execute();
    const small = createNotFoundHits(server.services.db as never, { maxRows: 5 });
    small.record("/wp-login.php", undefined);
    await small.flush();
    for (let i = 1; i <= 6; i++) {
      small.record(`/missing-${i}`, undefined);
      await small.flush();
    }
    const left = await server.services.db.selectFrom("not_found_hits").select("path").orderBy("path").execute();
    expect(left.map((r) => r.path)).toEqual(["/missing-2", "/missing-3", "/missing-4", "/missing-5", "/missing-6"]);
  });
});

describe("metrics", () => {
  it("count redirects answered and 404s recorded", async () => {
    const text = await (await fetch(new URL("/metrics", server.url))).text();
    expect(text).toMatch(/rankwell_redirects_total\{status="301"\} [1-9]/);
    expect(text).toMatch(/rankwell_not_found_total\{kind="scanner"\} [1-9]/);
  });
});
