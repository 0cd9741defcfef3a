import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/** The footer's social links are optional: a network left empty shows no icon on any page. */
let server: TestServer;
let admin: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  ({ server, admin, visitor } = await startWithPeople("social-customer@example.com", "social-admin@example.com"));
});
afterAll(async () => server?.close());

describe("optional social links", () => {
  it("saves with only Facebook given, and the footer shows only its icon", async () => {
    const { status, body } = await admin.json("POST", "/api/add-footer-social", { aboutText: "Follow us", fblink: "https://www.facebook.com/rankwell" });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.item).toMatchObject({ youlink: "", fblink: "https://www.facebook.com/rankwell", inslink: "" });
    for (const path of ["/", "/pricing/"]) {
      const { html } = await visitor.page(path);
      expect(html, path).toContain('aria-label="Rankwell on Facebook"');
      expect(html, path).not.toContain('aria-label="Rankwell on YouTube"');
      expect(html, path).not.toContain('aria-label="Rankwell on Instagram"');
    }
  });

  it("still refuses a link that is not http(s), naming it by its label", async () => {
    const [social] = (await admin.json("GET", "/api/footer-social")).body;
    const { status, body } = await admin.json("PUT", `/api/footer-social/${social._id}`, { aboutText: "Follow us", youlink: "javascript:alert(1)" });
    expect(status).toBe(400);
    expect(body.error).toBe("Please check the field: YouTube link.");
  });
});
