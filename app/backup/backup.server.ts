import { createHash } from "node:crypto";
import { closeSync, existsSync, fsyncSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { sql } from "kysely";
import type { S3Bucket } from "../config.server.ts";
import type { Db, DbKind, Trx } from "../db/db.server.ts";
import { VARIANT_WIDTHS } from "../media/media-url.ts";
import { originalKey, s3Store, variantKey } from "../media/store.server.ts";
import { writeTarGz } from "./archive.server.ts";
import { FORMAT, type Manifest, MANIFEST_ENTRY } from "./manifest.ts";
import { readPage, siteTables, toPortable } from "./tables.server.ts";

export interface BackupSource {
  db: Db;
  kind: DbKind;
  /** The media bucket, when MEDIA_S3_URL is set: its objects go into the archive too. */
  s3?: S3Bucket;
}

/** The name a backup gets when none is given: sortable by time, in BACKUP_DIR (./backups unless set). */
export const defaultBackupName = (dir = "backups", label = "rankwell", now = new Date()) => resolve(dir, `${label}-${now.toISOString().replace(/[:.]/g, "-")}.tar.gz`);

/** The bucket's two stores: media files (public) and order files (private), as the app writes them. */
export function bucketStores(s3: S3Bucket) {
  return {
    media: s3Store(s3),
    orders: s3Store({ ...s3, prefix: `${s3.prefix}private/orders/` }, { cacheControl: "private, no-store" }),
  };
}

/**
 * Writes one archive of everything that matters to `out`: every table's rows, read in ONE read
 * transaction (a snapshot: on SQLite a WAL read transaction, writers carry on; on PostgreSQL
 * REPEATABLE READ, READ ONLY), the bucket's objects of the files in that snapshot, and the
 * manifest. It writes beside `out` under a temporary name and renames only when all is written
 * and flushed; on any error nothing is left at `out` and the error is thrown.
 */
export async function createBackup(source: BackupSource, out: string): Promise<{ file: string; manifest: Manifest }> {
  out = resolve(out);
  if (existsSync(out)) throw new Error(`${out} exists already: name a new file`);
  mkdirSync(dirname(out), { recursive: true });
  const staging = mkdtempSync(join(dirname(out), `.${basename(out)}.parts-`));
  const partial = `${out}.partial-${process.pid}`;
  try {
    const entries: Manifest["entries"] = [];
    const writeEntry = (name: string, bytes: Buffer) => {
      const path = join(staging, name);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, bytes);
      entries.push({ name, size: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") });
    };

    const snapshot = await readSnapshot(source, staging, entries);
    const bucket = source.s3 ? await copyBucket(source.s3, snapshot.s3Files, writeEntry) : [];

    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      source: source.kind,
      schemaVersion: snapshot.migrations.at(-1) ?? "",
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      bucket,
      entries,
    };
    writeFileSync(join(staging, MANIFEST_ENTRY), JSON.stringify(manifest, null, 2));
    const files = [...entries.map(({ name, size }) => ({ name, size })), { name: MANIFEST_ENTRY, size: statSync(join(staging, MANIFEST_ENTRY)).size }];
    await writeTarGz(staging, files, partial);
    const fd = openSync(partial, "r+");
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, out);
    return { file: out, manifest };
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

interface Snapshot {
  migrations: string[];
  tables: Manifest["tables"];
  /** Files whose bytes are in the bucket: media files (with their widths) and order files. */
  s3Files: { media: { id: string; width: number; contentType: string }[]; orders: { id: string; contentType: string }[] };
}

async function readSnapshot(source: BackupSource, staging: string, entries: Manifest["entries"]): Promise<Snapshot> {
  const read = async (trx: Trx): Promise<Snapshot> => {
    const migrations = (await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx)).rows.map((r) => r.name);
    const tables: Manifest["tables"] = [];
    for (const table of await siteTables(trx, source.kind)) {
      const entry = `tables/${table.name}.jsonl`;
      const hash = createHash("sha256");
      const fd = openSync(join(staging, entry), "wx");
      let size = 0;
      let rows = 0;
      try {
        for (;;) {
          const page = await readPage(trx, source.kind, table.name, rows);
          if (page.length === 0) break;
          const text = page.map((row) => JSON.stringify(Object.fromEntries(table.columns.map((c) => [c.name, toPortable(row[c.name])])))).join("\n") + "\n";
          const bytes = Buffer.from(text);
          writeSync(fd, bytes);
          hash.update(bytes);
          size += bytes.length;
          rows += page.length;
        }
      } finally {
        closeSync(fd);
      }
      entries.push({ name: entry, size, sha256: hash.digest("hex") });
      tables.push({ name: table.name, entry, rows, columns: table.columns });
    }
    const media = source.s3
      ? (await trx.selectFrom("media_files").select(["id", "width", "content_type"]).where("storage", "=", "s3").execute()).map((r) => ({ id: r.id, width: r.width, contentType: r.content_type }))
      : [];
    const orders = source.s3
      ? (await trx.selectFrom("order_files").select(["id", "content_type"]).where("storage", "=", "s3").execute()).map((r) => ({ id: r.id, contentType: r.content_type }))
      : [];
    return { migrations, tables, s3Files: { media, orders } };
  };
  mkdirSync(join(staging, "tables"), { recursive: true });
  if (source.kind === "postgres") {
    return source.db.transaction().setIsolationLevel("repeatable read").setAccessMode("read only").execute(read);
  }
  return source.db.transaction().execute(read);
}

/** Copies the bucket objects of the snapshot's files. An original that is missing fails the backup. */
async function copyBucket(s3: S3Bucket, files: Snapshot["s3Files"], writeEntry: (name: string, bytes: Buffer) => void): Promise<Manifest["bucket"]> {
  const stores = bucketStores(s3);
  const copied: Manifest["bucket"] = [];
  for (const file of files.media) {
    const keys = [{ key: originalKey(file.id), contentType: file.contentType, required: true }];
    for (const width of VARIANT_WIDTHS) if (width < file.width) keys.push({ key: variantKey(file.id, width), contentType: "image/webp", required: false });
    for (const { key, contentType, required } of keys) {
      const bytes = await stores.media.get(key);
      // Resized copies are made when first asked for; one never asked for is not there.
      if (!bytes) {
        if (required) throw new Error(`the bucket has no object ${key} for media file ${file.id}`);
        continue;
      }
      const entry = `bucket/media/${key}`;
      writeEntry(entry, bytes);
      copied.push({ key: `media/${key}`, entry, contentType });
    }
  }
  for (const file of files.orders) {
    const bytes = await stores.orders.get(file.id);
    if (!bytes) throw new Error(`the bucket has no object for order file ${file.id}`);
    const entry = `bucket/orders/${file.id}`;
    writeEntry(entry, bytes);
    copied.push({ key: `orders/${file.id}`, entry, contentType: file.contentType });
  }
  return copied;
}
