import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { png } from "../fixtures/images.ts";
import { csv, docx, pdf, xlsx } from "../fixtures/office.ts";
import { type Mail, PASSWORD, signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { customerFields, pageText, payThroughStandin, placeOrder, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * The order as the place where the work happens (issue 20, docs/decisions/0026): the brief, the
 * stages, the conversation with its files and mails, deliveries and approval, and who may see any
 * of it. Over HTTP against the real server, on SQLite and PostgreSQL.
 */
let server: TestServer;
let admin: TestClient;
let alice: TestClient;
let bob: TestClient;
let editor: TestClient;
let visitor: TestClient;
let premium: string;
const ADMIN = "boss@example.com";

beforeAll(async () => {
  server = await startTestServer({ ORDER_FILE_MAX_MB: "1" });
  admin = await signedUpClient(server, ADMIN, PASSWORD, { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  bob = await signedUpClient(server, "bob@example.com");
  editor = await signedUpClient(server, "ed@example.com", PASSWORD, { role: "Editor" });
  visitor = server.client();
  const plan = await admin.json("POST", "/api/add-pricing", { packageName: "Premium", packagePrice: "199", packageButtonText: "Go", packagePointOne: "Audit", deliveryDays: "30" });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  premium = plan.body.item._id;
  await setPaymentAccount(admin, "payments@rankwell.example");
});
afterAll(async () => server?.close());

const db = () => server.services.db;
const order = async (id: string) => (await alice.json("GET", `/api/order/${id}`)).body;

/** A multipart post, as a browser sends a form with files. */
function multipart(client: TestClient, path: string, fields: Record<string, string>, files: { field: string; name: string; bytes: Uint8Array; type?: string }[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  return client.fetch(path, { method: "POST", body: form });
}

const linkIn = (mail: Mail) => new URL(mail.text.match(/https?:\/\/\S+\/(admin\/)?orders\/[0-9a-f]{24}/)![0]).pathname;

/** A paid Premium order of Alice's. */
async function paidOrder(): Promise<string> {
  const placed = await placeOrder(alice, premium);
  await payThroughStandin(alice, placed._id);
  return placed._id;
}

const goodBrief = { website: "https://www.alice-bakery.example", keywords: ["bakery london", "sourdough delivery"], goals: "More orders" };

describe("the brief", () => {
  it("every plan starts with the default questions; a part is saved, sending needs the required answers", async () => {
    const id = await paidOrder();
    const brief = await alice.json("GET", `/api/orders/${id}/brief`);
    expect(brief.status).toBe(200);
    expect(brief.body.questions.map((q: { key: string }) => q.key)).toEqual(["website", "keywords", "competitors", "goals", "access"]);
    expect(brief.body.questions[0]).toMatchObject({ kind: "url", required: true });

    // A part: nothing required yet, but what is given must be well-formed.
    const part = await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { goals: "Bread orders" } });
    expect(part).toMatchObject({ status: 200, body: { message: "Brief saved.", item: { answers: { goals: "Bread orders" }, submittedAt: null } } });
    expect((await order(id)).stage).toBe("paid");

    const missing = await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { goals: "Bread orders" }, send: true });
    expect(missing).toMatchObject({ status: 400, body: { error: "Please check the field: Your website.", fields: { "answer.website": "Your website is required" } } });
    const malformed = await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { website: "javascript:alert(1)" }, send: true });
    expect(malformed.status).toBe(400);
    expect(malformed.body.fields["answer.website"]).toMatch(/must be a full address starting with http/);
    const tooMany = await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { ...goodBrief, keywords: Array.from({ length: 21 }, (_, i) => `kw ${i}`) } });
    expect(tooMany.body.fields["answer.keywords"]).toMatch(/at most 20 keywords/);
    // Refusals stored nothing: the saved part is as it was.
    expect((await alice.json("GET", `/api/orders/${id}/brief`)).body.answers).toEqual({ goals: "Bread orders" });

    const mails = await server.mailsFrom(() => alice.json("PUT", `/api/orders/${id}/brief`, { answers: goodBrief, send: true }));
    const sent = await order(id);
    expect(sent.stage).toBe("brief-received");
    // Due 30 days (the plan's delivery time) after the brief arrived.
    const arrived = sent.stageHistory.at(-1);
    expect(arrived).toMatchObject({ stage: "brief-received", label: "Brief received", by: "alice@example.com" });
    expect(Date.parse(sent.dueAt) - Date.parse(arrived.at)).toBe(30 * 86_400_000);
    expect(mails).toEqual([expect.objectContaining({ to: ADMIN, subject: expect.stringMatching(/^Brief received: Premium order/) })]);
    expect(linkIn(mails[0]!)).toBe(`/admin/orders/${id}`);
  });

  it("answered on the order form, the brief arrives with the payment", async () => {
    const form = await alice.form(`/order-now/${premium}`, { ...customerFields, "answer.website": "https://early.example", "answer.keywords": "early bird\nworm" });
    expect(form.status).toBe(302);
    const id = new URL(form.headers.get("location")!, server.url).searchParams.get("placed")!;
    expect((await alice.json("GET", `/api/orders/${id}/brief`)).body).toMatchObject({ answers: { website: "https://early.example", keywords: ["early bird", "worm"] } });
    expect((await order(id)).stage).toBe("ordered");
    await payThroughStandin(alice, id);
    expect((await order(id)).stageHistory.map((s: { stage: string }) => s.stage)).toEqual(["ordered", "paid", "brief-received"]);
  });

  it("a malformed answer on the order form is named next to its field and no order is placed", async () => {
    const before = (await alice.json("GET", "/api/orders")).body.total;
    const form = await alice.form(`/order-now/${premium}`, { ...customerFields, "answer.website": "not a url" });
    expect(form.status).toBe(400);
    expect(pageText(await form.text())).toContain("Your website must be a full address");
    expect((await alice.json("GET", "/api/orders")).body.total).toBe(before);
  });

  it("the brief page saves a part and sends, with errors next to their fields", async () => {
    const id = await paidOrder();
    const saved = await alice.form(`/orders/${id}/brief`, { intent: "save", "answer.goals": "Bake" });
    expect(saved.status).toBe(200);
    expect(pageText(await saved.text())).toContain("Your brief is saved");
    const refused = await alice.form(`/orders/${id}/brief`, { intent: "send", "answer.goals": "Bake", "answer.website": "ftp://x" });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    // The message sits next to its field, tied to it for screen readers.
    const input = html.match(/<input[^>]*name="answer.website"[^>]*>/)![0];
    expect(input).toContain('aria-invalid="true"');
    const errorId = /aria-describedby="([^" ]*-error)/.exec(input)![1];
    expect(html).toContain(`id="${errorId}" class="mt-1 text-sm font-medium text-red-700">Your website must be a full address`);
    expect(pageText(html)).toContain("Your website must be a full address");
    const sent = await alice.form(`/orders/${id}/brief`, { intent: "send", "answer.goals": "Bake", "answer.website": "https://bake.example" });
    expect(pageText(await sent.text())).toContain("Thank you: your brief is sent.");
    expect((await order(id)).stage).toBe("brief-received");
  });

  it("Admins change a plan's questions; orders keep the questions they were placed with", async () => {
    const earlier = await placeOrder(alice, premium);
    const page = `/admin/briefs/${premium}`;
    expect((await admin.form(page, { _intent: "add", label: "Which CMS do you use?", kind: "choice", options: "WordPress\nShopify\nOther", required: "on" })).status).toBe(200);
    const lonely = await admin.form(page, { _intent: "add", label: "Pick one", kind: "choice", options: "Only" });
    expect(lonely.status).toBe(400);
    expect(pageText(await lonely.text())).toContain("A choice needs at least two choices");
    expect((await admin.form(page, { _intent: "remove", key: "competitors" })).status).toBe(200);
    expect((await admin.form(page, { _intent: "up", key: "q6" })).status).toBe(200);
    const later = await placeOrder(alice, premium);
    const keys = async (id: string) => (await alice.json("GET", `/api/orders/${id}/brief`)).body.questions.map((q: { key: string }) => q.key);
    expect(await keys(earlier._id)).toEqual(["website", "keywords", "competitors", "goals", "access"]);
    expect(await keys(later._id)).toEqual(["website", "keywords", "goals", "q6", "access"]);
    const wrong = await alice.json("PUT", `/api/orders/${later._id}/brief`, { answers: { website: "https://a.example", q6: "Drupal" }, send: true });
    expect(wrong.body.fields["answer.q6"]).toBe("Which CMS do you use?: choose one of WordPress, Shopify, Other");
    const audit = await db().selectFrom("audit_log").select(["action", "summary"]).where("action", "=", "brief.questions").execute();
    expect(audit.map((a) => a.summary)).toEqual(["Added “Which CMS do you use?”", "Removed “Main competitors”", "Moved “Which CMS do you use?” up"]);
    // Back to the defaults for the tests that follow.
    await db().deleteFrom("brief_questions").execute();
  });

  it("a file question: uploaded on the brief page, checked like every order file; the API names a file of the order", async () => {
    expect((await admin.form(`/admin/briefs/${premium}`, { _intent: "add", label: "Your logo", kind: "file" })).status).toBe(200);
    const id = await paidOrder();
    const key = (await alice.json("GET", `/api/orders/${id}/brief`)).body.questions.at(-1).key;
    const disguised = await multipart(alice, `/orders/${id}/brief`, { intent: "save" }, [{ field: `file.${key}`, name: "logo.png", bytes: Buffer.from("MZ\x90\x00") }]);
    expect(disguised.status).toBe(400);
    expect(pageText(await disguised.text())).toContain("logo.png is a Windows program");
    const saved = await multipart(alice, `/orders/${id}/brief`, { intent: "save" }, [{ field: `file.${key}`, name: "logo.png", bytes: await png(30, 30) }]);
    expect(saved.status).toBe(200);
    const brief = (await alice.json("GET", `/api/orders/${id}/brief`)).body;
    expect(brief.answers[key]).toMatch(/^[0-9a-f]{32}$/);
    expect((await alice.page(`/orders/${id}`)).html).toContain(`/orders/${id}/files/${brief.answers[key]}/logo.png`);
    const other = await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { website: "https://a.example", [key]: "f".repeat(32) } });
    expect(other.body.fields[`answer.${key}`]).toMatch(/^Your logo: not a file of this order/);
    const posted = await multipart(alice, `/api/orders/${id}/messages`, { body: "New logo" }, [{ field: "files", name: "logo2.png", bytes: await png(20, 20) }]);
    const second = (await posted.json()).item.files[0].id;
    expect((await alice.json("PUT", `/api/orders/${id}/brief`, { answers: { website: "https://a.example", [key]: second } })).body.item.answers[key]).toBe(second);
    await db().deleteFrom("brief_questions").execute();
  });
});

describe("stages, delivery and approval", () => {
  it("refuses steps the stage does not allow: deliver unpaid, approve before delivery, start before the brief", async () => {
    const unpaid = await placeOrder(alice, premium);
    const deliverUnpaid = await multipart(admin, `/api/orders/${unpaid._id}/deliver`, { summary: "Audit" }, [{ field: "files", name: "audit.pdf", bytes: pdf() }]);
    expect(deliverUnpaid.status).toBe(409);
    expect((await deliverUnpaid.json()).error).toBe("An unpaid order cannot be delivered.");
    expect((await admin.json("PUT", `/api/order-status/${unpaid._id}`, { orderStatus: "Delivered" })).status).toBe(409);
    const paid = await paidOrder();
    expect((await alice.json("POST", `/api/orders/${paid}/approve`)).body.error).toMatch(/Only delivered work can be approved/);
    expect((await admin.json("POST", `/api/orders/${paid}/start`)).status).toBe(409);
    // Each side's steps are its own.
    expect((await alice.json("POST", `/api/orders/${paid}/start`)).status).toBe(403);
    expect((await admin.json("POST", `/api/orders/${paid}/approve`)).status).toBe(403);
    expect(await db().selectFrom("order_deliveries").selectAll().where("order_id", "=", unpaid._id).execute()).toEqual([]);
  });

  it("brief → start → deliver → changes → start → deliver → approve, each on the timeline, in the audit log and mailed", async () => {
    const id = await paidOrder();
    await alice.json("PUT", `/api/orders/${id}/brief`, { answers: goodBrief, send: true });
    const started = await server.mailsFrom(() => admin.json("POST", `/api/orders/${id}/start`));
    expect(started).toEqual([expect.objectContaining({ to: "alice@example.com", subject: expect.stringMatching(/^We started on your Premium order/) })]);

    const noFiles = await admin.json("POST", `/api/orders/${id}/deliver`, { summary: "Here it is" });
    expect(noFiles).toMatchObject({ status: 400, body: { fields: { files: "Attach at least one file" } } });
    let delivered: Response | undefined;
    const deliveryMails = await server.mailsFrom(async () => {
      delivered = await multipart(admin, `/api/orders/${id}/deliver`, { summary: "Your audit: 12 fixes" }, [
        { field: "files", name: "audit.pdf", bytes: pdf() },
        { field: "files", name: "rankings.csv", bytes: csv() },
      ]);
    });
    expect(delivered!.status).toBe(200);
    expect(deliveryMails).toEqual([expect.objectContaining({ to: "alice@example.com", subject: expect.stringMatching(/is ready to review$/) })]);
    expect(linkIn(deliveryMails[0]!)).toBe(`/orders/${id}`);
    expect((await order(id)).orderStatus).toBe("Delivered");

    expect((await alice.json("POST", `/api/orders/${id}/request-changes`, {})).body.fields).toEqual({ comment: "Say what should change" });
    const changeMails = await server.mailsFrom(() => alice.json("POST", `/api/orders/${id}/request-changes`, { comment: "Add the blog pages" }));
    expect(changeMails).toEqual([expect.objectContaining({ to: ADMIN, subject: expect.stringMatching(/^Changes requested/), text: expect.stringContaining("Add the blog pages") })]);
    const afterChanges = await order(id);
    expect(afterChanges).toMatchObject({ stage: "changes-requested", orderStatus: "Pending" });
    expect(afterChanges.stageHistory.at(-1)).toMatchObject({ stage: "changes-requested", note: "Add the blog pages", by: "alice@example.com" });
    // The comment is in the conversation too.
    expect((await admin.json("GET", `/api/orders/${id}/messages`)).body.items.at(-1)).toMatchObject({ side: "customer", body: "Changes requested: Add the blog pages" });

    expect((await admin.json("POST", `/api/orders/${id}/start`)).status).toBe(200);
    expect((await multipart(admin, `/api/orders/${id}/deliver`, { summary: "With the blog pages" }, [{ field: "files", name: "audit-v2.docx", bytes: docx() }])).status).toBe(200);
    const approved = await server.mailsFrom(() => alice.json("POST", `/api/orders/${id}/approve`));
    expect(approved).toEqual([expect.objectContaining({ to: ADMIN, subject: expect.stringMatching(/^Approved: Premium order/) })]);

    const final = await order(id);
    expect(final).toMatchObject({ stage: "approved", stageLabel: "Approved", orderStatus: "Delivered", paymentStatus: "Paid" });
    expect(final.stageHistory.map((s: { stage: string }) => s.stage)).toEqual(["ordered", "paid", "brief-received", "in-progress", "delivered", "changes-requested", "in-progress", "delivered", "approved"]);
    const audit = await db().selectFrom("audit_log").select(["action", "actor"]).where("target", "like", `Order ${id}%`).orderBy("created_at").execute();
    expect(audit.map((a) => `${a.action} ${a.actor}`)).toEqual([
      "order.brief alice@example.com",
      `order.start ${ADMIN}`,
      `order.deliver ${ADMIN}`,
      "order.changes alice@example.com",
      `order.start ${ADMIN}`,
      `order.deliver ${ADMIN}`,
      "order.approve alice@example.com",
    ]);
    // The customer's page shows both deliveries and the timeline, with dates.
    const page = pageText((await alice.page(`/orders/${id}`)).html);
    expect(page).toContain("Delivery 1");
    expect(page).toContain("Delivery 2");
    expect(page).toContain("You approved the work. Thank you!");
  });

  it("an order past its due date is overdue for Admins, in the list and on the dashboard", async () => {
    const id = await paidOrder();
    await alice.json("PUT", `/api/orders/${id}/brief`, { answers: goodBrief, send: true });
    const overdue = async () => (await admin.json("GET", "/api/orders?waiting=overdue")).body.items.map((o: { _id: string }) => o._id);
    expect(await overdue()).not.toContain(id);
    await db().updateTable("orders").set({ due_at: "2020-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    expect(await overdue()).toContain(id);
    expect((await admin.json("GET", "/api/orders?waiting=us")).body.items.map((o: { _id: string }) => o._id)).toContain(id);
    expect((await admin.json("GET", "/api/orders?waiting=customer")).body.items.map((o: { _id: string }) => o._id)).not.toContain(id);
    const page = (await admin.page(`/admin/orders/${id}`)).html;
    expect(pageText(page)).toContain("Overdue: it was due on 01/01/2020.");
    const dashboard = pageText((await admin.page("/admin")).html);
    expect(dashboard).toMatch(/Overdue [1-9]/);
    expect(pageText((await admin.page("/total-orders?waiting=overdue")).html)).toContain("Overdue: orders (");
    // The customer is not told it is overdue.
    expect(pageText((await alice.page(`/orders/${id}`)).html)).not.toContain("Overdue");
  });
});

describe("the conversation", () => {
  it("a message each way, mailed to the other side with the order's link, counted unread until read", async () => {
    const id = await paidOrder();
    const unreadOnDashboard = async () => /Unread order messages (\d+)/.exec(pageText((await admin.page("/admin")).html))![1];
    const before = Number(await unreadOnDashboard());
    const toAgency = await server.mailsFrom(() => alice.json("POST", `/api/orders/${id}/messages`, { body: "Hi! <b>Can</b> you start next week?" }));
    expect(toAgency).toEqual([expect.objectContaining({ to: ADMIN, subject: expect.stringContaining("New message from Ada Lovelace") })]);
    expect(linkIn(toAgency[0]!)).toBe(`/admin/orders/${id}`);
    expect(Number(await unreadOnDashboard())).toBe(before + 1);
    // Shown as text, never as HTML.
    const adminPage = await admin.page(`/admin/orders/${id}`);
    expect(adminPage.html).toContain("Hi! &lt;b&gt;Can&lt;/b&gt; you start next week?");
    expect(Number(await unreadOnDashboard())).toBe(before);

    let posted: Response | undefined;
    const toCustomer = await server.mailsFrom(async () => {
      posted = await multipart(admin, `/api/orders/${id}/messages`, { body: "Yes. Here is our plan." }, [{ field: "files", name: "plan.xlsx", bytes: xlsx() }]);
    });
    expect(posted!.status).toBe(201);
    const message = (await posted!.json()).item;
    expect(message).toMatchObject({ side: "agency", author: ADMIN, files: [{ name: "plan.xlsx", contentType: expect.stringContaining("spreadsheetml") }] });
    expect(toCustomer).toEqual([expect.objectContaining({ to: "alice@example.com", subject: expect.stringMatching(/^New message about your Premium order/), text: expect.stringContaining("Attached: plan.xlsx") })]);
    expect(linkIn(toCustomer[0]!)).toBe(`/orders/${id}`);
    expect(pageText((await alice.page("/dashboard")).html)).toMatch(/Messages from us 1 unread/);
    expect((await alice.json("GET", `/api/orders/${id}/messages`)).body.items.map((m: { side: string }) => m.side)).toEqual(["customer", "agency"]);
    expect(pageText((await alice.page("/dashboard")).html)).toMatch(/Messages from us No unread messages/);
  });

  it("attachments: checked from the bytes, bounded in size; a refused post stores nothing", async () => {
    const id = await paidOrder();
    const count = async () => (await db().selectFrom("order_messages").selectAll().where("order_id", "=", id).execute()).length;
    const good = await multipart(alice, `/api/orders/${id}/messages`, { body: "Our logo" }, [{ field: "files", name: "logo.png", bytes: await png(40, 30) }]);
    expect(good.status).toBe(201);
    const disguised = await multipart(alice, `/api/orders/${id}/messages`, { body: "Report" }, [{ field: "files", name: "report.pdf", bytes: Buffer.from("MZ\x90\x00 a windows program"), type: "application/pdf" }]);
    expect(disguised.status).toBe(400);
    expect((await disguised.json()).error).toBe("report.pdf is a Windows program. Send a PDF, PNG, JPEG, WebP, CSV, Excel (XLSX) or Word (DOCX) file.");
    const large = await multipart(alice, `/api/orders/${id}/messages`, { body: "Big" }, [{ field: "files", name: "big.pdf", bytes: Buffer.concat([pdf(), Buffer.alloc(1_100_000, 32)]) }]);
    expect(large.status).toBe(413);
    expect((await large.json()).error).toMatch(/A file is larger than 1 MB/);
    const empty = await alice.json("POST", `/api/orders/${id}/messages`, { body: "   " });
    expect(empty).toMatchObject({ status: 400, body: { error: "Write a message or attach a file." } });
    expect(await count()).toBe(1);
    // A page form with a disguised file shows the refusal with the form.
    const page = await multipart(alice, `/orders/${id}`, { intent: "message", body: "Again" }, [{ field: "files", name: "x.docx", bytes: Buffer.from("PK\x03\x04 not really") }]);
    expect(page.status).toBe(400);
    expect(pageText(await page.text())).toContain("x.docx is a ZIP archive");
    expect(await count()).toBe(1);
  });
});

describe("who sees an order", () => {
  let id: string;
  let fileUrl: string;
  beforeAll(async () => {
    id = await paidOrder();
    const posted = await multipart(alice, `/api/orders/${id}/messages`, { body: "Private notes" }, [{ field: "files", name: "notes.pdf", bytes: pdf("secret") }]);
    fileUrl = (await posted.json()).item.files[0].url;
  });

  it("its customer and Admins download its files as attachments, never cached by a shared cache", async () => {
    expect(fileUrl).toMatch(new RegExp(`^/orders/${id}/files/[0-9a-f]{32}/notes\\.pdf$`));
    for (const client of [alice, admin]) {
      const response = await client.fetch(fileUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="notes.pdf"; filename*=UTF-8''notes.pdf`);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await response.arrayBuffer()).toString()).toContain("secret");
    }
  });

  it("another customer, an Editor and a visitor get nothing of it: pages, calls or files", async () => {
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/order/${id}`],
      ["GET", `/api/orders/${id}/brief`],
      ["PUT", `/api/orders/${id}/brief`, { answers: { website: "https://x.example" } }],
      ["GET", `/api/orders/${id}/messages`],
      ["POST", `/api/orders/${id}/messages`, { body: "hello" }],
      ["POST", `/api/orders/${id}/start`],
      ["POST", `/api/orders/${id}/deliver`, { summary: "x" }],
      ["POST", `/api/orders/${id}/approve`],
      ["POST", `/api/orders/${id}/request-changes`, { comment: "x" }],
    ];
    for (const [who, client, status] of [["other customer", bob, 404], ["editor", editor, 404], ["visitor", visitor, 401]] as const) {
      for (const [method, path, body] of calls) {
        const answer = await client.json(method, path, body ?? (method === "GET" ? undefined : {}));
        expect(`${who} ${method} ${path}: ${answer.status}`).toBe(`${who} ${method} ${path}: ${status}`);
      }
      for (const page of [`/orders/${id}`, `/orders/${id}/brief`, fileUrl]) {
        const answer = await client.fetch(page);
        const got = answer.status === 302 ? "login" : String(answer.status);
        expect(`${who} ${page}: ${got}`).toBe(`${who} ${page}: ${who === "visitor" ? "login" : "404"}`);
      }
      const adminPage = await client.fetch(`/admin/orders/${id}`);
      expect(`${who} admin page: ${adminPage.status}`).toBe(`${who} admin page: ${who === "visitor" ? 302 : 403}`);
    }
    // A guessed file id of the right shape is a 404 even for the owner.
    expect((await alice.fetch(`/orders/${id}/files/${"0".repeat(32)}/notes.pdf`)).status).toBe(404);
    // The file is not part of the public media library.
    expect((await admin.json("GET", "/api/media")).body.items.map((f: { name: string }) => f.name)).not.toContain("notes.pdf");
    expect((await db().selectFrom("order_messages").selectAll().where("order_id", "=", id).execute()).length).toBe(1);
  });
});
