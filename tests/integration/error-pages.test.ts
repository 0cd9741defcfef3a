import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/** Error pages keep the site's frame (logo in the header, footer content), however they arise. */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
beforeAll(async () => {
  ({ server, visitor, customer } = await startWithPeople("lost@example.com", "finder@example.com", { DEMO_CONTENT: "on" }));
});
afterAll(async () => server?.close());

const framed = (html: string) => {
  // The demo logo, a file of the media library.
  expect(html).toMatch(/<img src="\/media\/[0-9a-f]{32}-168x40-logo\.svg"/);
  expect(html).toContain("All rights reserved.");
};

describe("error pages", () => {
  it("an unknown single-segment path is a 404 inside the site's frame", async () => {
    const page = await visitor.page("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.html).toContain("Page not found");
    framed(page.html);
  });

  it("an unknown deeper path too", async () => {
    const page = await visitor.page("/no/such/page");
    expect(page.status).toBe(404);
    framed(page.html);
  });

  it("a customer on an admin page gets the 403 inside the frame, with their Dashboard button", async () => {
    const page = await customer.page("/total-orders");
    expect(page.status).toBe(403);
    expect(page.html).toContain("You don&#x27;t have any permission");
    expect(page.html).toContain(">Dashboard<");
    framed(page.html);
  });
});
