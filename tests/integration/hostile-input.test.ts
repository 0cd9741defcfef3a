import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiAccess } from "~/access.ts";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Bad input never reaches a 500: every write call of the API, as an admin (past every door),
 * gets malformed bodies and odd ids, and must answer 2xx or 4xx with a JSON error.
 * Cross-site writes from a browser are refused before they reach a handler.
 */
let server: TestServer;
let admin: TestClient;
beforeAll(async () => {
  ({ server, admin } = await startWithPeople("hostile-customer@example.com", "hostile-admin@example.com"));
});
afterAll(async () => server?.close());

const bodies: [string, string][] = [
  ["an array", "[]"],
  ["a string", '"hello"'],
  ["null", "null"],
  ["wrong types", JSON.stringify({ packageName: 7, email: ["a"], subemail: { $ne: null }, name: true, ids: "x", orderStatus: 1 })],
  ["huge values", JSON.stringify({ name: "x".repeat(20_000), email: `${"a".repeat(300)}@example.com`, message: "y".repeat(60_000) })],
  ["prototype keys", '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}'],
];
const oddIds = ["0123456789abcdef01234567", "%00", "..%2F..%2Fetc", "' or 1=1 --", "x".repeat(300)];

const writes = Object.keys(apiAccess).filter((k) => !k.startsWith("GET ")).map((k) => k.split(" ") as [string, string]);

describe("hostile input to every write call", () => {
  for (const [method, path] of writes) {
    it(`${method} ${path}`, async () => {
      for (const id of path.includes(":") ? oddIds : [""]) {
        const url = `/api${path.replace(/:(\w+)/g, encodeURIComponent(id).replace(/%25/g, "%"))}`;
        for (const [what, body] of bodies) {
          const response = await admin.fetch(url, { method, headers: { "Content-Type": "application/json" }, body });
          expect(response.status, `${what} to ${url}`).toBeLessThan(500);
          if (response.status >= 400) expect(typeof (await response.json()).error, `${what} to ${url}`).toBe("string");
        }
      }
    });
  }

  it("odd ids on every read call are 4xx too", async () => {
    for (const key of Object.keys(apiAccess).filter((k) => k.startsWith("GET ") && k.includes(":"))) {
      for (const id of oddIds) {
        const response = await admin.fetch(`/api${key.slice(4).replace(/:(\w+)/g, id)}`);
        expect(response.status, `${key} with ${id}`).toBeLessThan(500);
      }
    }
  });
});

describe("a page's form post whose body is not a form", () => {
  // Every page action reads its form through one helper (forms.server.ts formValues).
  for (const path of ["/contact", "/login", "/subscribe", "/add-item"]) {
    it(`${path} answers 400 "The form could not be read.", not a 500`, async () => {
      const response = await admin.fetch(path, { method: "POST", headers: { "Content-Type": "multipart/form-data; boundary=xyz" }, body: "garbage" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("The form could not be read.");
    });
  }
});

describe("cross-site writes", () => {
  const crossSite = (path: string, body: Record<string, string>, headers: Record<string, string>) =>
    fetch(new URL(path, server.url), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
      redirect: "manual",
    });

  it("refuses a form another site posts to the API or to a page, and stores nothing", async () => {
    const message = { name: "Mallory", email: "m@evil.example", number: "5551234567", subject: "Hi", message: "Cross-site" };
    const attempts: Record<string, string>[] = [{ Origin: "https://evil.example" }, { "Sec-Fetch-Site": "cross-site" }];
    for (const headers of attempts) {
      expect((await crossSite("/api/add-message", message, headers)).status).toBe(403);
      expect((await crossSite("/contact", message, headers)).status).toBe(403);
    }
    const stored = await server.services.db.selectFrom("messages" as never).selectAll().execute();
    expect(stored).toEqual([]);
  });

  it("lets the site itself and API clients without an Origin through", async () => {
    const message = { name: "Ann", email: "ann@example.com", number: "5551234567", subject: "Hi", message: "Same site" };
    expect((await crossSite("/api/add-message", message, { Origin: server.url })).status).toBe(201);
    expect((await crossSite("/api/add-message", message, {})).status).toBe(201);
  });

  it("leaves PayPal's notification and return open", async () => {
    expect((await crossSite("/api/paypal/ipn", { txn_id: "x" }, { Origin: "https://www.paypal.com" })).status).toBe(200);
    expect((await crossSite("/received-payment/0123456789abcdef01234567", {}, { Origin: "https://www.paypal.com" })).status).not.toBe(403);
  });
});
