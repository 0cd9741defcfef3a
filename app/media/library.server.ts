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
import { type Description, describeAlt } from "./alt-text.ts";
import { focalRegion } from "./focal-crop.ts";
import { croppedCopy, inspectImage, resizedCopy } from "./inspect.server.ts";
import { CROPS, type CropShape, cropPath, cropWidths, type MediaExt, type MediaRef, mediaPath, parseMediaPath, slugOf, thumbnailSrc, variantPath, variantWidths } from "./media-url.ts";
import { type BlobStore, CROP_KEY_PREFIX, cropKey, databaseStore, originalKey, s3Store, variantKey } from "./store.server.ts";
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
  /** What the image shows; null: nobody has said (decision 0039). */
  altText: string | null;
  /** Drawn with alt="". */
  decorative: boolean;
  /** The point crops keep in view, percent of width and height. */
  focal: { x: number; y: number };
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
  /**
   * Adds an upload (Editor or Admin) with its alt text or decorative mark, when given; the same
   * bytes again answer the file already there (given alt text then fills a file that had none).
   */
  upload(viewer: Actor, upload: Upload, described?: Description): Promise<Added>;
  /** Changes a file's alt text, decorative mark and focal point; public pages are rendered again. */
  describe(viewer: Actor, id: string, described: Description): Promise<MediaFile>;
  /** Adds a file for the system (demo content, with its alt text); `by` is recorded as its author. */
  addFile(upload: Upload, by: string, audit?: AuditActor, described?: Description): Promise<Added>;
  /** A page of files, newest first; `search` in names, or the one file whose URL carries `hash`. */
  list(query: { page: number; pageSize: number; search?: string; hash?: string }): Promise<{ items: MediaFile[] } & PageInfo>;
  get(id: string): Promise<MediaFile | undefined>;
  remove(viewer: Actor, id: string): Promise<MediaFile>;
  /**
   * The bytes at a /media/ path (an original, a resized or a cropped copy), or undefined: a 404.
   * A crop around a focal point the file no longer has answers where the current one is.
   */
  read(path: string): Promise<Served | { movedTo: string } | undefined>;
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
    altText: row.alt_text,
    decorative: row.decorative === 1,
    focal: { x: row.focal_x, y: row.focal_y },
  };
}

/** The keys of a file's cropped copies around a focal point (what a focal change leaves behind). */
const cropKeys = (row: Row, focal: { x: number; y: number }) =>
  (Object.keys(CROPS) as CropShape[]).flatMap((shape) => cropWidths(refOf(row), shape).map((width) => cropKey(row.id, { shape, width, ...focal })));

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
  /**
   * Announces, inside the writing transaction, that what public pages show changed (alt text,
   * focal point): content's public version bump, handed in like `imageUsers`.
   */
  publicChanged: (trx: DbOrTrx) => Promise<void>;
}

export function createMediaLibrary({ db, config, jobs, log, imageUsers, publicChanged }: MediaLibraryDeps): MediaLibrary {
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
  async function addFile(upload: Upload, by: string, audit?: AuditActor, described?: Description): Promise<Added> {
    const image = await inspectImage(upload.bytes, upload.fileName);
    const hash = createHash("sha256").update(image.bytes).digest("hex").slice(0, 32);
    const known = await byHash(hash);
    if (known) {
      // The same image again, now with alt text: the copy nobody had described gets it.
      const fills = known.alt_text === null && known.decorative === 0 && (described?.alt || described?.decorative);
      const file = fills && audit ? await describeRow(audit, known.id, { alt: described.alt, decorative: described.decorative }) : toFile(known);
      return { file, created: false, removed: image.removed };
    }

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
      alt_text: described?.decorative ? null : described?.alt || null,
      decorative: described?.decorative ? 1 : 0,
      focal_x: described?.focal?.x ?? 50,
      focal_y: described?.focal?.y ?? 50,
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
        if (audit) await recordAudit(trx, { actor: audit, action: "media.upload", target: row.name, summary: `${row.content_type}, ${row.width}×${row.height}, ${row.byte_size} bytes; alt text: ${describeAlt(toFile(row))}` });
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

  /**
   * Writes a file's description in one transaction with its audit entry and the public version
   * bump (pages show the alt text and crop around the focal point). Crops around the old focal
   * point are removed: from the database now, from a bucket by a queued job.
   */
  async function describeRow(actor: AuditActor, id: string, described: Description): Promise<MediaFile> {
    const saved = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) throw notFound("Image");
      const next: Row = {
        ...row,
        ...(described.decorative !== undefined || described.alt !== undefined
          ? { alt_text: described.decorative ? null : described.alt || null, decorative: described.decorative ? 1 : 0 }
          : {}),
        ...(described.focal ? { focal_x: described.focal.x, focal_y: described.focal.y } : {}),
      };
      const altChanged = next.alt_text !== row.alt_text || next.decorative !== row.decorative;
      const focalChanged = next.focal_x !== row.focal_x || next.focal_y !== row.focal_y;
      if (!altChanged && !focalChanged) return row;
      await trx.updateTable("media_files").set({ alt_text: next.alt_text, decorative: next.decorative, focal_x: next.focal_x, focal_y: next.focal_y }).where("id", "=", id).execute();
      if (focalChanged) {
        if (row.storage === "database") await trx.deleteFrom("media_blobs").where("file_id", "=", id).where("key", "like", `${id}/${CROP_KEY_PREFIX}%`).execute();
        else await jobs.enqueue(trx, MEDIA_REMOVE_JOB, { fileId: id, keys: cropKeys(row, { x: row.focal_x, y: row.focal_y }) });
      }
      const said = [altChanged ? `alt text: ${describeAlt(toFile(next))}` : "", focalChanged ? `focal point: ${next.focal_x}% ${next.focal_y}%` : ""].filter(Boolean).join("; ");
      await recordAudit(trx, { actor, action: "media.describe", target: row.name, summary: said });
      await publicChanged(trx);
      return next;
    });
    jobs.wake();
    return toFile(saved);
  }

  return {
    maxBytes: config.media.maxBytes,
    storage: current.kind,

    async describe(viewer, id, described) {
      assertRole(viewer, CONTENT_ROLE);
      if (!isId(id)) throw notFound("Image");
      return describeRow(auditActor(viewer), id, described);
    },

    async upload(viewer, upload, described) {
      const by = assertRole(viewer, CONTENT_ROLE);
      // Decoding and resizing is seconds of CPU for a large image: one upload at a time per
      // person (a second one meanwhile is refused, to be sent again), and at most
      // IMAGE_WORK_AT_ONCE for everyone together (the rest wait their turn), so pages stay fast.
      if (working.has(by)) throw new AppError(429, UPLOAD_BUSY, { file: UPLOAD_BUSY }, { retryAfterSeconds: 5 });
      working.add(by);
      try {
        return await imageWork(() => addFile(upload, by, auditActor(viewer), described));
      } finally {
        working.delete(by);
      }
    },

    addFile,

    async list({ page, pageSize, search, hash }) {
      let query = db.selectFrom("media_files").selectAll();
      if (hash !== undefined) query = query.where("hash", "=", hash);
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
          const keys = [originalKey(row.id), ...variantWidths(refOf(row)).map((w) => variantKey(row.id, w)), ...cropKeys(row, { x: row.focal_x, y: row.focal_y })];
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
      if (ref.crop) return readCrop(row, ref.crop);
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

  /**
   * A cropped copy around the file's current focal point: made from the original on first
   * request and kept (the shapes and widths are fixed, and only the current focal point is made,
   * so nobody can make the server cut on request). One around an earlier focal point (a page
   * cached before the change) is sent to the current one.
   */
  async function readCrop(row: Row, crop: NonNullable<ReturnType<typeof parseMediaPath>>["crop"] & {}): Promise<Served | { movedTo: string } | undefined> {
    if (!cropWidths(refOf(row), crop.shape).includes(crop.width)) return undefined;
    const focal = { x: row.focal_x, y: row.focal_y };
    if (crop.x !== focal.x || crop.y !== focal.y) return { movedTo: cropPath(refOf(row), { ...crop, ...focal }) };
    const store = storeFor(row.storage);
    const key = cropKey(row.id, crop);
    const etag = `"${row.hash}-${crop.shape}${crop.width}-f${crop.x}-${crop.y}"`;
    let bytes = await store.get(key);
    if (!bytes) {
      const original = await store.get(originalKey(row.id));
      if (!original) return undefined;
      const { ratio } = CROPS[crop.shape];
      bytes = await imageWork(() => croppedCopy(original, focalRegion(row.width, row.height, ratio, focal), crop.width, Math.round(crop.width / ratio)));
      await store.put(db, row.id, key, bytes, "image/webp").catch((error) => log.error(`media: could not keep a cropped copy of ${row.name}`, error));
    }
    return { bytes, contentType: "image/webp", etag };
  }
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
