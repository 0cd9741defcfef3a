import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import {
  createPlan,
  customerFields,
  pageText,
  payForm,
  placeOrder,
  eventIds,
  sendIpn,
  setPaymentAccount,
  tableRows,
  todayShown,
  waitForNotification,
} from "./orders-fixtures.ts";

/**
 * Ordering, the customer and admin order screens, cancelling, and paying with Payments Standard
 * (PAYPAL_CHECKOUT=standard: the form post and IPN) through the local PayPal stand-in
 * (PAYPAL_MODE=standin): the whole loop over real HTTP. PayPal Checkout on the REST API, the
 * default, is in paypal-checkout.test.ts.
 */
let server: TestServer;
let admin: TestClient;
let alice: TestClient;
let bob: TestClient;
let premium: string;
let basic: string;
const ACCOUNT = "payments@rankwell.test";

beforeAll(async () => {
  server = await startTestServer({ PAYPAL_CHECKOUT: "standard" });
  admin = await signedUpClient(server, "owner@example.com", "quiet-harbor-42", { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  bob = await signedUpClient(server, "bob@example.com");
  premium = await createPlan(admin, "Premium", "149.99");
  basic = await createPlan(admin, "Basic", "49");
});
afterAll(async () => server?.close());

const getOrder = async (client: TestClient, id: string) => client.json("GET", `/api/order/${id}`);

describe("before a payment account exists", () => {
  it("the order page says up front that online payment is not set up", async () => {
    expect(pageText((await alice.page(`/order-now/${basic}`)).html)).toContain("Online payment is not set up yet");
  });

  it("the pay page says so instead of showing a form, and the admin's Payment card leads to adding one", async () => {
    const order = await placeOrder(alice, basic);
    const page = await alice.page(`/pay-now/${order._id}`);
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toContain("no payment account has been set up yet");
    expect(payForm(page.html)).toBeUndefined();
    expect((await admin.page("/admin")).html).toContain('href="/add-paypal-Email"');
    expect(pageText((await admin.page("/admin")).html)).toContain("No payment account email is set, so customers cannot pay online.");

    await setPaymentAccount(admin, ACCOUNT);
    expect(pageText((await alice.page(`/order-now/${basic}`)).html)).not.toContain("Online payment is not set up yet");
    expect(pageText((await admin.page("/admin")).html)).not.toContain("No payment account email is set");
    const account = (await admin.json("GET", "/api/paypal-email")).body[0];
    expect((await admin.page("/admin")).html).toContain(`href="/paypal-email/${account._id}"`);
  });
});

describe("placing an order", () => {
  it("shows the plan, its price and the account's email (disabled) on the order page", async () => {
    const page = await alice.page(`/order-now/${premium}`);
    expect(page.status).toBe(200);
    const text = pageText(page.html);
    expect(text).toContain("Order the Premium plan");
    expect(page.html).toMatch(/value="\$149.99 USD"/);
    const emailInput = /<input[^>]*value="alice@example.com"[^>]*>/.exec(page.html)?.[0];
    expect(emailInput).toMatch(/ disabled=""/);
    expect((await alice.page("/order-now/0123456789abcdef01234567")).status).toBe(404);
    expect((await server.client().page(`/order-now/${premium}`)).location).toMatch(/^\/login\?redirectTo=/);
  });

  it("ignores a tampered price, package, email, status and date in the order form", async () => {
    const response = await alice.form(`/order-now/${premium}`, {
      ...customerFields,
      customerName: "Tampered Form",
      packageName: "Basic",
      packagePrice: "0.01",
      packagePriceShown: "0.01",
      customerEmail: "bob@example.com",
      paymentStatus: "Paid",
      orderStatus: "Delivered",
      orderDate: "2001-01-01T00:00:00.000Z",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/pending-order\?placed=[0-9a-f]{24}$/);
    const { body } = await alice.json("GET", "/api/orders");
    const order = body.items.find((o: { customerName: string }) => o.customerName === "Tampered Form");
    expect(order).toMatchObject({
      packageName: "Premium",
      packagePrice: "149.99",
      customerEmail: "alice@example.com",
      paymentStatus: "UnPaid",
      orderStatus: "Pending",
      planId: premium,
    });
    expect(Date.now() - Date.parse(order.orderDate)).toBeLessThan(60_000);
  });

  it("ignores the same in POST /api/new-order, which takes the plan by id or by name", async () => {
    const tampered = { packagePrice: "1", customerEmail: "bob@example.com", paymentStatus: "Paid", orderStatus: "Delivered", orderDate: "2001-01-01" };
    const byId = await alice.json("POST", "/api/new-order", { planId: basic, ...customerFields, ...tampered });
    expect(byId.status).toBe(201);
    expect(byId.body).toMatchObject({ packageName: "Basic", packagePrice: "49.00", customerEmail: "alice@example.com", paymentStatus: "UnPaid", orderStatus: "Pending" });
    const byName = await alice.json("POST", "/api/new-order", { packageName: "Premium", ...customerFields, ...tampered });
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({ packageName: "Premium", packagePrice: "149.99", paymentStatus: "UnPaid" });
    // The stored row agrees with what the API answered.
    const row = await server.services.db.selectFrom("orders").selectAll().where("id", "=", byName.body._id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ price_cents: 14999, customer_email: "alice@example.com", payment_status: "UnPaid", order_status: "Pending" });
  });

  it("requires name, address and country, and an existing plan", async () => {
    const response = await alice.form(`/order-now/${premium}`, { customerName: " ", customerAddress: "", customerCountry: "" });
    expect(response.status).toBe(400);
    const text = pageText(await response.text());
    for (const message of ["Name is required", "Address is required", "Country is required"]) expect(text).toContain(message);
    expect((await alice.json("POST", "/api/new-order", { ...customerFields })).status).toBe(400);
    expect((await alice.json("POST", "/api/new-order", { ...customerFields, planId: "0123456789abcdef01234567" })).status).toBe(404);
    expect((await alice.json("POST", "/api/new-order", { ...customerFields, packageName: "Platinum" })).status).toBe(404);
    expect((await server.client().json("POST", "/api/new-order", { ...customerFields, planId: premium })).status).toBe(401);
  });

  it("tells every admin about the new order by mail", async () => {
    const order = await placeOrder(bob, basic);
    const mail = (await server.outbox()).find((m) => m.to === "owner@example.com" && m.text.includes(order._id));
    expect(mail?.subject).toBe("New order: Basic ($49.00)");
  });
});

describe("a customer only reaches their own orders", () => {
  let aliceOrder: { _id: string };
  beforeAll(async () => {
    aliceOrder = await placeOrder(alice, premium);
  });

  it("lists only their own orders, and another's order id is a 404", async () => {
    const bobs = (await bob.json("GET", "/api/orders?pageSize=100")).body.items as { customerEmail: string }[];
    expect(bobs.length).toBeGreaterThan(0);
    expect(bobs.every((o) => o.customerEmail === "bob@example.com")).toBe(true);
    expect((await getOrder(bob, aliceOrder._id)).status).toBe(404);
    expect((await getOrder(alice, aliceOrder._id)).status).toBe(200);
    expect((await getOrder(admin, aliceOrder._id)).status).toBe(200);
    const all = (await admin.json("GET", "/api/orders?pageSize=100")).body.items as { customerEmail: string }[];
    expect(new Set(all.map((o) => o.customerEmail))).toEqual(new Set(["alice@example.com", "bob@example.com"]));
    expect((await server.client().json("GET", "/api/orders")).status).toBe(401);
  });

  it("cannot open another's pay page or cancel another's order, by page or by API", async () => {
    expect((await bob.page(`/pay-now/${aliceOrder._id}`)).status).toBe(404);
    expect((await bob.page(`/order-cancelled/${aliceOrder._id}`)).status).toBe(404);
    expect((await bob.json("PUT", `/api/order-cancelled/${aliceOrder._id}`)).status).toBe(404);
    // An admin sees the order but is not its owner: the cancel is the customer's.
    expect((await admin.json("PUT", `/api/order-cancelled/${aliceOrder._id}`)).status).toBe(403);
    expect((await admin.page(`/pay-now/${aliceOrder._id}`)).status).toBe(404);
    expect((await getOrder(alice, aliceOrder._id)).body.paymentStatus).toBe("UnPaid");
    // Nor can a customer set an order's status.
    expect((await alice.json("PUT", `/api/order-status/${aliceOrder._id}`, { orderStatus: "Delivered" })).status).toBe(403);
  });

  it("cannot have another's order marked Paid by posting its id to the stand-in", async () => {
    // Bob's pay form, with Alice's order id swapped in: the IPN names Alice's order but is for
    // Bob's amount; only the exact amount of the named order counts.
    const bobOrder = await placeOrder(bob, basic);
    const form = payForm((await bob.page(`/pay-now/${bobOrder._id}`)).html)!;
    const opened = await bob.form(new URL(form.action).pathname, { ...form.fields, custom: aliceOrder._id, invoice: aliceOrder._id });
    const before = await eventIds(server);
    await bob.form(opened.headers.get("location")!, { intent: "pay" });
    const [log] = await waitForNotification(server, before);
    expect(log!.outcome).toBe("mismatch");
    expect(log!.attention).toBe(1);
    expect(log!.reason).toMatch(/amount 49.00 is not the order's 149.99/);
    expect((await getOrder(alice, aliceOrder._id)).body.paymentStatus).toBe("UnPaid");
  });
});

/** Goes through the stand-in as a browser would: pay form -> hosted checkout -> Pay or Cancel. */
async function checkout(client: TestClient, orderId: string, intent: "pay" | "cancel") {
  const page = await client.page(`/pay-now/${orderId}`);
  const form = payForm(page.html)!;
  const opened = await client.form(new URL(form.action).pathname, form.fields);
  expect(opened.status).toBe(303);
  const checkoutPath = opened.headers.get("location")!;
  const hosted = await client.page(checkoutPath);
  const before = await eventIds(server);
  const done = await client.form(checkoutPath, { intent });
  expect(done.status).toBe(303);
  if (intent === "pay") await waitForNotification(server, before);
  return { form, hosted, returnTo: done.headers.get("location")! };
}

describe("paying through the PayPal stand-in", () => {
  it("the pay page posts every field PayPal needs, built from the stored order", async () => {
    const order = await placeOrder(alice, premium);
    const form = payForm((await alice.page(`/pay-now/${order._id}`)).html);
    expect(form?.action).toBe(`${server.url}/paypal-standin/cgi-bin/webscr`);
    expect(form?.fields).toEqual({
      cmd: "_xclick",
      business: ACCOUNT,
      item_name: "Premium",
      item_number: premium,
      amount: "149.99",
      currency_code: "USD",
      no_shipping: "1",
      charset: "utf-8",
      custom: order._id,
      invoice: order._id,
      return: `${server.url}/received-payment/${order._id}`,
      cancel_return: expect.stringMatching(new RegExp(`^${server.url}/order-cancelled/${order._id}\\?key=[\\w-]{32}$`)),
      notify_url: `${server.url}/api/paypal/ipn`,
    });
  });

  it("Pay: the hosted checkout shows the order, the verified IPN marks it Paid, the return page says so", async () => {
    const order = await placeOrder(alice, premium);
    const { hosted, returnTo } = await checkout(alice, order._id, "pay");
    const shown = pageText(hosted.html);
    expect(shown).toContain("PayPal stand-in — test payment, no money moves");
    expect(shown).toContain("Premium");
    expect(shown).toContain("149.99 USD");
    expect(shown).toContain(ACCOUNT);
    expect(returnTo).toBe(`${server.url}/received-payment/${order._id}`);
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("Paid");
    expect(pageText((await alice.page(`/received-payment/${order._id}`)).html)).toContain("Payment received.");
    // Paid: the pay page shows the status and no button; cancelling is refused.
    const payPage = await alice.page(`/pay-now/${order._id}`);
    expect(pageText(payPage.html)).toContain("Payment received.");
    expect(payForm(payPage.html)).toBeUndefined();
    expect(pageText((await alice.page(`/order-cancelled/${order._id}`)).html)).toContain("cannot be cancelled");
    expect((await alice.json("PUT", `/api/order-cancelled/${order._id}`)).status).toBe(409);
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("Paid");
  });

  it("Cancel: returns to the cancel page, which cancels the owner's UnPaid order once", async () => {
    const order = await placeOrder(alice, basic);
    const { returnTo } = await checkout(alice, order._id, "cancel");
    expect(returnTo).toMatch(new RegExp(`^${server.url}/order-cancelled/${order._id}\\?key=[\\w-]{32}$`));
    const page = await alice.page(returnTo);
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toContain("You have cancelled the payment");
    expect(page.html).toContain('href="/dashboard"');
    // It stays on its page and offers the plan again, prefilled from this order (issue 21).
    expect(page.html).toContain(`href="/order-now/${basic}?again=${order._id}"`);
    expect(pageText(page.html)).toContain("Order this plan again");
    expect(pageText(page.html)).not.toContain("Taking you to");
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("Cancelled");
    // Again: nothing more happens, and the same message shows.
    expect(pageText((await alice.page(returnTo)).html)).toContain("You have cancelled the payment");
    expect((await alice.json("PUT", `/api/order-cancelled/${order._id}`)).status).toBe(409);
    expect(pageText((await alice.page(`/pay-now/${order._id}`)).html)).toContain("This order is cancelled.");
  });

  it("PUT /api/order-cancelled cancels the owner's UnPaid order", async () => {
    const order = await placeOrder(alice, basic);
    const { status, body } = await alice.json("PUT", `/api/order-cancelled/${order._id}`);
    expect(status).toBe(200);
    expect(body.paymentStatus).toBe("Cancelled");
  });

  it("the cancel page sends an admin on to /admin", async () => {
    const order = await placeOrder(admin, basic);
    const { returnTo } = await checkout(admin, order._id, "cancel");
    const page = await admin.page(returnTo);
    expect(pageText(page.html)).toContain("You have cancelled the payment");
    expect(page.html).toContain('href="/admin"');
  });

  it("without the key PayPal was given, the page only asks; cancelling takes the owner's POST", async () => {
    const order = await placeOrder(alice, basic);
    for (const path of [`/order-cancelled/${order._id}`, `/order-cancelled/${order._id}?key=${"x".repeat(32)}`]) {
      const page = await alice.page(path);
      expect(page.status).toBe(200);
      expect(pageText(page.html)).toContain("Cancel this order?");
      expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("UnPaid");
    }
    // Another site cannot post it for her (Origin check), another customer gets 404.
    const crossSite = await fetch(`${server.url}/order-cancelled/${order._id}`, { method: "POST", headers: { Origin: "https://evil.example" }, redirect: "manual" });
    expect(crossSite.status).toBe(403);
    expect((await bob.form(`/order-cancelled/${order._id}`, {})).status).toBe(404);
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("UnPaid");
    const confirmed = await alice.form(`/order-cancelled/${order._id}`, {});
    expect(confirmed.status).toBe(200);
    expect(pageText(await confirmed.text())).toContain("You have cancelled the payment");
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("Cancelled");
  });

  it("a cancelled order offers to order the same package again", async () => {
    const order = await placeOrder(alice, premium);
    await alice.json("PUT", `/api/order-cancelled/${order._id}`);
    const page = await alice.page(`/pay-now/${order._id}`);
    expect(page.html).toContain(`href="/order-now/${premium}?again=${order._id}"`);
    expect(pageText(page.html)).toContain("Order the Premium plan again");
  });

  it("answers VERIFIED only for an IPN the stand-in sent; a forged one leaves the order UnPaid", async () => {
    const order = await placeOrder(alice, premium);
    const forged = await sendIpn(server, {
      mc_gross: "149.99",
      mc_currency: "USD",
      payment_status: "Completed",
      receiver_email: ACCOUNT,
      txn_id: "FORGED123",
      custom: order._id,
    });
    expect(forged.outcome).toBe("rejected");
    expect(forged.reason).toMatch(/INVALID/);
    expect((await getOrder(alice, order._id)).body.paymentStatus).toBe("UnPaid");
    const validate = await fetch(`${server.url}/paypal-standin/cgi-bin/webscr`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "cmd=_notify-validate&txn_id=FORGED123",
    });
    expect(await validate.text()).toBe("INVALID");
  });

  it("refuses to notify or redirect anywhere but this site", async () => {
    const order = await placeOrder(alice, premium);
    const form = payForm((await alice.page(`/pay-now/${order._id}`)).html)!;
    for (const field of ["notify_url", "return", "cancel_return"]) {
      const response = await alice.form("/paypal-standin/cgi-bin/webscr", { ...form.fields, [field]: "https://evil.example/steal" });
      expect(response.status).toBe(400);
    }
  });
});

describe("order screens, page sizes and sums", () => {
  let carol: TestClient;
  const ids: string[] = [];
  // Each order's number as people see it (#1001…): the tables show it, not a row count.
  const numbers: string[] = [];
  beforeAll(async () => {
    carol = await signedUpClient(server, "carol@example.com");
    // 7 orders, oldest first: #1 and #2 paid (149.99 + 49.00), #3 cancelled, the rest UnPaid.
    for (let i = 0; i < 7; i++) {
      const order = await placeOrder(carol, i % 2 === 0 ? premium : basic);
      ids.push(order._id);
      numbers.push(`#${order.number}`);
    }
    await checkout(carol, ids[0]!, "pay");
    await checkout(carol, ids[1]!, "pay");
    await carol.json("PUT", `/api/order-cancelled/${ids[2]}`);
  });

  it("the dashboard: cards, Total Spent of Paid orders only, 3 orders a page, newest first", async () => {
    const page = await carol.page("/dashboard");
    const text = pageText(page.html);
    expect(text).toContain("Welcome, carol@example.com");
    expect(page.html).toMatch(/<button[^>]*>Sign out<\/button>/);
    expect(page.html).toContain('href="/my-order"');
    expect(page.html).toContain('href="/contact"');
    expect(text).toMatch(/Total Spent \$198\.99/);
    expect(text).toMatch(/My Orders 7/);
    const rows = tableRows(page.html, "My Orders");
    expect(rows).toHaveLength(3);
    // The package opens the order's page.
    expect(rows[0]).toEqual([numbers[6], todayShown(), `Premium order of ${todayShown()}`, "$149.99", "Waiting for payment", expect.stringMatching(/^Pay now/)]);
    expect(page.html).toContain(`href="/pay-now/${ids[6]}"`);
    expect(page.html).toContain(`href="/orders/${ids[6]}"`);
    const last = await carol.page("/dashboard?page=3");
    const lastRows = tableRows(last.html, "My Orders");
    expect(lastRows.map((r) => [r[0], r[5]])).toEqual([[numbers[0], "Paid"]]);
    expect(pageText(last.html)).toMatch(/Previous 1 2 3 Next/);
  });

  it("My Orders: 5 a page with package, amount, date, order and payment status, and the invoice once paid", async () => {
    const first = tableRows((await carol.page("/my-order")).html, "Your orders");
    expect(first).toHaveLength(5);
    expect(first[0]).toEqual([numbers[6], todayShown(), `Premium order of ${todayShown()}`, "$149.99", "Waiting for payment", expect.stringMatching(/^Pay now/), "None"]);
    const second = tableRows((await carol.page("/my-order?page=2")).html, "Your orders");
    // A paid order reads its stage (Paid, then Brief received, In progress…), never a bare "Pending".
    expect(second.map((r) => [r[0], r[4], r[5], r[6]])).toEqual([
      [numbers[1], "Paid", "Paid", expect.stringMatching(/^INV-\d{6} \(invoice PDF/)],
      [numbers[0], "Paid", "Paid", expect.stringMatching(/^INV-\d{6} \(invoice PDF/)],
    ]);
    expect(first.find((r) => r[5] === "Cancelled")?.[4]).toBe("Cancelled");
  });

  it("Pending orders: 5 a page with Amount, unpaid orders only (no paid, no cancelled)", async () => {
    const page = await carol.page("/pending-order");
    const rows = tableRows(page.html, "Orders to pay");
    expect(rows).toHaveLength(4);
    expect(rows[0]).toEqual([numbers[6], todayShown(), `Premium order of ${todayShown()}`, "$149.99", expect.stringMatching(/^Pay now/)]);
    expect(rows.map((r) => r[4])).toEqual(Array(4).fill(expect.stringMatching(/^Pay now/)));
    expect(pageText(page.html)).not.toMatch(/Previous/);
  });


  it("admins: Total Sales sums every Paid order; 7 orders on the dashboard, 10 on All orders", async () => {
    const dashboard = await admin.page("/admin");
    const paid = await server.services.db.selectFrom("orders").select(["price_cents"]).where("payment_status", "=", "Paid").execute();
    const expected = paid.reduce((sum, o) => sum + o.price_cents, 0);
    expect(expected).toBeGreaterThan(19899);
    expect(pageText(dashboard.html)).toContain(`Total Sales $${(expected / 100).toFixed(2)}`);
    for (const href of ["/setting", "/total-orders", "/all-messages", "/all-subscriber", "/add-user"]) expect(dashboard.html).toContain(`href="${href}"`);
    expect(tableRows(dashboard.html, "Orders (")).toHaveLength(7);
    expect(tableRows(dashboard.html, "Subscribers (")).toHaveLength(0);

    const total = (await server.services.db.selectFrom("orders").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const all = await admin.page("/total-orders");
    const rows = tableRows(all.html, "Orders (");
    expect(rows).toHaveLength(10);
    expect(rows[0]![3]).toBe("carol@example.com");
    expect(all.html).toContain(`href="/admin/payment-status/${ids[6]}"`);
    const pages = Math.ceil(Number(total) / 10);
    const lastRows = tableRows((await admin.page(`/total-orders?page=${pages}`)).html, "Orders (");
    expect(lastRows).toHaveLength(Number(total) - (pages - 1) * 10);
    expect((await carol.page("/total-orders")).status).toBe(403);
    expect((await admin.json("GET", "/api/orders")).body).toMatchObject({ pageSize: 10, total: Number(total) });
    expect((await carol.json("GET", "/api/orders")).body).toMatchObject({ pageSize: 5, total: 7 });
  });

  it("the admin sets an order Delivered on its status page and through the API", async () => {
    const page = await admin.page(`/admin/payment-status/${ids[0]}`);
    expect(page.status).toBe(200);
    expect(pageText(page.html)).toContain("carol@example.com");
    const saved = await admin.form(`/admin/payment-status/${ids[0]}`, { orderStatus: "Delivered" });
    expect(saved.status).toBe(200);
    expect(pageText(await saved.text())).toContain("Order status updated.");
    expect((await getOrder(carol, ids[0]!)).body.orderStatus).toBe("Delivered");

    const api = await admin.json("PUT", `/api/order-status/${ids[1]}`, { orderStatus: "Delivered" });
    expect(api).toMatchObject({ status: 200, body: { message: "OrderStatus is Updated", item: { orderStatus: "Delivered" } } });
    expect((await admin.json("PUT", `/api/order-status/${ids[1]}`, { orderStatus: "Shipped" })).status).toBe(400);
    expect((await admin.json("PUT", `/api/order-status/${ids[2]}`, { orderStatus: "Delivered" })).status).toBe(409);
    expect((await admin.json("PUT", "/api/order-status/0123456789abcdef01234567", { orderStatus: "Pending" })).status).toBe(404);
    expect((await carol.page(`/admin/payment-status/${ids[0]}`)).status).toBe(403);
  });
});

describe("the order confirmation", () => {
  it("after Place order, Pending orders confirms the order with its Pay Now; only for the owner's order", async () => {
    const erin = await signedUpClient(server, "erin@example.com");
    const response = await erin.form(`/order-now/${premium}`, customerFields);
    const location = response.headers.get("location")!;
    const id = /placed=([0-9a-f]{24})$/.exec(location)![1]!;
    const page = await erin.page(location);
    expect(pageText(page.html)).toMatch(/Thank you, your order is placed\s+Premium plan, \$149\.99\./);
    expect(page.html).toContain(`href="/pay-now/${id}"`);
    const stranger = await signedUpClient(server, "dave@example.com");
    expect(pageText((await stranger.page(location)).html)).not.toContain("Thank you, your order is placed");
  });
});
