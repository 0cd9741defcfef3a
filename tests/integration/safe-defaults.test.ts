import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, pageText, placeOrder } from "./orders-fixtures.ts";

/**
 * Issue 21, safe defaults and deliberate cancelling: the invite form makes the role a choice
 * (the API keeps the spec's default), the payment account changes only typed twice and after
 * showing what changes, Pay now shows only where payment can work, the admin's status page offers
 * only what the order's stage can take, and a customer cancels their own unpaid order only.
 */
let server: TestServer;
let admin: TestClient;
let customer: TestClient;
let other: TestClient;
let plan: string;
const ADMIN = "defaults-admin@example.com";

beforeAll(async () => {
  ({ server, admin, customer } = await startWithPeople("defaults-customer@example.com", ADMIN));
  other = await signedUpClient(server, "defaults-other@example.com");
  plan = await createPlan(admin, "Premium", "199");
});
afterAll(async () => server?.close());

const roleOf = async (email: string) =>
  (await server.services.db.selectFrom("user_roles").select("user_role").where("user_email", "=", email).executeTakeFirst())?.user_role;
const stageOf = async (id: string) => (await server.services.db.selectFrom("orders").select("stage").where("id", "=", id).executeTakeFirstOrThrow()).stage;

describe("the invite form", () => {
  it("preselects no role, and refuses an invite without one; the API still defaults to Admin", async () => {
    const page = await admin.page("/add-user");
    expect(page.html).toMatch(/<option value="" selected="">Choose a role<\/option>/);
    expect(page.html).not.toMatch(/<option value="Admin" selected="">/);

    const refused = await admin.form("/add-user", { intent: "add", userEmail: "no-role@example.com", userRole: "" });
    expect(refused.status).toBe(400);
    expect(pageText(await refused.text())).toContain("Choose a role");
    expect(await roleOf("no-role@example.com")).toBeUndefined();

    const chosen = await admin.form("/add-user", { intent: "add", userEmail: "chosen-editor@example.com", userRole: "Editor" });
    expect(chosen.status).toBe(200);
    expect(await roleOf("chosen-editor@example.com")).toBe("Editor");

    const viaApi = await admin.json("POST", "/api/add-user", { userEmail: "api-default@example.com" });
    expect(viaApi.status).toBe(201);
    expect(viaApi.body.userRole).toBe("Admin");
  });
});

describe("Pay now and the payment account", () => {
  let orderId: string;
  let accountId: string;

  it("without a payment account, no Pay now is offered: the pages say what happens instead", async () => {
    orderId = (await placeOrder(customer, plan))._id;
    for (const path of ["/my-order", "/dashboard", "/pending-order", `/pending-order?placed=${orderId}`, `/orders/${orderId}`]) {
      const { html } = await customer.page(path);
      expect(html, path).not.toContain(`href="/pay-now/${orderId}"`);
      expect(pageText(html), path).toContain("Online payment is not open yet");
    }
  });

  it("once the account exists, Pay now is offered on the unpaid order", async () => {
    const created = await admin.json("POST", "/api/add-email", { paypalEmail: "first-payee@example.com" });
    expect(created.status).toBe(201);
    accountId = created.body.item._id;
    for (const path of ["/my-order", "/pending-order", `/orders/${orderId}`]) {
      const { html } = await customer.page(path);
      expect(html, path).toContain(`href="/pay-now/${orderId}"`);
      expect(pageText(html), path).not.toContain("Online payment is not open yet");
    }
  });

  it("a change of the account needs the address typed twice, on the server too; nothing changes otherwise", async () => {
    const path = `/paypal-email/${accountId}`;
    const form = await admin.page(path);
    expect(form.html).toMatch(/name="paypalEmailRepeat"/);
    for (const [fields, field, text] of [
      [{ paypalEmail: "new-payee@example.com", paypalEmailRepeat: "" }, "paypalEmailRepeat", "Type the address again"],
      [{ paypalEmail: "new-payee@example.com", paypalEmailRepeat: "new-payee@example.org" }, "paypalEmailRepeat", "The two addresses differ"],
      [{ paypalEmail: "first-payee@example.com", paypalEmailRepeat: "first-payee@example.com" }, "paypalEmail", "This is already the payment account"],
    ] as const) {
      for (const intent of ["review", "publish"]) {
        if (intent === "publish" && field === "paypalEmail") continue;
        const refused = await admin.form(path, { _section: "paymentAccount", _intent: intent, ...fields });
        expect(refused.status, `${intent} ${JSON.stringify(fields)}`).toBe(400);
        expect(pageText(await refused.text())).toContain(text);
      }
    }
    expect((await admin.json("GET", "/api/paypal-email")).body[0].paypalEmail).toBe("first-payee@example.com");
  });

  it("the review says what changes and how many started checkouts still pay the old address, and changes nothing yet", async () => {
    // Two unpaid orders whose PayPal checkout was created (PayPal keeps their payee), one without.
    const started = [(await placeOrder(customer, plan))._id, (await placeOrder(other, plan))._id];
    for (const [i, id] of started.entries()) await server.services.db.updateTable("orders").set({ paypal_order_id: `PAYPAL-STARTED-${i}` }).where("id", "=", id).execute();
    const path = `/paypal-email/${accountId}`;
    const review = await admin.form(path, { _section: "paymentAccount", _intent: "review", paypalEmail: "New-Payee@Example.com", paypalEmailRepeat: "new-payee@example.com" });
    expect(review.status).toBe(200);
    const text = pageText(await review.text());
    // The repeat is compared regardless of case (PayPal addresses are).
    expect(text).toContain("The next checkouts pay New-Payee@Example.com instead of first-payee@example.com");
    expect(text).toContain("2 started, unpaid checkouts still pay first-payee@example.com");
    expect((await admin.json("GET", "/api/paypal-email")).body[0].paypalEmail).toBe("first-payee@example.com");

    const done = await admin.form(path, { _section: "paymentAccount", _intent: "publish", paypalEmail: "new-payee@example.com", paypalEmailRepeat: "new-payee@example.com" });
    expect(done.status).toBe(200);
    expect(pageText(await done.text())).toContain("Payment account updated.");
    expect((await admin.json("GET", "/api/paypal-email")).body[0].paypalEmail).toBe("new-payee@example.com");
    // The spec's API call keeps its one field.
    expect((await admin.json("PUT", `/api/paypal-email/${accountId}`, { paypalEmail: "api-payee@example.com" })).status).toBe(200);
  });
});

describe("the admin's order status choices", () => {
  it("offer only what the order's stage can take; a cancelled order offers none", async () => {
    const unpaid = (await placeOrder(customer, plan))._id;
    const unpaidPage = await admin.page(`/admin/payment-status/${unpaid}`);
    expect(unpaidPage.html).not.toMatch(/<input[^>]*name="orderStatus"[^>]*value="Delivered"/);
    expect(pageText(unpaidPage.html)).toContain("cannot change it here");

    const cancelled = (await placeOrder(customer, plan))._id;
    expect((await customer.json("PUT", `/api/order-cancelled/${cancelled}`)).status).toBe(200);
    const cancelledPage = await admin.page(`/admin/payment-status/${cancelled}`);
    expect(cancelledPage.html).not.toMatch(/name="orderStatus"/);
    expect(pageText(cancelledPage.html)).toContain("An order that is cancelled cannot change it here.");
    // The server refuses what is not offered.
    expect((await admin.form(`/admin/payment-status/${cancelled}`, { orderStatus: "Delivered" })).status).toBe(409);

    const paid = (await placeOrder(customer, plan))._id;
    await server.services.db.transaction().execute(async (trx) => {
      const { moveOrder } = await import("~/orders/stages.server.ts");
      await moveOrder(trx, paid, "pay", "test");
    });
    const paidPage = await admin.page(`/admin/payment-status/${paid}`);
    expect(paidPage.html).toMatch(/<input[^>]*name="orderStatus"[^>]*value="Delivered"/);
    expect(paidPage.html).toMatch(/<input[^>]*name="orderStatus"[^>]*value="Pending"/);
  });
});

describe("cancelling an order", () => {
  it("the customer's unpaid order offers Cancel order behind a confirmation, and cancels it", async () => {
    const id = (await placeOrder(customer, plan))._id;
    const page = pageText((await customer.page(`/orders/${id}`)).html);
    expect(page).toContain("Cancel order");
    expect(page).toContain("Yes, cancel this order");
    const done = await customer.form(`/orders/${id}`, { intent: "cancel" });
    expect(done.status).toBe(200);
    expect(pageText(await done.text())).toContain("Your order is cancelled.");
    expect(await stageOf(id)).toBe("cancelled");
    expect(pageText((await customer.page(`/orders/${id}`)).html)).not.toContain("Yes, cancel this order");
  });

  it("someone else's order is a 404 and stays as it is; a paid order is refused", async () => {
    const id = (await placeOrder(customer, plan))._id;
    expect((await other.form(`/orders/${id}`, { intent: "cancel" })).status).toBe(404);
    expect((await admin.form(`/orders/${id}`, { intent: "cancel" })).status).toBe(403);
    expect(await stageOf(id)).toBe("ordered");

    await server.services.db.transaction().execute(async (trx) => {
      const { moveOrder } = await import("~/orders/stages.server.ts");
      await moveOrder(trx, id, "pay", "test");
    });
    expect(pageText((await customer.page(`/orders/${id}`)).html)).not.toContain("Cancel order");
    const refused = await customer.form(`/orders/${id}`, { intent: "cancel" });
    expect(refused.status).toBe(409);
    expect(await stageOf(id)).toBe("paid");
  });
});
