import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestServer } from "../setup/server.ts";
import { startSmtpSink } from "../setup/smtp-sink.ts";

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpSink();
  server = await startTestServer({ SMTP_URL: smtp.url, MAIL_FROM: "Rankwell <no-reply@rankwell.test>" });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe("mail over SMTP", () => {
  it("delivers the password-reset mail through the SMTP server named by SMTP_URL (and not to the outbox)", async () => {
    await signedUpClient(server, "smtp-user@example.com");
    const response = await server.client().form("/reset", { intent: "request", email: "smtp-user@example.com" });
    expect(response.status).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 5000 }).toBe(1);
    const mail = smtp.mails[0]!;
    expect(mail.from).toBe("no-reply@rankwell.test");
    expect(mail.to).toEqual(["smtp-user@example.com"]);
    expect(mail.data).toContain("Subject: Reset your Rankwell password");
    expect(mail.data.replace(/=\r?\n/g, "")).toContain(`${server.url}/api/auth/reset-password/`);
    expect(server.outbox()).toEqual([]);
  });
});

describe("an unexpected failure", () => {
  it("answers 500 with a request id and no internals, and health reports the database down", async () => {
    const broken = await startTestServer();
    try {
      await broken.services.db.destroy();
      const response = await broken.client().json("GET", "/api/banner");
      expect(response.status).toBe(500);
      expect(response.body.error).toMatch(/^Something went wrong on our side\. Reference: [0-9a-f-]{36}$/);
      expect(JSON.stringify(response.body)).not.toMatch(/at |\.ts|\.js|Kysely|driver/i);
      const page = await broken.client().page("/pricing/");
      expect(page.status).toBe(500);
      expect(page.html).toContain("Something went wrong");
      expect(page.html).not.toMatch(/Kysely|driver has already been destroyed|\.server\.ts/);
      expect((await broken.client().json("GET", "/healthz")).status).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
