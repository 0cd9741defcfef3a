import { createHash } from "node:crypto";
import { createReadStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import type { Config } from "../config.server.ts";
import { type Db, type DbKind, migrateToLatest, oneAtATime, openDatabase } from "../db/db.server.ts";
import { migrateOnly } from "../db/migration-status.server.ts";
import { migrations as knownMigrations } from "../db/migrations/index.ts";
import { createJobQueue } from "../jobs/queue.server.ts";
import { createLogger } from "../logger.server.ts";
import { createMailer } from "../mail/mailer.server.ts";
import { createRateLimiter } from "../security/rate-limit.server.ts";
import { ArchiveError, extractTarGz } from "./archive.server.ts";
import { bucketStores, createBackup } from "./backup.server.ts";
import { type Manifest, MANIFEST_ENTRY, manifestSchema } from "./manifest.ts";
import { dropAllTables, foreignKeyOrder, fromPortable, insertRows, rebuildDerived, resetSequences, ROWS_PER_PAGE, siteTables } from "./tables.server.ts";

export { ArchiveError };

/** A restore that was refused before anything was written: the reason, for the operator. */
export class RestoreRefused extends Error {}

export interface RestoreReport {
  manifest: Manifest;
  /** Rows loaded per table (counted in the database after loading). */
  counts: Record<string, number>;
  bucketObjects: number;
  /** Migrations this release applied after loading (the archive was older). */
  migratedAfter: string[];
  /** Where the database that `--replace` replaced was saved. */
  replacedBackup?: string;
}

/**
 * Opens the archive into a temporary folder and checks it against its manifest: every entry
 * present with its size and SHA-256, nothing extra, every table's row count, and migrations this
 * release knows. Answers the manifest and the folder (the caller removes it). Throws
 * ArchiveError with the reason otherwise.
 */
export async function verifyArchive(file: string): Promise<{ manifest: Manifest; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), "rankwell-restore-"));
  try {
    const found = await extractTarGz(file, dir);
    if (!found.some((e) => e.name === MANIFEST_ENTRY)) throw new ArchiveError(`${file} has no manifest: it is not a complete Rankwell backup`);
    let manifest: Manifest;
    try {
      manifest = manifestSchema.parse(JSON.parse(readFileSync(join(dir, MANIFEST_ENTRY), "utf8")));
    } catch {
      throw new ArchiveError(`the manifest of ${file} is not one a Rankwell backup writes`);
    }
    const listed = new Map(manifest.entries.map((e) => [e.name, e]));
    for (const entry of found) {
      if (entry.name === MANIFEST_ENTRY) continue;
      const expected = listed.get(entry.name);
      if (!expected) throw new ArchiveError(`${file} holds ${entry.name}, which its manifest does not list`);
      if (expected.size !== entry.size) throw new ArchiveError(`${entry.name} in ${file} has ${entry.size} bytes, the manifest says ${expected.size}`);
      const sha256 = await fileHash(join(dir, entry.name));
      if (sha256 !== expected.sha256) throw new ArchiveError(`${entry.name} in ${file} is corrupted: its SHA-256 does not match the manifest`);
      listed.delete(entry.name);
    }
    if (listed.size) throw new ArchiveError(`${file} lacks ${[...listed.keys()].slice(0, 3).join(", ")}: the archive is incomplete`);
    const names = new Set(manifest.entries.map((e) => e.name));
    for (const table of manifest.tables) {
      if (!names.has(table.entry)) throw new ArchiveError(`${file} lacks the rows of ${table.name}`);
      const lines = await countLines(join(dir, table.entry));
      if (lines !== table.rows) throw new ArchiveError(`${table.name} in ${file} has ${lines} rows, the manifest says ${table.rows}`);
    }
    for (const object of manifest.bucket) if (!names.has(object.entry)) throw new ArchiveError(`${file} lacks the bucket object ${object.key}`);
    const newer = manifest.migrations.filter((name) => !(name in knownMigrations));
    if (newer.length) throw new ArchiveError(`${file} was written by a newer release (migrations ${newer.join(", ")}): restore it with that release or a later one`);
    return { manifest, dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores `file` into the target database. Nothing is written until the archive has passed
 * verifyArchive and the target was found empty (or `replace` was given, and the target's own
 * backup written to `replacedBackup`). Then: the archive's migrations, better-auth's tables, every
 * row in ONE transaction in foreign-key order (sequences reset), the bucket objects, and the
 * migrations this release has beyond the archive's. If loading fails, the tables are dropped
 * again so the target is as empty as it was found.
 */
export async function restoreBackup(file: string, config: Config, options: { replace?: boolean; replacedBackup?: string } = {}): Promise<RestoreReport> {
  const { manifest, dir } = await verifyArchive(file);
  if (manifest.bucket.length && !config.media.s3) {
    rmSync(dir, { recursive: true, force: true });
    throw new RestoreRefused(`the archive holds ${manifest.bucket.length} objects of a media bucket: set MEDIA_S3_URL to the bucket to restore them into`);
  }
  // Opened only now: a refused archive leaves no trace, not even a new SQLite file.
  const { db, kind } = openDatabase(config.database);
  try {
    return await oneAtATime(db, kind, async () => {
      const existing = await siteTables(db, kind, { withMigrationTables: true });
      let replacedBackup: string | undefined;
      if (existing.length) {
        if (!options.replace || !options.replacedBackup) {
          throw new RestoreRefused(`the target database is not empty (${existing.length} tables): restore into a new, empty database, or pass --replace to replace it (a backup of it is written first)`);
        }
        replacedBackup = (await createBackup({ db, kind, s3: config.media.s3 }, options.replacedBackup)).file;
        await dropAllTables(db, kind);
      }
      // better-auth is loaded only here: the server imports this module, and must not load it at start.
      const { migrateAuthTables } = await import("../auth/auth.server.ts");
      try {
        await migrateOnly(db, manifest.migrations);
        await migrateAuthTables(config, authDeps(db, kind, config));
        await putBucketObjects(config, manifest, dir);
        await loadRows(db, kind, manifest, dir);
        const counts: Record<string, number> = {};
        for (const table of manifest.tables) {
          const row = await db.selectFrom(table.name as never).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
          counts[table.name] = Number((row as { n: number }).n);
        }
        const before = new Set(manifest.migrations);
        await migrateToLatest(db);
        await migrateAuthTables(config, authDeps(db, kind, config));
        const migratedAfter = Object.keys(knownMigrations).filter((name) => !before.has(name));
        return { manifest, counts, bucketObjects: manifest.bucket.length, migratedAfter, replacedBackup };
      } catch (error) {
        // Leave the target as empty as it was found (a replaced database is in replacedBackup).
        await dropAllTables(db, kind).catch(() => {});
        const kept = replacedBackup ? ` The database it was to replace is saved in ${replacedBackup}.` : "";
        throw new Error(`restore failed, nothing kept: ${(error as Error).message}.${kept}`);
      }
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.destroy();
  }
}

/** better-auth creates its tables itself; it needs its dependencies only to be configured. */
function authDeps(db: Db, kind: DbKind, config: Config) {
  const log = createLogger("silent");
  const jobs = createJobQueue({ db, dbKind: kind, log });
  return { db, kind, mailer: createMailer(db, jobs), rateLimiter: createRateLimiter(db, config.rateLimitPerMinute) };
}

/**
 * Every row of the archive in one transaction: rows the migrations wrote (the sales total, the
 * public version) are replaced by the archive's, then each table is filled, parents first.
 */
async function loadRows(db: Db, kind: DbKind, manifest: Manifest, dir: string): Promise<void> {
  const targetTables = new Map((await siteTables(db, kind)).map((t) => [t.name, t]));
  for (const table of manifest.tables) {
    const target = targetTables.get(table.name);
    if (!target) throw new Error(`the archive has a table ${table.name} that this database does not`);
    const missing = table.columns.filter((c) => !target.columns.some((t) => t.name === c.name));
    if (missing.length) throw new Error(`${table.name} has no column ${missing.map((c) => c.name).join(", ")} here`);
  }
  const order = await foreignKeyOrder(db, kind, [...targetTables.keys()]);
  await db.transaction().execute(async (trx) => {
    for (const name of [...order].reverse()) await trx.deleteFrom(name as never).execute();
    const byName = new Map(manifest.tables.map((t) => [t.name, t]));
    for (const name of order) {
      const table = byName.get(name);
      if (!table) continue;
      const targetTypes = new Map(targetTables.get(name)!.columns.map((c) => [c.name, c.type]));
      const columns = table.columns.map((c) => c.name);
      let batch: unknown[][] = [];
      const lines = createInterface({ input: createReadStream(join(dir, table.entry)), crlfDelay: Infinity });
      for await (const line of lines) {
        if (!line) continue;
        const row = JSON.parse(line) as Record<string, unknown>;
        batch.push(table.columns.map((c) => fromPortable(row[c.name], c.type, targetTypes.get(c.name)!, kind)));
        if (batch.length >= ROWS_PER_PAGE) {
          await insertRows(trx, name, columns, batch);
          batch = [];
        }
      }
      if (batch.length) await insertRows(trx, name, columns, batch);
    }
    await resetSequences(trx, kind);
    await rebuildDerived(trx);
  });
}

async function putBucketObjects(config: Config, manifest: Manifest, dir: string): Promise<void> {
  if (!manifest.bucket.length || !config.media.s3) return;
  const stores = bucketStores(config.media.s3);
  for (const object of manifest.bucket) {
    const [store, ...rest] = object.key.split("/");
    const bytes = readFileSync(join(dir, object.entry));
    const key = rest.join("/");
    await (store === "orders" ? stores.orders : stores.media).put(undefined as never, key.split("/")[0]!, key, bytes, object.contentType);
  }
}

function fileHash(path: string): Promise<string> {
  return new Promise((done, fail) => {
    const hash = createHash("sha256");
    createReadStream(path)
      .on("data", (chunk) => hash.update(chunk))
      .on("end", () => done(hash.digest("hex")))
      .on("error", fail);
  });
}

async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) for (const byte of chunk) if (byte === 10) n++;
  return n;
}
