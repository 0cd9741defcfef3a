import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ordersAndNotes, grantAdmin, orderWithKey } from "./shop.ts";
import { contents, newDatabase, openUrl, runScript } from "../setup/backup-tools.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { TestClient } from "../setup/server.ts";

/**
 * Issue 25: `npm run backup` of a busy SQLite site (orders placed over HTTP all the while, by the
 * production server in its own process) is one consistent snapshot, and it restores into
 * PostgreSQL (when TEST_DATABASE_URL is set) and into SQLite with every table equal, media bytes
 * and the audit log included. Then the quiet site's backup restores equal to the site itself.
 */

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dir = mkdtempSync(join(tmpdir(), "rankwell-busy-backup-"));
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  killAllServers();
  for (const drop of drops) await drop().catch(() => {});
  rmSync(dir, { recursive: true, force: true });
});

/** `node scripts/backup.ts` without blocking this process: orders keep going while it runs. */
function backupInBackground(databaseUrl: string, out: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, ["scripts/backup.ts", "--out", out], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, AUTH_SECRET: "backup-secret-backup-secret-backup-secret-0", LOG_LEVEL: "error" },
    });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (status) => done({ status, stderr }));
  });
}

/** Restores `archive` into a new database of each kind and answers their contents. */
async function restoreEverywhere(archive: string, label: string): Promise<Record<string, Record<string, string[]>>> {
  const out: Record<string, Record<string, string[]>> = {};
  for (const kind of onPostgres ? (["sqlite", "postgres"] as const) : (["sqlite"] as const)) {
    const target = await newDatabase(kind, dir, `${label}_${kind}`);
    drops.push(target.drop);
    const restored = runScript("scripts/restore.ts", [archive], target.url);
    expect(restored.stderr, `restore into ${kind}`).toBe("");
    expect(restored.status).toBe(0);
    out[kind] = await contents(target.url);
  }
  return out;
}

describe.skipIf(process.env.TEST_DB === "postgres")("backup of a busy SQLite site", { timeout: 300_000 }, () => {
  it("is one consistent snapshot taken while orders are placed, restored equal into PostgreSQL and SQLite", async () => {
    const step = (what: string) => console.log(`[backup-busy] ${new Date().toISOString()} ${what}`);
    const siteUrl = `file:${join(dir, "site.db")}`;
    const server = await spawnServer({ DATABASE_URL: siteUrl, DEMO_CONTENT: "on" });
    const site = openUrl(siteUrl);
    const signUp = async (email: string) => {
      const client = new TestClient(server.url);
      const { status } = await client.json("POST", "/api/auth/sign-up/email", { email, password: "quiet-harbor-42", name: email.split("@")[0] });
      expect(status).toBe(200);
      return client;
    };
    step("server up");
    const customer = await signUp("busy-customer@example.com");
    await signUp("busy-admin@example.com");
    // An Admin, so every order queues a note in its own transaction (what a torn read would split).
    await grantAdmin(site.db, "busy-admin@example.com");
    // An audited action, done from the command line as an operator does.
    expect(runScript("server/cli.ts", ["add", "ops@example.com", "--role", "Editor"], siteUrl).status).toBe(0);
    step("people and audit entry made");
    const plan = await site.db.selectFrom("content_items").select("id").where("section", "=", "pricingPlans").orderBy("position").executeTakeFirstOrThrow();

    // Orders, one after another, from before the backup starts until after it ends.
    let placing = true;
    let placed = 0;
    const failures: number[] = [];
    /** Waits until `n` orders are placed; fails at once on a refused order, or after a minute. */
    const untilPlaced = async (n: number) => {
      const deadline = Date.now() + 60_000;
      while (placed < n) {
        expect(failures, "every order is accepted").toEqual([]);
        if (Date.now() > deadline) throw new Error(`only ${placed} orders placed in a minute`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const shopping = (async () => {
      while (placing) {
        // A connection the server closed while idle may fail a request: sent again with the same
        // key, as a careful client does, it is the same order.
        const key = `busy-${placed}-${Math.random()}`;
        let status = 0;
        for (let attempt = 0; attempt < 3 && status === 0; attempt++) {
          status = (await orderWithKey(customer, server.url, plan.id, key).catch(() => ({ status: 0 }))).status;
        }
        if (status === 201 || status === 200) placed++;
        else {
          failures.push(status);
          break;
        }
      }
    })();
    await untilPlaced(5);
    step(`${placed} orders placed; backup starts`);
    const busyArchive = join(dir, "busy.tar.gz");
    const backup = await backupInBackground(siteUrl, busyArchive);
    const atEnd = placed;
    await untilPlaced(atEnd + 5);
    placing = false;
    await shopping;
    expect(backup.stderr).toBe("");
    expect(backup.status).toBe(0);
    expect(failures).toEqual([]);

    step(`backup done at ${atEnd} orders; restoring`);
    const busy = await restoreEverywhere(busyArchive, "busy");
    const snapshot = busy.sqlite!;
    // Taken in the middle: some orders, not all.
    const inSnapshot = snapshot.orders!.length;
    expect(inSnapshot).toBeGreaterThanOrEqual(5);
    expect(inSnapshot).toBeLessThan(placed);
    // Consistent: each order in it has the note its transaction queued, no more, no less.
    const restoredSqlite = openUrl(`file:${join(dir, "busy_sqlite.db")}`);
    const notes = await ordersAndNotes(restoredSqlite.db);
    await restoredSqlite.db.destroy();
    expect(notes.map((o) => o.notes)).toEqual(Array(inSnapshot).fill(1));
    expect(snapshot.media_blobs!.length).toBeGreaterThan(0);
    expect(snapshot.audit_log!.length).toBeGreaterThan(0);
    if (busy.postgres) {
      expect(Object.keys(busy.postgres)).toEqual(Object.keys(snapshot));
      for (const table of Object.keys(snapshot)) expect({ table, rows: busy.postgres[table] }).toEqual({ table, rows: snapshot[table] });
    }

    // The quiet site: its backup restores equal to the site itself, table by table.
    await site.db.destroy();
    const stopped = await server.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    const quietArchive = join(dir, "quiet.tar.gz");
    expect(runScript("scripts/backup.ts", ["--out", quietArchive], siteUrl).status).toBe(0);
    const original = await contents(siteUrl);
    expect(original.orders).toHaveLength(placed);
    step("quiet backup done; restoring");
    const quiet = await restoreEverywhere(quietArchive, "quiet");
    for (const [kind, restored] of Object.entries(quiet)) {
      expect(Object.keys(restored), kind).toEqual(Object.keys(original));
      for (const table of Object.keys(original)) expect({ kind, table, rows: restored[table] }).toEqual({ kind, table, rows: original[table] });
    }
  });
});
