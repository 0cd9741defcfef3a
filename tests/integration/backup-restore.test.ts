import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateOnly } from "~/db/migration-status.server.ts";
import { migrations } from "~/db/migrations/index.ts";
import { contents, newDatabase, openUrl, runScript, tableNames } from "../setup/backup-tools.ts";
import { placeOrder } from "./orders-fixtures.ts";
import { freshDatabase, signedUpClient, startTestServer, type TestServer } from "../setup/server.ts";

/**
 * Issue 25, items 1, 2 and 8 on the database under test (TEST_DB): `npm run backup` of a site
 * with accounts, an audit log, orders and media; restore into an empty database of the same kind
 * (every table equal); a corrupted, a truncated and a tampered archive refused with nothing
 * written; a non-empty target refused without --replace; --replace keeping a backup of what it
 * replaced; an archive older than the code migrated after loading; `admin -- migrations`.
 */

const kind = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const dir = mkdtempSync(join(tmpdir(), "rankwell-backup-test-"));
const drops: (() => Promise<void>)[] = [];
let source: { url: string; drop(): Promise<void> };
let server: TestServer;
let archive: string;
let before: Record<string, string[]>;

const fresh = async (name: string) => {
  const db = await newDatabase(kind, dir, name);
  drops.push(db.drop);
  return db.url;
};

beforeAll(async () => {
  source = await freshDatabase();
  // The site's own demo media, so media bytes are in the backup.
  server = await startTestServer({ DEMO_CONTENT: "on" }, { databaseUrl: source.url });
  await signedUpClient(server, "backup-admin@example.com", undefined, { admin: true });
  const customer = await signedUpClient(server, "backup-customer@example.com");
  // A plan of the demo content.
  const plan = await server.services.db.selectFrom("content_items").select("id").where("section", "=", "pricingPlans").orderBy("position").executeTakeFirstOrThrow();
  const planId = plan.id;
  for (let i = 0; i < 3; i++) await placeOrder(customer, planId);
  await server.close();
  archive = join(dir, "site.tar.gz");
  const made = runScript("scripts/backup.ts", ["--out", archive], source.url);
  expect(made.stderr).toBe("");
  expect(made.status).toBe(0);
  before = await contents(source.url);
}, 180_000);

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
  await source?.drop();
  rmSync(dir, { recursive: true, force: true });
});

describe(`backup and restore (${kind})`, { timeout: 180_000 }, () => {
  it("writes one archive with a manifest and leaves no temporary file", () => {
    expect(readdirSync(dir)).toEqual(["site.tar.gz"]);
    const listing = spawnSync("tar", ["-tzf", archive], { encoding: "utf8" }).stdout.split("\n");
    expect(listing).toContain("manifest.json");
    expect(listing).toContain("tables/audit_log.jsonl");
    expect(listing).toContain("tables/media_blobs.jsonl");
    expect(listing).toContain("tables/user.jsonl");
    // The source really holds what the test claims to carry across.
    expect(before.audit_log!.length).toBeGreaterThan(0);
    expect(before.media_blobs!.length).toBeGreaterThan(0);
    expect(before.orders).toHaveLength(3);
    expect(before.user).toHaveLength(2);
  });

  it("restores into an empty database with every table equal, and reports counts", async () => {
    const target = await fresh("restored");
    const result = runScript("scripts/restore.ts", [archive], target);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/orders: 3\n/);
    expect(result.stdout).toMatch(new RegExp(`media_blobs: ${before.media_blobs!.length}\\n`));
    const after = await contents(target);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
  });

  it.runIf(kind === "postgres")("moves a PostgreSQL site to SQLite with every table equal", async () => {
    const target = (await newDatabase("sqlite", dir, "from-postgres")).url;
    const result = runScript("scripts/restore.ts", [archive], target);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const after = await contents(target);
    expect(Object.keys(after)).toEqual(Object.keys(before));
    for (const table of Object.keys(before)) expect({ table, rows: after[table] }).toEqual({ table, rows: before[table] });
    // PostgreSQL's order number sequence has no table to copy: SQLite's counter is rebuilt from the orders, so the next order follows the highest.
    const { db } = openUrl(target);
    try {
      const counter = await db.selectFrom("counters").select("value").where("name", "=", "order_number").executeTakeFirstOrThrow();
      const highest = await db.selectFrom("orders").select((eb) => eb.fn.max("number").as("n")).executeTakeFirstOrThrow();
      expect(counter.value).toBe(Number(highest.n ?? 1000));
      expect(counter.value).toBeGreaterThan(1000);
    } finally {
      await db.destroy();
    }
  });

  it("refuses a corrupted archive and writes nothing", async () => {
    const bad = join(dir, "corrupted.tar.gz");
    const bytes = readFileSync(archive);
    for (let i = 200; i < bytes.length - 200; i += 997) bytes[i] = bytes[i]! ^ 0xff;
    writeFileSync(bad, bytes);
    const target = await fresh("corrupted");
    const result = runScript("scripts/restore.ts", [bad], target);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/restore refused, nothing written: .*corrupted/);
    expect(await tableNames(target)).toEqual([]);
    rmSync(bad);
  });

  it("refuses a truncated archive and writes nothing", async () => {
    const cut = join(dir, "truncated.tar.gz");
    writeFileSync(cut, readFileSync(archive));
    truncateSync(cut, Math.floor(statSync(cut).size * 0.6));
    const target = await fresh("truncated");
    const result = runScript("scripts/restore.ts", [cut], target);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/restore refused, nothing written: .*truncated/);
    expect(await tableNames(target)).toEqual([]);
    rmSync(cut);
  });

  it("refuses an archive whose entry no longer matches its checksum (a valid gzip, changed rows)", async () => {
    const work = mkdtempSync(join(tmpdir(), "rankwell-tamper-"));
    spawnSync("tar", ["-xzf", archive, "-C", work]);
    const orders = join(work, "tables/orders.jsonl");
    // One digit of a price changed: the same size, another hash.
    const text = readFileSync(orders, "utf8");
    const changed = text.replace(/"price_cents":(\d)/, (_, d: string) => `"price_cents":${(Number(d) + 1) % 10}`);
    expect(changed).not.toBe(text);
    expect(changed.length).toBe(text.length);
    writeFileSync(orders, changed);
    const tampered = join(dir, "tampered.tar.gz");
    const names = spawnSync("tar", ["-tzf", archive], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    expect(spawnSync("tar", ["--no-recursion", "-czf", tampered, "-C", work, ...names]).status).toBe(0);
    rmSync(work, { recursive: true, force: true });
    const target = await fresh("tampered");
    const result = runScript("scripts/restore.ts", [tampered], target);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/tables\/orders\.jsonl .* is corrupted: its SHA-256 does not match the manifest/);
    expect(await tableNames(target)).toEqual([]);
    rmSync(tampered);
  });

  it("refuses a database that is not empty unless --replace, which keeps a backup of what it replaced", async () => {
    // The source, changed after the backup: one more account.
    const later = await startTestServer({}, { databaseUrl: source.url });
    await signedUpClient(later, "after-backup@example.com");
    await later.close();
    const changed = await contents(source.url);
    expect(changed.user).toHaveLength(3);

    const refused = runScript("scripts/restore.ts", [archive], source.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/restore refused, nothing written: the target database is not empty .*--replace/);
    expect(await contents(source.url)).toEqual(changed);

    const work = mkdtempSync(join(dir, "ops-"));
    const replaced = spawnSync(process.execPath, [join(process.cwd(), "scripts/restore.ts"), archive, "--replace"], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: source.url, AUTH_SECRET: "backup-secret-backup-secret-backup-secret-0", BACKUP_DIR: work },
      encoding: "utf8",
    });
    expect(replaced.stderr).toBe("");
    expect(replaced.status).toBe(0);
    const kept = /the database it replaced is saved in (\S+)/.exec(replaced.stdout)?.[1];
    expect(kept && existsSync(kept)).toBe(true);
    // The site is back as it was at the backup, the account made afterwards is gone...
    expect(await contents(source.url)).toEqual(before);
    // ...and the replaced database, with that account, restores from the kept backup.
    const elsewhere = await fresh("replaced");
    expect(runScript("scripts/restore.ts", [kept!], elsewhere).status).toBe(0);
    expect(await contents(elsewhere)).toEqual(changed);
    rmSync(kept!);
  });

  it("migrates an archive older than the code after loading it, and admin -- migrations lists applied and pending", async () => {
    const names = Object.keys(migrations).sort();
    const older = names.slice(0, -1);
    const oldSite = await fresh("old");
    const { db } = openUrl(oldSite);
    await migrateOnly(db, older);
    await db.insertInto("audit_log").values({ id: "a1", created_at: "2025-01-01T00:00:00.000Z", actor: "ops@example.com", ip: null, action: "test", target: "t", summary: "kept" }).execute();
    await db.destroy();

    const listed = runScript("server/cli.ts", ["migrations"], oldSite);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(`applied (${older.length}):`);
    expect(listed.stdout).toMatch(new RegExp(`pending \\(1\\):\\n  ${names.at(-1)}\\n`));

    const oldArchive = join(dir, "old.tar.gz");
    expect(runScript("scripts/backup.ts", ["--out", oldArchive], oldSite).status).toBe(0);
    const target = await fresh("upgraded");
    const restored = runScript("scripts/restore.ts", [oldArchive], target);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(`then applied 1 newer migrations: ${names.at(-1)}`);
    expect((await contents(target)).audit_log).toHaveLength(1);

    const now = runScript("server/cli.ts", ["migrations"], target);
    expect(now.stdout).toContain(`applied (${names.length}):`);
    expect(now.stdout).toContain("pending (0): none");
  });
});
