import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SectionDef, sectionDef } from "~/content/registry/sections.ts";
import { sampleValues } from "../fixtures/content-samples.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * One path for editors (issue 21, item 3), the server's side: where a sign-in lands, a singleton's
 * page opening its edit form, Preview saving into a tab with its way back and Publish, previewing
 * an earlier version, Undo after a delete, delete forever and empty trash (Admins only, audited),
 * and reorders that stay a draft until published.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let editor: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  customer = await signedUpClient(server, "buyer@example.com");
  editor = await signedUpClient(server, "pen@example.com", "quiet-harbor-42", { role: "Editor" });
  admin = await signedUpClient(server, "boss@example.com", "quiet-harbor-42", { admin: true });
});
afterAll(async () => server?.close());

const banner = sectionDef("banner");
const steps = sectionDef("steps");
const tidy = (html: string) => html.replaceAll("<!-- -->", "");
const statusText = (html: string) => html.match(/role="status"[^>]*>(.*?)<\/p>/)?.[1];

async function post(client: TestClient, path: string, fields: Record<string, string>) {
  const response = await client.form(path, fields);
  return { status: response.status, html: tidy(await response.text()), location: response.headers.get("location") };
}
const page = async (client: TestClient, path: string) => {
  const response = await client.fetch(path);
  return { status: response.status, html: tidy(await response.text()), location: response.headers.get("location") };
};
type Stored = { _id: string } & Record<string, string>;
const apiList = async (def: SectionDef) => (await admin.json("GET", `/api${def.api.list}`)).body as Stored[];
const editPath = (def: SectionDef, id: string) => def.editPath.replace(":id", id);
const auditOf = (action: string) => server.services.db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("created_at").execute();
const trashIds = async () => (await server.services.db.selectFrom("content_trash").select("record_id").execute()).map((r) => r.record_id);

async function addStep(n: number): Promise<Stored> {
  const { status, body } = await admin.json("POST", `/api${steps.api.create}`, { ...sampleValues(steps, n), stepTitle: `Step title ${n}` });
  expect(status).toBe(201);
  return body.item as Stored;
}

describe("signing in", () => {
  it("lands a role holder on the admin dashboard and a customer on theirs, unless a page was asked for", async () => {
    const browser = server.client();
    await signedUpClient(server, "fresh@example.com");
    const signedIn = await browser.form("/login", { email: "fresh@example.com", password: "quiet-harbor-42" });
    expect(signedIn.headers.get("location")).toBe("/signed-in");
    expect((await page(browser, "/signed-in")).location).toBe("/dashboard");
    expect((await page(customer, "/signed-in")).location).toBe("/dashboard");
    expect((await page(editor, "/signed-in")).location).toBe("/admin");
    expect((await page(admin, "/signed-in")).location).toBe("/admin");
    // A signed-in person opening /login goes where a sign-in lands.
    expect((await page(editor, "/login")).location).toBe("/signed-in");
    // A redirectTo still wins.
    const asked = await server.client().form("/login", { email: "fresh@example.com", password: "quiet-harbor-42", redirectTo: "/my-order" });
    expect(asked.headers.get("location")).toBe("/my-order");
    // Signed out: the landing is a page for signed-in people.
    expect((await page(visitor, "/signed-in")).location).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows role holders an Admin link in the header itself, not customers", async () => {
    const header = (html: string) => html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    // The header's own link sits before the Account menu (which has one too).
    const own = (html: string) => header(html).split('class="account-menu')[0]!;
    expect(own((await page(editor, "/pricing/")).html)).toMatch(/<a\b[^>]*href="\/admin"[^>]*>Admin<\/a>/);
    expect(own((await page(customer, "/pricing/")).html)).not.toContain('href="/admin"');
  });
});

describe("the edit form, preview and publish", () => {
  it("opens a singleton's page as its edit form, and Preview saves the draft and shows it with Back to editing and Publish", async () => {
    const live = (await admin.json("POST", "/api/add-banner", { ...sampleValues(banner, 1), bannerHeading: "Live heading" })).body.item as Stored;
    const opened = await page(editor, banner.adminPath);
    expect(opened.status).toBe(302);
    expect(opened.location).toBe(editPath(banner, live._id));

    const edit = editPath(banner, live._id);
    const form = await page(editor, edit);
    expect(form.html).toMatch(/<aside aria-labelledby="panel-heading"/);
    expect(form.html).toMatch(/Status: <strong[^>]*>Published<\/strong>/);
    // Preview posts the form into a new tab.
    expect(form.html).toMatch(/<button\b[^>]*formTarget="_blank"[^>]*>Preview<span class="sr-only"> \(opens in a new tab\)<\/span><\/button>/);

    const preview = await post(editor, edit, { _intent: "preview", _section: "banner", ...live, bannerHeading: "Previewed heading" });
    expect(preview.status).toBe(302);
    expect(preview.location).toBe(`/admin/preview?edit=${encodeURIComponent(edit)}`);
    const shown = await page(editor, preview.location!);
    expect(shown.html).toContain("Previewed heading");
    expect(shown.html).toMatch(new RegExp(`<a href="${edit}"[^>]*>Back to editing</a>`));
    expect(shown.html).toMatch(new RegExp(`<form[^>]*action="${edit}"[^>]*><button type="submit"[^>]*value="publish-draft"`));
    expect((await page(editor, edit)).html).toMatch(/Status: <strong[^>]*>Draft<\/strong>/);
    expect((await page(visitor, "/")).html).not.toContain("Previewed heading");

    // The preview's Publish: the saved draft goes live.
    const published = await post(editor, edit, { _intent: "publish-draft" });
    expect(statusText(published.html)).toBe("Banner updated. Visitors see it now.");
    expect((await apiList(banner))[0]!.bannerHeading).toBe("Previewed heading");
    expect((await page(visitor, "/")).html).toContain("Previewed heading");
  });

  it("previews an earlier version from the history, for editors only, without changing anything", async () => {
    const [live] = await apiList(banner);
    const revisions = await server.services.db.selectFrom("content_revisions").select(["id", "after"]).where("record_id", "=", live!._id).orderBy("created_at").execute();
    const first = revisions[0]!;
    expect(JSON.parse(first.after!).bannerHeading).toBe("Live heading");
    const url = `/admin/preview?version=${first.id}&history=${live!._id}`;
    const shown = await page(editor, url);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain("Live heading");
    expect(shown.html).not.toContain("Previewed heading");
    expect(shown.html).toMatch(new RegExp(`href="/admin/history/${live!._id}"[^>]*>Back to the history</a>`));
    expect((await page(customer, url)).status).toBe(403);
    expect((await page(editor, "/admin/preview?version=0123456789abcdef01234567")).status).toBe(404);
    expect((await apiList(banner))[0]!.bannerHeading).toBe("Previewed heading");
    // The history asks before restoring and links to the preview in a new tab.
    const history = (await page(editor, `/admin/history/${live!._id}`)).html;
    expect(history).toMatch(/<summary[^>]*>Restore this version/);
    expect(history).toMatch(new RegExp(`href="${url.replace(/[?&]/g, (c) => (c === "&" ? "&amp;" : "\\?"))}" target="_blank" rel="noopener"`));
  });
});

describe("Undo, delete forever and empty trash", () => {
  it("undoes a delete from the list page: the item is back at its place", async () => {
    const items = [await addStep(1), await addStep(2), await addStep(3)];
    const deleted = await post(editor, steps.adminPath, { _intent: "delete", _section: "steps", _id: items[1]!._id });
    expect(deleted.html).toContain('value="undo-delete"');
    expect((await apiList(steps)).map((r) => r._id)).toEqual([items[0]!._id, items[2]!._id]);
    const undone = await post(editor, steps.adminPath, { _intent: "undo-delete", _section: "steps", _id: items[1]!._id });
    expect(statusText(undone.html)).toBe("Step restored to its place.");
    expect((await apiList(steps)).map((r) => r._id)).toEqual(items.map((i) => i._id));
    expect(await trashIds()).not.toContain(items[1]!._id);
    expect((await auditOf("content.undelete")).at(-1)).toMatchObject({ actor: "pen@example.com" });
    // Undo twice: nothing in the trash any more.
    expect((await post(editor, steps.adminPath, { _intent: "undo-delete", _section: "steps", _id: items[1]!._id })).status).toBe(404);
  });

  it("lets only an Admin delete a trashed item for good or empty the trash, and audits both", async () => {
    const [a, b, c] = await apiList(steps);
    for (const item of [a!, b!, c!]) await post(editor, steps.adminPath, { _intent: "delete", _section: "steps", _id: item._id });
    expect(await trashIds()).toEqual(expect.arrayContaining([a!._id, b!._id, c!._id]));

    // An Editor sees no such buttons and is refused by the server.
    expect((await page(editor, "/admin/trash")).html).not.toContain("Delete forever");
    expect((await post(editor, "/admin/trash", { _intent: "delete-forever", _id: a!._id })).status).toBe(403);
    expect((await post(editor, "/admin/trash", { _intent: "empty" })).status).toBe(403);
    expect(await trashIds()).toContain(a!._id);
    expect(await auditOf("content.purge")).toEqual([]);

    expect((await page(admin, "/admin/trash")).html).toContain("Delete forever");
    const purged = await post(admin, "/admin/trash", { _intent: "delete-forever", _id: a!._id, _title: "“Step title 1”" });
    expect(purged.status).toBe(200);
    expect(await trashIds()).not.toContain(a!._id);
    const [entry] = await auditOf("content.purge");
    expect(entry).toMatchObject({ actor: "boss@example.com", action: "content.purge" });
    expect(entry!.summary).toContain("Deleted for good from the trash");
    // Gone for good: it cannot come back.
    expect((await post(admin, "/admin/trash", { _intent: "restore", _id: a!._id })).status).toBe(404);
    expect((await page(admin, `/admin/history/${a!._id}`)).status).toBe(200);

    const emptied = await post(admin, "/admin/trash", { _intent: "empty" });
    expect(statusText(emptied.html)).toBe("The trash is empty: 2 items deleted for good.");
    expect(await trashIds()).toEqual([]);
    const [empty] = await auditOf("content.empty-trash");
    expect(empty).toMatchObject({ actor: "boss@example.com", target: "Trash" });
    expect(empty!.summary).toContain(b!._id);
    expect(empty!.summary).toContain(c!._id);
  });
});

describe("reordering", () => {
  it("keeps a new order as a draft: the site and the API keep theirs until it is published with the rest", async () => {
    const items = [await addStep(11), await addStep(12), await addStep(13)];
    const ids = items.map((i) => i._id);
    const homeOrder = (html: string) => ["Step title 11", "Step title 12", "Step title 13"].sort((x, y) => html.indexOf(x) - html.indexOf(y));

    const moved = await post(editor, steps.adminPath, { _intent: "move-down", _section: "steps", _id: ids[0]! });
    expect(statusText(moved.html)).toBe("Step moved down. The new order is a draft: publish it to show it on the site.");
    expect(moved.html).toContain("Draft order");
    expect((await apiList(steps)).map((r) => r._id)).toEqual(ids);
    expect(homeOrder((await page(visitor, "/")).html)).toEqual(["Step title 11", "Step title 12", "Step title 13"]);
    // The preview and the drafts page show it.
    expect(homeOrder((await page(editor, "/admin/preview")).html)).toEqual(["Step title 12", "Step title 11", "Step title 13"]);
    const drafts = (await page(editor, "/admin/drafts")).html;
    expect(drafts).toContain("New order of steps");
    expect(drafts).toContain("Publish the 1 change");

    // Moving it back: no draft left.
    await post(editor, steps.adminPath, { _intent: "move-up", _section: "steps", _id: ids[0]! });
    expect((await page(editor, "/admin/drafts")).html).toContain("Nothing unpublished");

    await post(editor, steps.adminPath, { _intent: "move-up", _section: "steps", _id: ids[2]! });
    await post(editor, banner.adminPath.replace(banner.adminPath, editPath(banner, (await apiList(banner))[0]!._id)), {
      _intent: "draft",
      _section: "banner",
      ...(await apiList(banner))[0]!,
      bannerHeading: "Goes out with the order",
    });
    expect((await apiList(steps)).map((r) => r._id)).toEqual(ids);
    const all = await post(editor, "/admin/drafts", { _intent: "publish-all" });
    expect(statusText(all.html)).toBe("2 changes published.");
    expect((await apiList(steps)).map((r) => r._id)).toEqual([ids[0], ids[2], ids[1]]);
    const home = (await page(visitor, "/")).html;
    expect(homeOrder(home)).toEqual(["Step title 11", "Step title 13", "Step title 12"]);
    expect(home).toContain("Goes out with the order");
    expect((await auditOf("content.reorder")).at(-1)).toMatchObject({ actor: "pen@example.com", target: "Steps" });
  });

  it("refuses moves from people without the role", async () => {
    const [first] = await apiList(steps);
    expect((await post(customer, steps.adminPath, { _intent: "move-down", _section: "steps", _id: first!._id })).status).toBe(403);
    expect(await server.services.db.selectFrom("content_order_drafts").selectAll().execute()).toEqual([]);
  });
});
