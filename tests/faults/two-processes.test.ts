import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase, TestClient } from "../setup/server.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { startSmtpSink } from "../setup/smtp-sink.ts";
import { grantAdmin, openShop, orderWithKey, ordersAndNotes } from "./shop.ts";

/**
 * Two server processes on one PostgreSQL database, both taking requests and both delivering
 * mail, as behind a load balancer. Orders arrive at both, each key sent to both at once (a client
 * retrying through the balancer), with password-reset requests alongside. Every order is stored
 * once, and every mail (a note to each of three admins per order, each reset link) is delivered
 * exactly once, though both workers claim from the same outbox.
 */
afterAll(() => killAllServers());

describe.runIf(process.env.TEST_DB === "postgres")("two server processes on one PostgreSQL database", () => {
  it("place each order once and deliver each mail once", async () => {
    const database = await freshDatabase();
    const smtp = await startSmtpSink();
    const env = { DATABASE_URL: database.url, SMTP_URL: smtp.url, JOBS_WORKER: "on", JOBS_POLL_MS: "50", LOG_LEVEL: "info" };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const shop = await openShop(a.url, database.url);
    try {
      for (const email of ["fault-admin2@example.com", "fault-admin3@example.com"]) {
        await new TestClient(b.url).json("POST", "/api/auth/sign-up/email", { email, password: "quiet-harbor-42", name: "admin" });
        await grantAdmin(shop.db, email);
      }
      const keys = Array.from({ length: 40 }, (_, i) => `balanced-${i}`);
      const answers = await Promise.all(
        keys.flatMap((key) => [orderWithKey(shop.customer, a.url, shop.planId, key), orderWithKey(shop.customer, b.url, shop.planId, key)]),
      );
      expect(answers.every((r) => r.status === 201)).toBe(true);
      const resets = await Promise.all(
        Array.from({ length: 6 }, (_, i) => new TestClient(i % 2 ? a.url : b.url).form("/reset", { intent: "request", email: "fault-customer@example.com" })),
      );
      expect(resets.every((r) => r.status === 200)).toBe(true);

      const stored = await ordersAndNotes(shop.db);
      expect(stored).toHaveLength(keys.length);
      expect(new Set(stored.map((o) => o.key))).toEqual(new Set(keys.map((k) => `api:${k}`)));
      // Order numbers taken by both processes at once: every one distinct (the database's sequence).
      expect(new Set(stored.map((o) => o.number)).size).toBe(keys.length);
      expect(Math.min(...stored.map((o) => o.number))).toBeGreaterThanOrEqual(1001);
      for (const key of keys) {
        const [first, second] = answers.slice(keys.indexOf(key) * 2, keys.indexOf(key) * 2 + 2);
        expect(first!.id).toBe(second!.id);
      }
      // The two workers empty the outbox between them.
      // Per order a note to each of three admins and the customer's confirmation, each reset link, and the verification link of each of the four accounts.
      const expected = keys.length * 4 + 6 + 4;
      const started = Date.now();
      const undelivered = () => shop.db.selectFrom("jobs").select("id").where("kind", "=", "mail").where("status", "<>", "done").execute();
      while ((smtp.mails.length < expected || (await undelivered()).length > 0) && Date.now() - started < 20_000) await new Promise((r) => setTimeout(r, 50));
      expect(await undelivered()).toEqual([]);
      const deliveries = new Map<string, number>();
      for (const mail of smtp.mails) {
        const order = /Order(?: id)?: (\w+)/.exec(mail.data)?.[1];
        const link = /reset-password\/(\w+)/.exec(mail.data.replace(/=\r?\n/g, ""))?.[1];
        const what = `${mail.to[0]} ${order ?? link ?? mail.data}`;
        deliveries.set(what, (deliveries.get(what) ?? 0) + 1);
      }
      const byA = (a.output().match(/ delivered/g) ?? []).length;
      const byB = (b.output().match(/ delivered/g) ?? []).length;
      console.log(
        `[faults] two processes on one PostgreSQL: ${answers.length} order requests (each key at both) -> ${stored.length} orders; ` +
          `${smtp.mails.length} mails delivered for ${expected} queued (${byA} by one process, ${byB} by the other) in ${Date.now() - started} ms; duplicates: ${[...deliveries.values()].filter((n) => n > 1).length}`,
      );
      expect(smtp.mails).toHaveLength(expected);
      expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
      expect(deliveries.size).toBe(expected);
    } finally {
      await shop.close();
      killAllServers();
      await smtp.close();
      await database.drop();
    }
  });
});
