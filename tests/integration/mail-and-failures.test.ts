import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestServer } from "../setup/server.ts";
import { freePort } from "../../scripts/lib/free-port.ts";
import { listJobs, retryJob } from "~/jobs/queue.server.ts";
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
    // (Registering mailed the verification link first.)
    const resets = () => smtp.mails.filter((m) => m.data.includes("Subject: Reset your Rankwell password"));
    await expect.poll(() => resets().length, { timeout: 5000 }).toBe(1);
    const mail = resets()[0]!;
    expect(mail.from).toBe("no-reply@rankwell.test");
    expect(mail.to).toEqual(["smtp-user@example.com"]);
    expect(mail.data).toContain("Subject: Reset your Rankwell password");
    expect(mail.data.replace(/=\r?\n/g, "")).toContain(`${server.url}/api/auth/reset-password/`);
    // Plain text and HTML as alternatives of one message (app/mail/template.ts renders both).
    expect(mail.data).toMatch(/^Content-Type: multipart\/alternative;\s+boundary=/m);
    expect(mail.data).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(mail.data).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    expect(await server.outbox()).toEqual([]);
  });
});

describe("mail while the SMTP server is down", () => {
  it("is kept and retried: the request answers at once, the mail is delivered once the server is back", async () => {
    const port = await freePort();
    const down = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      await signedUpClient(down, "patient@example.com");
      const started = Date.now();
      const response = await down.client().form("/reset", { intent: "request", email: "patient@example.com" });
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);

      await down.drainJobs();
      const [pending] = await listJobs(down.services.db, { kind: "mail" });
      expect(pending).toMatchObject({ status: "pending", attempts: 1 });
      expect(pending!.last_error).toMatch(/ECONNREFUSED|connect/i);

      const sink = await startSmtpSink(port);
      try {
        expect(await retryJob(down.services.db, pending!.id)).toBe(true);
        await down.drainJobs();
        expect(sink.mails.map((m) => m.to)).toEqual([["patient@example.com"]]);
        expect((await listJobs(down.services.db, { kind: "mail" }))[0]).toMatchObject({ status: "done" });
      } finally {
        await sink.close();
      }
    } finally {
      await down.close();
    }
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
      // Signing in meets the same answer: a request id, no internals.
      const signIn = await broken.client().json("POST", "/api/auth/sign-in/email", { email: "someone@example.com", password: "quiet-harbor-42" });
      expect(signIn.status).toBe(500);
      expect(signIn.body.error).toMatch(/^Something went wrong on our side\. Reference: [0-9a-f-]{36}$/);
      expect((await broken.client().json("GET", "/healthz")).status).toBe(503);
    } finally {
      await broken.close();
    }
  });
});
