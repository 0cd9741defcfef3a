import { createHash } from "node:crypto";
import { type AuditActor, auditActor, recordAudit } from "../audit/audit.server.ts";
import { PostgresAdapter, sql } from "kysely";
import { type Actor, assertRole, CONTENT_ROLE } from "../auth/roles.ts";
import type { Config } from "../config.server.ts";
import { describeImageUsers, type ImageUser } from "./image-users.ts";
import { type Db, type DbOrTrx, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { newestFirstPage } from "../db/paging.server.ts";
import type { MediaFilesTable } from "../db/tables.ts";
import { AppError, notFound } from "../errors.ts";
import { type JobHandlerDef, type JobQueue, PermanentJobError } from "../jobs/queue.server.ts";
import type { Logger } from "../logger.server.ts";
import { inspectImage, resizedCopy } from "./inspect.server.ts";
import { type MediaExt, type MediaRef, mediaPath, parseMediaPath, slugOf, thumbnailSrc, variantPath, variantWidths } from "./media-url.ts";
import { type BlobStore, databaseStore, originalKey, s3Store, variantKey } from "./store.server.ts";
import type { Upload } from "./upload.server.ts";

/**
 * The media library: images uploaded once and used by any image field. A file is stored with its
 * resized copies before the upload is answered (in one transaction when the bytes go to the
 * database), so every server process can serve it at once. Deleting a file that content still
 * uses is refused, naming where it is used; the check and the delete are one transaction that
 * holds the file's row, and saving content holds the rows of the files it names, so a save and a
 * delete at the same moment on two processes cannot leave a page pointing at nothing.
 */

export interface MediaFile {
  id: string;
  /** The public address an image field holds. */
  url: string;
  /** A small copy for lists and pickers (the original when it is small or an SVG). */
  thumbnail: string;
  name: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
  createdAt: string;
  createdBy: string;
}

export interface Served {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

export interface MediaLibrary {
  maxBytes: number;
  /** Where new uploads go. */
  storage: BlobStore["kind"];
  /** Adds an upload (Editor or Admin); the same bytes again answer the file already there. */
  upload(viewer: Actor, upload: Upload): Promise<Added>;
  /** Adds a file for the system (demo content); `by` is recorded as its author. */
  addFile(upload: Upload, by: string, audit?: AuditActor): Promise<Added>;
  list(query: { page: number; pageSize: number; search?: string }): Promise<{ items: MediaFile[] } & PageInfo>;
  get(id: string): Promise<MediaFile | undefined>;
  remove(viewer: Actor, id: string): Promise<MediaFile>;
  /** The bytes at a /media/ path (an original or a resized copy), or undefined: a 404. */
  read(path: string): Promise<Served | undefined>;
}

export interface Added {
  file: MediaFile;
  /** False when the same image was already in the library. */
  created: boolean;
  /** Active content taken out of an SVG. */
  removed: string[];
}

export const MEDIA_REMOVE_JOB = "media.remove-objects";

type Row = MediaFilesTable;

const refOf = (row: Pick<Row, "hash" | "width" | "height" | "slug" | "content_type">): MediaRef => ({
  hash: row.hash,
  width: row.width,
  height: row.height,
  slug: row.slug,
  ext: extOf(row.content_type),
});

const extOf = (contentType: string): MediaExt =>
  (({ "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/avif": "avif", "image/svg+xml": "svg" }) as Record<string, MediaExt>)[contentType] ?? "png";

function toFile(row: Row): MediaFile {
  const url = mediaPath(refOf(row));
  return {
    id: row.id,
    url,
    thumbnail: thumbnailSrc(url),
    name: row.name,
    contentType: row.content_type,
    width: row.width,
    height: row.height,
    byteSize: row.byte_size,
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

/** Uploads processed at once in a process, whoever sent them. */
export const IMAGE_WORK_AT_ONCE = 2;

export const UPLOAD_BUSY = "Your previous upload is still being processed. Wait a moment, then upload this image again.";

/** Runs at most `size` pieces of work at once; the others wait in order. */
function queueOf(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await work();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

const isPostgres = (db: DbOrTrx) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface MediaLibraryDeps {
  db: Db;
  config: Pick<Config, "media">;
  jobs: JobQueue;
  log: Logger;
  /**
   * Where a file (by hash) is used, read inside the delete's transaction. Content knows its
   * fields; it hands this in (server/services.ts) so the library does not import content.
   */
  imageUsers: (trx: DbOrTrx, hash: string) => Promise<ImageUser[]>;
}

export function createMediaLibrary({ db, config, jobs, log, imageUsers }: MediaLibraryDeps): MediaLibrary {
  const stores: Partial<Record<BlobStore["kind"], BlobStore>> = { database: databaseStore(db) };
  if (config.media.s3) stores.s3 = s3Store(config.media.s3);
  const current = stores.s3 ?? stores.database!;
  const storeFor = (kind: BlobStore["kind"]) => {
    const store = stores[kind];
    if (!store) throw new Error(`media stored in ${kind}, but no ${kind} storage is configured (MEDIA_S3_URL)`);
    return store;
  };

  jobs.register({
    kind: MEDIA_REMOVE_JOB,
    maxAttempts: 20,
    async run({ fileId, keys }) {
      const s3 = stores.s3;
      if (!s3) throw new PermanentJobError("MEDIA_S3_URL is no longer set: remove the objects by hand");
      await s3.removeFile(fileId, keys);
    },
  } satisfies JobHandlerDef<{ fileId: string; keys: string[] }>);

  /** Who has an upload being processed in this process now. */
  const working = new Set<string>();
  const imageWork = queueOf(IMAGE_WORK_AT_ONCE);

  const byHash = (hash: string) => db.selectFrom("media_files").selectAll().where("hash", "=", hash).executeTakeFirst();

  /** `audit`: who to name in the audit log (an editor's upload; the system's demo images have none). */
  async function addFile(upload: Upload, by: string, audit?: AuditActor): Promise<Added> {
    const image = await inspectImage(upload.bytes, upload.fileName);
    const hash = createHash("sha256").update(image.bytes).digest("hex").slice(0, 32);
    const known = await byHash(hash);
    if (known) return { file: toFile(known), created: false, removed: image.removed };

    const row: Row = {
      id: newId(),
      hash,
      name: upload.fileName,
      slug: slugOf(upload.fileName),
      content_type: image.contentType,
      width: image.width,
      height: image.height,
      byte_size: image.bytes.length,
      storage: current.kind,
      created_at: nowIso(),
      created_by: by,
    };
    // One at a time: resizing is CPU and memory, and the machine serves pages too.
    const copies: { key: string; bytes: Buffer }[] = [];
    for (const width of variantWidths(refOf(row))) copies.push({ key: variantKey(row.id, width), bytes: await resizedCopy(image.bytes, width) });
    const blobs = [{ key: originalKey(row.id), bytes: image.bytes, type: image.contentType }, ...copies.map((c) => ({ ...c, type: "image/webp" }))];

    // A bucket is written first: the row that makes the file visible is committed last.
    if (current.kind === "s3") for (const blob of blobs) await current.put(db, row.id, blob.key, blob.bytes, blob.type);
    try {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto("media_files").values(row).execute();
        if (current.kind === "database") for (const blob of blobs) await current.put(trx, row.id, blob.key, blob.bytes, blob.type);
        if (audit) await recordAudit(trx, { actor: audit, action: "media.upload", target: row.name, summary: `${row.content_type}, ${row.width}×${row.height}, ${row.byte_size} bytes` });
      });
    } catch (error) {
      // The same bytes uploaded at the same moment elsewhere: theirs is the file.
      if (!isUniqueViolation(error)) throw error;
      const winner = await byHash(hash);
      if (!winner) throw error;
      if (current.kind === "s3") await jobs.enqueue(db, MEDIA_REMOVE_JOB, { fileId: row.id, keys: blobs.map((b) => b.key) });
      return { file: toFile(winner), created: false, removed: image.removed };
    }
    log.info(`media: ${by} added ${row.name} (${row.content_type}, ${row.width}x${row.height}, ${row.byte_size} bytes, ${copies.length} resized copies)`);
    return { file: toFile(row), created: true, removed: image.removed };
  }

  return {
    maxBytes: config.media.maxBytes,
    storage: current.kind,

    async upload(viewer, upload) {
      const by = assertRole(viewer, CONTENT_ROLE);
      // Decoding and resizing is seconds of CPU for a large image: one upload at a time per
      // person (a second one meanwhile is refused, to be sent again), and at most
      // IMAGE_WORK_AT_ONCE for everyone together (the rest wait their turn), so pages stay fast.
      if (working.has(by)) throw new AppError(429, UPLOAD_BUSY, { file: UPLOAD_BUSY }, { retryAfterSeconds: 5 });
      working.add(by);
      try {
        return await imageWork(() => addFile(upload, by, auditActor(viewer)));
      } finally {
        working.delete(by);
      }
    },

    addFile,

    async list({ page, pageSize, search }) {
      let query = db.selectFrom("media_files").selectAll();
      const words = search?.trim().toLowerCase();
      // The words as typed: % and _ match themselves (escaped), on both databases.
      if (words) query = query.where(sql<boolean>`lower(name) like ${`%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`);
      const { rows, ...info } = await newestFirstPage(query, page, pageSize);
      return { items: rows.map(toFile), ...info };
    },

    async get(id) {
      if (!isId(id)) return undefined;
      const row = await db.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toFile(row);
    },

    async remove(viewer, id) {
      assertRole(viewer, CONTENT_ROLE);
      if (!isId(id)) throw notFound("Image");
      const removed = await db.transaction().execute(async (trx) => {
        let select = trx.selectFrom("media_files").selectAll().where("id", "=", id);
        // Held until commit: a save naming this file waits, then finds it gone (or is found here).
        if (isPostgres(trx)) select = select.forUpdate();
        const row = await select.executeTakeFirst();
        if (!row) throw notFound("Image");
        const users = await imageUsers(trx, row.hash);
        if (users.length > 0) {
          throw new AppError(409, `${row.name} is used by ${describeImageUsers(users)}. Choose another image there first, then delete this one.`);
        }
        await trx.deleteFrom("media_files").where("id", "=", id).execute();
        await recordAudit(trx, { actor: auditActor(viewer), action: "media.delete", target: row.name, summary: `${row.content_type}, ${row.width}×${row.height}` });
        if (row.storage === "s3") {
          const keys = [originalKey(row.id), ...variantWidths(refOf(row)).map((w) => variantKey(row.id, w))];
          await jobs.enqueue(trx, MEDIA_REMOVE_JOB, { fileId: row.id, keys });
        }
        return row;
      });
      jobs.wake();
      log.info(`media: ${viewer.user?.email} deleted ${removed.name}`);
      return toFile(removed);
    },

    async read(path) {
      const ref = parseMediaPath(path);
      if (!ref) return undefined;
      const row = await byHash(ref.hash);
      if (!row) return undefined;
      const own = refOf(row);
      const width = ref.variant;
      const canonical = width === undefined ? mediaPath(own) : variantWidths(own).includes(width) ? variantPath(own, width) : undefined;
      if (canonical !== path) return undefined;
      const store = storeFor(row.storage);
      const etag = `"${row.hash}${width ? `-w${width}` : ""}"`;
      if (width === undefined) {
        const bytes = await store.get(originalKey(row.id));
        return bytes && { bytes, contentType: row.content_type, etag };
      }
      let bytes = await store.get(variantKey(row.id, width));
      if (!bytes) {
        // A copy made before this width existed, or lost: made now from the original, and kept.
        const original = await store.get(originalKey(row.id));
        if (!original) return undefined;
        bytes = await resizedCopy(original, width);
        await store.put(db, row.id, variantKey(row.id, width), bytes, "image/webp").catch((error) => log.error(`media: could not keep a resized copy of ${row.name}`, error));
      }
      return { bytes, contentType: "image/webp", etag };
    },
  };
}

/** What the uploader is told: added or already there, and what was taken out of an SVG. */
export function uploadMessage({ file, created, removed }: Added): string {
  const said = created ? `${file.name} is uploaded (${file.width} × ${file.height}).` : `${file.name} is already in the library; nothing was added.`;
  return removed.length ? `${said} Removed from the SVG for safety: ${removed.join(", ")}.` : said;
}

declare module "../services.server.ts" {
  interface Services {
    /** The media library (this module). */
    media: MediaLibrary;
  }
}
