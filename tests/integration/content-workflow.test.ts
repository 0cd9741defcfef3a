import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SectionDef, sectionDef } from "~/content/registry/sections.ts";
import { sampleValues } from "../fixtures/content-samples.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The content workflow over HTTP, as an editor's browser without JavaScript and an API client
 * use it: drafts stay off the public site until published, the preview is for editors only,
 * publish / discard / schedule (carried out by the server itself), history with a field-by-field
 * diff and restore, delete to the trash and back, and formatted text that refuses and never
 * renders anything unsafe.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let editor: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  customer = await signedUpClient(server, "reader@example.com");
  editor = await signedUpClient(server, "writer@example.com", "quiet-harbor-42", { role: "Editor" });
  admin = await signedUpClient(server, "owner@example.com", "quiet-harbor-42", { admin: true });
});
afterAll(async () => server?.close());

const banner = sectionDef("banner");
const faq = sectionDef("faqItems");
const tidy = (html: string) => html.replaceAll("<!-- -->", "");
const statusText = (html: string) => html.match(/role="status"[^>]*>(.*?)<\/p>/)?.[1];
const alertText = (html: string) => html.match(/role="alert"[^>]*>(.*?)<\/p>/)?.[1];

async function post(client: TestClient, path: string, fields: Record<string, string>) {
  const response = await client.form(path, fields);
  return { status: response.status, html: tidy(await response.text()), location: response.headers.get("location") };
}
const page = async (client: TestClient, path: string) => {
  const response = await client.fetch(path);
  return { status: response.status, headers: response.headers, html: tidy(await response.text()), location: response.headers.get("location") };
};
const publicHome = async () => (await page(visitor, "/")).html;
const apiList = async (def: SectionDef) => (await admin.json("GET", `/api${def.api.list}`)).body as ({ _id: string } & Record<string, string>)[];
const editPath = (def: SectionDef, id: string) => def.editPath.replace(":id", id);
const revisionsOf = (id: string) => server.services.db.selectFrom("content_revisions").selectAll().where("record_id", "=", id).orderBy("created_at").execute();

/** A published banner and FAQ item to work on, made through the API (which publishes at once). */
async function publishedBanner(heading: string) {
  const existing = (await apiList(banner))[0];
  const values = { ...sampleValues(banner, 1), bannerHeading: heading };
  if (existing) return (await admin.json("PUT", `/api/update-banner/${existing._id}`, values)).body.item as { _id: string } & Record<string, string>;
  return (await admin.json("POST", "/api/add-banner", values)).body.item as { _id: string } & Record<string, string>;
}

describe("drafts", () => {
  it("keeps a saved draft off the public site and the API until it is published", async () => {
    const live = await publishedBanner("Heading the public sees");
    const draftValues = { ...live, bannerHeading: "Heading still in draft" };

    const saved = await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...draftValues });
    expect(saved.status).toBe(200);
    expect(statusText(saved.html)).toBe("Draft saved. Visitors see it once you publish it.");
    expect(await publicHome()).toContain("Heading the public sees");
    expect(await publicHome()).not.toContain("Heading still in draft");
    expect((await apiList(banner))[0]!.bannerHeading).toBe("Heading the public sees");

    // The edit screen shows the draft, says it is unpublished, and what it changes.
    const editing = await page(editor, editPath(banner, live._id));
    expect(editing.html).toContain('value="Heading still in draft"');
    expect(editing.html).toContain("Unpublished changes");
    expect(editing.html).toMatch(/<td[^>]*>Heading<\/td><td[^>]*><span[^>]*>Heading the public sees<\/span><\/td><td[^>]*><span[^>]*>Heading still in draft<\/span>/);

    // The list of unpublished changes names it.
    const drafts = await page(editor, "/admin/drafts");
    expect(drafts.html).toContain("<h2");
    expect(drafts.html).toMatch(/>Banner<\/h2>/);
    expect(drafts.html).toContain("Heading still in draft");

    const published = await post(editor, editPath(banner, live._id), { _intent: "publish", _section: "banner", ...draftValues });
    expect(statusText(published.html)).toBe("Banner updated. Visitors see it now.");
    expect(await publicHome()).toContain("Heading still in draft");
    expect((await page(editor, "/admin/drafts")).html).toContain("Nothing unpublished");
  });

  it("saves a new list item as a draft that only the preview shows, then publishes it from the list of changes", async () => {
    const values = { ...sampleValues(faq, 1), accodingTitle: "A question not yet public" };
    const saved = await post(editor, faq.adminPath, { _intent: "draft", _section: "faqItems", ...values });
    expect(statusText(saved.html)).toBe("FAQ item saved as a draft. Visitors see it once you publish it.");
    expect(saved.html).toContain("Draft, not published yet");
    expect((await apiList(faq)).map((r) => r.accodingTitle)).not.toContain("A question not yet public");
    expect(await publicHome()).not.toContain("A question not yet public");
    expect((await page(editor, "/admin/preview")).html).toContain("A question not yet public");

    const draft = await server.services.db.selectFrom("content_drafts").select("record_id").where("section", "=", "faqItems").executeTakeFirstOrThrow();
    const published = await post(editor, "/admin/drafts", { _intent: "publish", _section: "faqItems", _id: draft.record_id, _title: "FAQ items: A question not yet public" });
    expect(statusText(published.html)).toBe("Published: FAQ items: A question not yet public.");
    expect((await apiList(faq)).map((r) => r._id)).toContain(draft.record_id);
    expect(await publicHome()).toContain("A question not yet public");
    expect((await revisionsOf(draft.record_id)).map((r) => r.action)).toEqual(["created"]);
  });

  it("discards a draft: the form shows the published version again; a never-published one is gone", async () => {
    const live = await publishedBanner("Kept heading");
    await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "Thrown away" });
    const discarded = await post(editor, editPath(banner, live._id), { _intent: "discard" });
    expect(statusText(discarded.html)).toBe("Draft discarded. The form shows what the site shows.");
    expect((await page(editor, editPath(banner, live._id))).html).toContain('value="Kept heading"');
    expect((await page(editor, "/admin/preview")).html).not.toContain("Thrown away");

    const fresh = await post(editor, faq.adminPath, { _intent: "draft", _section: "faqItems", ...sampleValues(faq, 6) });
    expect(fresh.status).toBe(200);
    const id = (await server.services.db.selectFrom("content_drafts").select("record_id").where("section", "=", "faqItems").executeTakeFirstOrThrow()).record_id;
    const gone = await post(editor, editPath(faq, id), { _intent: "discard" });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe(faq.adminPath);
    expect((await page(editor, editPath(faq, id))).status).toBe(404);
  });

  it("publishes every draft at once", async () => {
    const live = await publishedBanner("Before publishing all");
    await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "All at once" });
    await post(editor, faq.adminPath, { _intent: "draft", _section: "faqItems", ...sampleValues(faq, 7), accodingTitle: "Also at once" });
    const result = await post(editor, "/admin/drafts", { _intent: "publish-all" });
    expect(statusText(result.html)).toBe("2 changes published.");
    const home = await publicHome();
    expect(home).toContain("All at once");
    expect(home).toContain("Also at once");
  });

  it("refuses to publish a draft that no longer passes the rules, naming its fields by their labels", async () => {
    await post(editor, faq.adminPath, { _intent: "draft", _section: "faqItems", ...sampleValues(faq, 32), accodingTitle: "Drafted under older rules" });
    const db = server.services.db;
    const { record_id: id } = await db.selectFrom("content_drafts").select("record_id").where("data", "like", "%Drafted under older rules%").executeTakeFirstOrThrow();
    // Saved before today's rules: a question longer than the 200 characters allowed now.
    await db.updateTable("content_drafts").set({ data: JSON.stringify({ accodingTitle: "Q".repeat(201), accodingText: "An answer." }) }).where("record_id", "=", id).execute();
    const refused = await post(editor, "/admin/drafts", { _intent: "publish", _section: "faqItems", _id: id });
    expect(refused.status).toBe(409);
    expect(alertText(refused.html)).toBe("The draft no longer passes the rules for FAQ items (Question); open it, correct it and save it again");
    expect(alertText(refused.html)).not.toMatch(/accoding/);
    await post(editor, "/admin/drafts", { _intent: "discard", _section: "faqItems", _id: id });
  });

  it("saving what the site already shows leaves no draft", async () => {
    const live = await publishedBanner("Unchanged heading");
    const saved = await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live });
    expect(statusText(saved.html)).toBe("Nothing changed: this is what the site shows.");
    expect(await server.services.db.selectFrom("content_drafts").select("record_id").where("record_id", "=", live._id).executeTakeFirst()).toBeUndefined();
  });
});

describe("the preview", () => {
  it("shows editors the pages with drafts applied, never cached and never indexed", async () => {
    const live = await publishedBanner("Live banner heading");
    await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "Previewed banner heading" });
    const preview = await page(editor, "/admin/preview");
    expect(preview.status).toBe(200);
    expect(preview.html).toContain("Previewed banner heading");
    expect(preview.html).toContain("Visitors do not see it until it is published");
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
    expect(preview.html).toContain('<meta name="robots" content="noindex"/>');
    expect(preview.html).not.toContain('rel="canonical"');
    for (const path of ["/admin/preview/pricing", "/admin/preview/service"]) {
      const other = await page(admin, path);
      expect(other.status, path).toBe(200);
      expect(other.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(await publicHome()).not.toContain("Previewed banner heading");
  });

  it("is refused to visitors and customers, page and data request alike", async () => {
    for (const path of ["/admin/preview", "/admin/preview/pricing", "/admin/preview/service"]) {
      const asVisitor = await page(visitor, path);
      expect(asVisitor.status, path).toBe(302);
      expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
      const asCustomer = await page(customer, path);
      expect(asCustomer.status, path).toBe(403);
      expect(asCustomer.html).not.toContain("Previewed banner heading");
    }
    const data = await page(customer, "/admin/preview.data");
    expect(data.html).not.toContain("Previewed banner heading");
  });
});

describe("scheduled publishing", () => {
  it("refuses a time in the past, naming the field", async () => {
    const live = await publishedBanner("Schedule base");
    await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "Never scheduled" });
    const refused = await post(editor, editPath(banner, live._id), { _intent: "schedule", publishAt: "2001-01-01T10:00", tzOffset: "0" });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Publish time must be in the future");
    const draft = await server.services.db.selectFrom("content_drafts").select("publish_at").where("record_id", "=", live._id).executeTakeFirstOrThrow();
    expect(draft.publish_at).toBeNull();
  });

  it("is carried out by the server when the time comes; a new time or a cancel leaves the old job with nothing to do", async () => {
    const live = await publishedBanner("Before the schedule");
    await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "Published on time" });
    const inAnHour = new Date(Date.now() + 3_600_000);
    const local = inAnHour.toISOString().slice(0, 16);
    // Entered in a browser two hours ahead of UTC (getTimezoneOffset -120): stored as that moment in UTC.
    const ahead = new Date(inAnHour.getTime() + 2 * 3_600_000).toISOString().slice(0, 16);
    const scheduled = await post(editor, editPath(banner, live._id), { _intent: "schedule", publishAt: ahead, tzOffset: "-120" });
    expect(statusText(scheduled.html)).toMatch(/^Scheduled: it will be published at /);
    const stored = await server.services.db.selectFrom("content_drafts").select("publish_at").where("record_id", "=", live._id).executeTakeFirstOrThrow();
    expect(stored.publish_at).toBe(`${local}:00.000Z`);
    const jobs = await server.services.db.selectFrom("jobs").select(["id", "run_at", "status"]).where("kind", "=", "content.publish-scheduled").execute();
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.run_at).toBe(stored.publish_at);

    // Nothing happens before the time.
    await server.drainJobs();
    expect(await publicHome()).toContain("Before the schedule");

    // Rescheduled: the first job, once due, finds a different time and does nothing.
    const later = new Date(Date.now() + 7_200_000).toISOString().slice(0, 16);
    await post(editor, editPath(banner, live._id), { _intent: "unschedule" });
    await post(editor, editPath(banner, live._id), { _intent: "schedule", publishAt: later, tzOffset: "0" });
    await server.services.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", jobs[0]!.id).execute();
    await server.drainJobs();
    expect(await publicHome()).toContain("Before the schedule");

    // The time comes (the job's run_at is moved, as the clock would): published, no request needed.
    await server.services.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", "content.publish-scheduled").where("status", "=", "pending").execute();
    await server.drainJobs();
    expect(await publicHome()).toContain("Published on time");
    const last = (await revisionsOf(live._id)).at(-1)!;
    expect(last).toMatchObject({ action: "published", note: "Published on schedule", created_by: "writer@example.com" });
    expect(await server.services.db.selectFrom("content_drafts").select("record_id").where("record_id", "=", live._id).executeTakeFirst()).toBeUndefined();
  });

  it("runs once with two server processes on one database, with nobody visiting", async () => {
    const second = await startTestServer({}, { databaseUrl: server.databaseUrl });
    try {
      const live = await publishedBanner("Two processes before");
      await post(editor, editPath(banner, live._id), { _intent: "draft", _section: "banner", ...live, bannerHeading: "Two processes after" });
      await post(editor, editPath(banner, live._id), { _intent: "schedule", publishAt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16), tzOffset: "0" });
      const before = (await revisionsOf(live._id)).length;
      await server.services.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", "content.publish-scheduled").where("status", "=", "pending").execute();
      // Both workers poll every second; whichever claims it publishes.
      await expect
        .poll(async () => (await server.services.db.selectFrom("content_items").select("data").where("id", "=", live._id).executeTakeFirstOrThrow()).data, { timeout: 10_000 })
        .toContain("Two processes after");
      await server.drainJobs();
      await second.drainJobs();
      expect((await revisionsOf(live._id)).length).toBe(before + 1);
    } finally {
      await second.close();
    }
  });
});

describe("history", () => {
  it("lists who changed what, field by field, and restores an older version", async () => {
    const first = await publishedBanner("First version heading");
    await post(editor, editPath(banner, first._id), { _intent: "publish", _section: "banner", ...first, bannerHeading: "Second version heading" });
    const history = await page(editor, `/admin/history/${first._id}`);
    expect(history.status).toBe(200);
    expect(history.html).toContain("<h1");
    expect(history.html).toMatch(/>History of Banner<\/h1>/);
    expect(history.html).toMatch(/Published, \d\d\/\d\d\/\d{4}, \d\d:\d\d:\d\d UTC, by writer@example\.com/);
    expect(history.html).toMatch(/<td[^>]*>Heading<\/td><td[^>]*><span[^>]*>First version heading<\/span><\/td><td[^>]*><span[^>]*>Second version heading<\/span>/);
    expect(history.html).toContain("Saved through the API");

    const revisions = await revisionsOf(first._id);
    const older = [...revisions].reverse().find((r) => r.after?.includes("First version heading"))!;
    const restored = await post(editor, `/admin/history/${first._id}`, { _intent: "restore", _revision: older.id, _when: "then" });
    expect(statusText(restored.html)).toBe("Restored: the site shows the version of then again.");
    expect(await publicHome()).toContain("First version heading");
    const last = (await revisionsOf(first._id)).at(-1)!;
    expect(last.action).toBe("restored");
    expect(last.note).toMatch(/^Restored the version of .* by owner@example\.com$/);

    // Restoring what the site already shows is refused, and nothing is added.
    const again = await post(editor, `/admin/history/${first._id}`, { _intent: "restore", _revision: older.id });
    expect(again.status).toBe(409);
    expect(alertText(again.html)).toBe("The site already shows that version");
  });

  it("refuses to restore a version that no longer passes the rules, naming its fields by their labels", async () => {
    const item = (await admin.json("POST", "/api/add-faq-item", { ...sampleValues(faq, 33), accodingTitle: "Asked under older rules" })).body.item;
    await admin.json("PUT", `/api/faq-item/${item._id}`, { ...sampleValues(faq, 33), accodingTitle: "Asked again" });
    const [created] = await revisionsOf(item._id);
    // A version saved before today's rules: a question over 200 characters and no answer.
    await server.services.db.updateTable("content_revisions").set({ after: JSON.stringify({ accodingTitle: "Q".repeat(201), accodingText: "" }) }).where("id", "=", created!.id).execute();
    const refused = await post(editor, `/admin/history/${item._id}`, { _intent: "restore", _revision: created!.id });
    expect(refused.status).toBe(409);
    expect(alertText(refused.html)).toBe("That version no longer passes the rules for FAQ items (Question, Answer); edit the record instead");
    expect(alertText(refused.html)).not.toMatch(/accoding/);
    expect((await apiList(faq)).find((r) => r._id === item._id)?.accodingTitle).toBe("Asked again");
  });

  it("keeps the payment account's history from editors, and answers 404 for an unknown record", async () => {
    const account = (await admin.json("POST", "/api/add-email", { paypalEmail: "payee@example.com" })).body.item;
    expect((await page(editor, `/admin/history/${account._id}`)).status).toBe(403);
    expect((await page(admin, `/admin/history/${account._id}`)).status).toBe(200);
    expect((await page(editor, "/admin/history/0123456789abcdef01234567")).status).toBe(404);
  });
});

describe("the trash", () => {
  it("takes a deleted item off the site and puts it back where it was", async () => {
    for (const n of [11, 12, 13]) await admin.json("POST", "/api/add-faq-item", { ...sampleValues(faq, n), accodingTitle: `Trash question ${n}` });
    const before = (await apiList(faq)).map((r) => r._id);
    const victim = (await apiList(faq)).find((r) => r.accodingTitle === "Trash question 12")!;
    const deleted = await post(editor, faq.adminPath, { _intent: "delete", _section: "faqItems", _id: victim._id });
    expect(deleted.html).toMatch(/role="status"[^>]*><span>FAQ item deleted. It is in the trash, from where it can be restored.<\/span>/);
    expect((await apiList(faq)).map((r) => r._id)).not.toContain(victim._id);
    expect(await publicHome()).not.toContain("Trash question 12");

    const trash = await page(editor, "/admin/trash");
    expect(trash.html).toContain("Trash question 12");
    expect(trash.html).toContain("writer@example.com");
    const restored = await post(editor, "/admin/trash", { _intent: "restore", _id: victim._id, _title: "“Trash question 12”" });
    expect(statusText(restored.html)).toContain("Restored: “Trash question 12” is back on the site.");
    expect((await apiList(faq)).map((r) => r._id)).toEqual(before);
    expect(await publicHome()).toContain("Trash question 12");
    expect((await page(editor, "/admin/trash")).html).not.toContain("Trash question 12");
    expect((await revisionsOf(victim._id)).map((r) => r.action)).toEqual(["created", "deleted", "undeleted"]);

    // A second restore of the same item: nothing there any more.
    expect((await post(editor, "/admin/trash", { _intent: "restore", _id: victim._id })).status).toBe(404);
  });

  it("deletes through the API to the trash as well, and refuses customers", async () => {
    const item = (await admin.json("POST", "/api/add-faq-item", { ...sampleValues(faq, 14), accodingTitle: "API deleted" })).body.item;
    expect((await admin.json("DELETE", `/api/faq-item/${item._id}`)).status).toBe(200);
    expect((await post(customer, "/admin/trash", { _intent: "restore", _id: item._id })).status).toBe(403);
    expect((await page(customer, "/admin/trash")).status).toBe(403);
    expect((await page(editor, "/admin/trash")).html).toContain("API deleted");
  });
});

describe("formatted text", () => {
  const answer = (text: string) => admin.json("POST", "/api/add-faq-item", { accodingTitle: "Formatted question", accodingText: text });

  it("refuses javascript: links, raw HTML and images, naming the field, and stores nothing", async () => {
    const count = (await apiList(faq)).length;
    for (const [text, message] of [
      ["Click [here](javascript:alert(1))", "Answer: links must start with https://, http://, mailto: or / (a page of this site)"],
      ["Hello <script>alert(1)</script>", "Answer cannot contain HTML tags; use **bold**, *italic* or [link text](https://…) instead"],
      ["Hi <b onclick=x>there</b>", "Answer cannot contain HTML tags; use **bold**, *italic* or [link text](https://…) instead"],
      ["![a picture](https://example.com/a.png)", "Answer cannot show images; use an image field for pictures"],
      ["[data](data:text/html,hi) and [proto](//evil.example)", "Answer: links must start with https://, http://, mailto: or / (a page of this site)"],
    ] as const) {
      const result = await answer(text);
      expect(result.status, text).toBe(400);
      expect(result.body.fields, text).toEqual({ accodingText: message });
    }
    // The page form says the same next to the field.
    const form = await post(editor, faq.adminPath, { _intent: "draft", _section: "faqItems", accodingTitle: "Q", accodingText: "<i>no</i>" });
    expect(form.status).toBe(400);
    expect(form.html).toContain("Answer cannot contain HTML tags");
    expect((await apiList(faq)).length).toBe(count);
  });

  it("renders paragraphs, bold, italic, links and lists on the public page", async () => {
    const created = await answer("First paragraph with **bold** and *italic*.\n\nSee [our prices](/pricing/) or [mail us](mailto:hello@example.com).\n\n- one\n- two");
    expect(created.status).toBe(201);
    const home = await publicHome();
    expect(home).toContain(
      '<div class="formatted pb-4 leading-relaxed text-gray-700"><p>First paragraph with <strong>bold</strong> and <em>italic</em>.</p>\n<p>See <a href="/pricing/">our prices</a> or <a href="mailto:hello@example.com">mail us</a>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul></div>',
    );
    // The FAQ's structured data carries the answer as plain text.
    expect(home).toContain('"text":"First paragraph with bold and italic. See our prices or mail us. one two"');
  });

  it("never renders unsafe markup, even from a value stored before the rules (written to the database directly)", async () => {
    const item = (await answer("Placeholder answer")).body.item;
    const hostile = "<img src=x onerror=alert(1)> [x](javascript:alert(1)) <script>alert(2)</script>";
    await server.services.db.updateTable("content_items").set({ data: JSON.stringify({ accodingTitle: "Stored hostile", accodingText: hostile }) }).where("id", "=", item._id).execute();
    const home = await publicHome();
    expect(home).toContain("&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1)) &lt;script&gt;alert(2)&lt;/script&gt;");
    expect(home).not.toContain("<img src=x");
    expect(home).not.toContain('href="javascript:');
  });
});

describe("the audit log", () => {
  it("has an entry for each editor action of the workflow, with actor and address", async () => {
    const entries = () => server.services.db.selectFrom("audit_log").select(["actor", "ip", "action", "target", "summary"]).orderBy("created_at").execute();
    const before = (await entries()).length;
    const live = await publishedBanner("Audited heading");
    const path = editPath(banner, live._id);
    await post(editor, path, { _intent: "draft", _section: "banner", ...live, bannerHeading: "Audited draft" });
    await post(editor, path, { _intent: "schedule", publishAt: new Date(Date.now() + 3_600_000).toISOString().slice(0, 16), tzOffset: "0" });
    await post(editor, path, { _intent: "unschedule" });
    await post(editor, path, { _intent: "discard" });
    await post(editor, path, { _intent: "publish", _section: "banner", ...live, bannerHeading: "Audited publish" });
    const older = (await revisionsOf(live._id)).find((r) => r.after?.includes("Audited heading"))!;
    await post(editor, `/admin/history/${live._id}`, { _intent: "restore", _revision: older.id });
    const item = (await admin.json("POST", "/api/add-faq-item", { ...sampleValues(faq, 21), accodingTitle: "Audited item" })).body.item;
    await post(editor, faq.adminPath, { _intent: "delete", _section: "faqItems", _id: item._id });
    await post(editor, "/admin/trash", { _intent: "restore", _id: item._id });

    const mine = (await entries()).slice(before).filter((e) => e.actor === "writer@example.com");
    expect(mine.map((e) => e.action)).toEqual(["content.draft", "content.schedule", "content.unschedule", "content.discard", "content.update", "content.update", "content.delete", "content.undelete"]);
    for (const entry of mine) expect(entry.ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(mine[0]!.summary).toBe("Heading: “Audited heading” → “Audited draft”");
    expect(mine[5]!.summary).toMatch(/^Restored the version of .* by owner@example\.com\. Heading: “Audited publish” → “Audited heading”$/);
    expect(mine[7]!.target).toBe(`FAQ items “Audited item” (${item._id})`);
  });
});

describe("the browser bundle", () => {
  it("carries no markdown library: formatted text is rendered on the server only", async () => {
    const { readdirSync, readFileSync } = await import("node:fs");
    const dir = `${process.env.BUILD_DIR ?? "build"}/client/assets`;
    const scripts = readdirSync(dir).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) expect(readFileSync(`${dir}/${file}`, "utf8"), file).not.toMatch(/validateLink|normalizeLinkText|markdown-it/);
  });
});
