import { expect } from "vitest";
import type { TestClient, TestServer } from "../setup/server.ts";

/** Shared steps of the order and payment tests; everything goes through the public HTTP API. */

export async function createPlan(admin: TestClient, packageName: string, packagePrice: string): Promise<string> {
  const { status, body } = await admin.json("POST", "/api/add-pricing", {
    packageName,
    packagePrice,
    packageButtonText: `Buy ${packageName}`,
    packagePointOne: "Keyword research",
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.item._id;
}

export async function setPaymentAccount(admin: TestClient, paypalEmail: string): Promise<void> {
  const { status, body } = await admin.json("POST", "/api/add-email", { paypalEmail });
  expect(status, JSON.stringify(body)).toBe(201);
}

export const customerFields = { customerName: "Ada Lovelace", customerAddress: "12 Analytical Row, London", customerCountry: "United Kingdom" };

// biome-ignore lint/suspicious/noExplicitAny: the API's JSON order record.
export async function placeOrder(client: TestClient, planId: string): Promise<any> {
  const { status, body } = await client.json("POST", "/api/new-order", { planId, ...customerFields });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** The pay form of /pay-now/{id}: its action and hidden fields, as a browser would post them. */
export function payForm(html: string): { action: string; fields: Record<string, string> } | undefined {
  const form = /<form action="([^"]+)" method="post">([\s\S]*?)<\/form>/.exec(html);
  if (!form) return undefined;
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/?>/g)) fields[m[1]!] = decode(m[2]!);
  return { action: decode(form[1]!), fields };
}

/** The body rows of the table with this caption, each as its cells' text. */
export function tableRows(html: string, caption: string | RegExp): string[][] {
  const tables = html.split("<table").slice(1);
  const table = tables.find((t) => {
    const c = /<caption[^>]*>([\s\S]*?)<\/caption>/.exec(t)?.[1] ?? "";
    const text = decode(c.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""));
    return typeof caption === "string" ? text.startsWith(caption) : caption.test(text);
  });
  if (!table) throw new Error(`no table captioned ${caption}`);
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "";
  return [...body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)]
    .map((row) => [...row[1]!.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => decode(cell[1]!.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "")).trim()))
    .filter((cells) => !(cells.length === 1 && /no orders|nothing here|no subscribers/i.test(cells[0]!)));
}

/** The visible text of a page, tags removed (for "contains this sentence" checks). */
export const pageText = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");

/** Today's date as the order pages show it (UTC). */
export const todayShown = () => {
  const d = new Date();
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
};

/** The ids of the payment events stored so far (to tell new ones apart). */
export async function eventIds(server: TestServer): Promise<Set<string>> {
  return new Set((await server.services.db.selectFrom("payment_events").select("id").execute()).map((r) => r.id));
}

/**
 * Posts a PayPal IPN to /api/paypal/ipn the way PayPal does (form-encoded, no cookies), expects
 * the empty 200 that says it is stored, and waits until it is processed. Returns its event row.
 */
export async function sendIpn(server: TestServer, body: string | Record<string, string>) {
  const before = await eventIds(server);
  const response = await fetch(`${server.url}/api/paypal/ipn`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: typeof body === "string" ? body : new URLSearchParams(body).toString(),
  });
  expect(response.status).toBe(200);
  expect(await response.text()).toBe("");
  return (await waitForNotification(server, before))[0]!;
}

/** Waits until `count` IPNs or webhooks not in `before` are stored and processed, and returns them. */
export async function waitForNotification(server: TestServer, before: Set<string>, count = 1) {
  const db = server.services.db;
  for (let i = 0; i < 100; i++) {
    await server.drainJobs();
    const rows = await db.selectFrom("payment_events").selectAll().where("source", "in", ["ipn", "webhook"]).orderBy("received_at").execute();
    const fresh = rows.filter((r) => !before.has(r.id) && r.status !== "received");
    if (fresh.length >= count) return fresh;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${count} payment notification(s) were not handled within 5 seconds`);
}

export async function paymentCount(server: TestServer, orderId: string): Promise<number> {
  const rows = await server.services.db.selectFrom("payments").select("id").where("order_id", "=", orderId).execute();
  return rows.length;
}

/**
 * Pays `orderId` as its customer through the PayPal stand-in (Orders v2, the default checkout):
 * Pay now, Pay on the stand-in's approval page, back to the return page, which captures. The site
 * needs a payment account (setPaymentAccount) first.
 */
export async function payThroughStandin(client: TestClient, orderId: string): Promise<void> {
  const started = await client.form(`/pay-now/${orderId}`, {});
  expect(started.status).toBe(303);
  const approval = new URL(started.headers.get("location")!);
  const approved = await client.form(`${approval.pathname}${approval.search}`, { intent: "pay" });
  expect(approved.status).toBe(303);
  const back = new URL(approved.headers.get("location")!);
  expect((await client.page(`${back.pathname}${back.search}`)).status).toBe(200);
  expect((await client.json("GET", `/api/order/${orderId}`)).body.paymentStatus).toBe("Paid");
}
