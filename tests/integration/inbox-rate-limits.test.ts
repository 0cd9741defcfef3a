import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CLOCK, startTestServer, type TestServer } from "../setup/server.ts";
import { message } from "./inbox-fixtures.ts";

/**
 * The per-IP limits on contact messages and subscriptions. The server's rate-limit clock is fixed,
 * so every attempt falls in one window and the test never waits for a minute to turn.
 */
describe("rate limits (RATE_LIMIT_PER_MINUTE=3)", () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: "3" }, { now: FIXED_CLOCK });
  });
  afterAll(async () => limited?.close());

  const stored = async (table: "messages" | "subscribers") =>
    Number(
      (
        await limited.services.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("refuses the fourth message in a minute from one address, on the API and the page, storing nothing", async () => {
    const client = limited.client();
    for (let i = 0; i < 3; i++) expect((await client.json("POST", "/api/add-message", message())).status).toBe(201);
    const refused = await client.json("POST", "/api/add-message", message());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("You have sent several messages in the last minute. Please wait a minute and try again.");
    const page = await client.form("/contact", message());
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("You have sent several messages in the last minute.");
    expect(await stored("messages")).toBe(3);
  });

  it("limits subscribing the same way", async () => {
    const client = limited.client();
    for (let i = 0; i < 3; i++) expect((await client.json("POST", "/api/add-subscriber", { subemail: `rl${i}@example.com` })).status).toBe(201);
    const refused = await client.json("POST", "/api/add-subscriber", { subemail: "rl9@example.com" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toContain("Please wait a minute");
    expect(await stored("subscribers")).toBe(3);
  });
});
