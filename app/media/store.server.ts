import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import type { S3Bucket } from "../config.server.ts";
import type { Db, DbOrTrx } from "../db/db.server.ts";

/**
 * Where the bytes of library files live. Both places are seen by every server process: the
 * database (default; the same on SQLite and PostgreSQL) or an S3-compatible bucket (MEDIA_S3_URL).
 * Metadata always lives in the database (media_files); a file remembers where its bytes went, so
 * switching the setting leaves older files readable where they are.
 */
export interface BlobStore {
  kind: "database" | "s3";
  /** Stores bytes under `key`. The database store writes through `db`: pass the transaction that writes the file's row. */
  put(db: DbOrTrx, fileId: string, key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** Removes every key of a file (its original and resized copies). */
  removeFile(fileId: string, keys: string[]): Promise<void>;
}

export const originalKey = (fileId: string) => `${fileId}/original`;
export const variantKey = (fileId: string, width: number) => `${fileId}/w${width}.webp`;
export const CROP_KEY_PREFIX = "crop-";
/** A cropped copy, named for the focal point it was cut around (decision 0039). */
export const cropKey = (fileId: string, crop: { shape: string; width: number; x: number; y: number }) => `${fileId}/${CROP_KEY_PREFIX}${crop.shape}${crop.width}-f${crop.x}-${crop.y}.webp`;

export function databaseStore(db: Db): BlobStore {
  return {
    kind: "database",
    async put(target, fileId, key, bytes) {
      await target
        .insertInto("media_blobs")
        .values({ key, file_id: fileId, data: bytes })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    },
    async get(key) {
      const row = await db.selectFrom("media_blobs").select("data").where("key", "=", key).executeTakeFirst();
      return row ? Buffer.from(row.data) : undefined;
    },
    // The rows go with their file (ON DELETE CASCADE).
    async removeFile() {},
  };
}

/** A failure of the bucket: the request was fine, the storage was not (a 5xx, logged). */
export class StorageError extends Error {}

/**
 * An S3-compatible bucket, spoken to with signed requests (AWS Signature Version 4, aws4fetch):
 * PutObject, GetObject and DeleteObject on path-style URLs, nothing else.
 */
export function s3Store(bucket: S3Bucket, options: { cacheControl?: string } = {}): BlobStore {
  const cacheControl = options.cacheControl ?? "public, max-age=31536000, immutable";
  const client = new AwsClient({ accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey, service: "s3", region: bucket.region, retries: 2 });
  const objectUrl = (key: string) => `${bucket.endpoint}/${bucket.bucket}/${bucket.prefix}${key.split("/").map(encodeURIComponent).join("/")}`;
  const fail = async (what: string, response: Response) => {
    const body = (await response.text().catch(() => "")).slice(0, 300);
    return new StorageError(`S3 ${what} answered ${response.status}: ${body}`);
  };
  const remove = async (key: string) => {
    const response = await client.fetch(objectUrl(key), { method: "DELETE" });
    // Deleting what is not there is done (S3 itself answers 204 either way).
    if (!response.ok && response.status !== 404) throw await fail(`DeleteObject ${key}`, response);
  };
  return {
    kind: "s3",
    async put(_db, _fileId, key, bytes, contentType) {
      // The payload's hash is signed too, so the bucket refuses bytes changed on the way.
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      const response = await client.fetch(objectUrl(key), {
        method: "PUT",
        body: new Uint8Array(bytes),
        headers: { "content-type": contentType, "x-amz-content-sha256": sha256, "cache-control": cacheControl },
      });
      if (!response.ok) throw await fail(`PutObject ${key}`, response);
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key));
      if (response.status === 404) return undefined;
      if (!response.ok) throw await fail(`GetObject ${key}`, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async removeFile(_fileId, keys) {
      for (const key of keys) await remove(key);
    },
  };
}
