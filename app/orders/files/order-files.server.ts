import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { Config } from "../../config.server.ts";
import { type Db, nowIso } from "../../db/db.server.ts";
import type { OrderFilesTable } from "../../db/tables.ts";
import { AppError } from "../../errors.ts";
import type { DbOrTrx } from "../../db/db.server.ts";
import { s3Store } from "../../media/store.server.ts";
import type { UploadedFile } from "../../multipart.server.ts";
import { ACCEPTED_KINDS, cleanFileName, describeRefused, ORDER_FILE_KINDS, sniffOrderFile } from "./file-kinds.ts";

/**
 * Files that belong to an order: attachments of its conversation, the agency's deliverables, a
 * brief's file answers. They are not media: never public, never in the library, served only to
 * the order's customer and Admins (app/orders/access.server.ts) as attachments. Their bytes live
 * where media bytes live: in the database (order_file_blobs) by default, or in the media bucket
 * under `private/orders/` when MEDIA_S3_URL is set (stored `private, no-store`).
 */

export type OrderFile = Selectable<OrderFilesTable>;

/** What a file is attached to. */
export type FileLink = { messageId: string } | { deliveryId: string } | { questionKey: string };

/** 128 random bits: a file's address says nothing and cannot be guessed. */
const newFileId = () => randomBytes(16).toString("hex");

export interface OrderFileStore {
  /** Checks and stores `uploads` for `orderId` through `trx` (the transaction that writes what they belong to). */
  add(trx: DbOrTrx, orderId: string, uploads: UploadedFile[], link: FileLink, by: string): Promise<OrderFile[]>;
  bytes(file: OrderFile): Promise<Buffer | undefined>;
  /** Largest file, for messages and the body limit. */
  maxBytes: number;
}

/** The refusal of a file over the limit, worded for people. */
export const fileTooLarge = (maxBytes: number, field = "files") => {
  const message = `A file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB. Send a smaller one, or share a link to it in your message.`;
  return new AppError(413, message, { [field]: message });
};

/** Checks one upload: its kind from its bytes, and its size. Answers the stored name and type. */
export function checkUpload(upload: UploadedFile, maxBytes: number): { name: string; contentType: string } {
  const field = upload.field;
  if (upload.bytes.length > maxBytes) throw fileTooLarge(maxBytes, field);
  const kind = sniffOrderFile(upload.bytes, upload.fileName);
  if (!kind) {
    const what = describeRefused(upload.bytes);
    const message = `${upload.fileName || "This file"} is ${what ?? "not a file we accept"}. Send a ${ACCEPTED_KINDS} file.`;
    throw new AppError(400, message, { [field]: message });
  }
  return { name: cleanFileName(upload.fileName, kind), contentType: ORDER_FILE_KINDS[kind].contentType };
}

export function createOrderFileStore(db: Db, config: Pick<Config, "media" | "orderFiles">): OrderFileStore {
  const bucket = config.media.s3 && s3Store({ ...config.media.s3, prefix: `${config.media.s3.prefix}private/orders/` }, { cacheControl: "private, no-store" });
  const maxBytes = config.orderFiles.maxBytes;
  return {
    maxBytes,
    async add(trx, orderId, uploads, link, by) {
      const checked = uploads.map((upload) => ({ upload, ...checkUpload(upload, maxBytes) }));
      const files: OrderFile[] = [];
      for (const { upload, name, contentType } of checked) {
        const file: OrderFile = {
          id: newFileId(),
          order_id: orderId,
          message_id: "messageId" in link ? link.messageId : null,
          delivery_id: "deliveryId" in link ? link.deliveryId : null,
          question_key: "questionKey" in link ? link.questionKey : null,
          name,
          content_type: contentType,
          byte_size: upload.bytes.length,
          storage: bucket ? "s3" : "database",
          uploaded_by: by,
          created_at: nowIso(),
        };
        // The row first: it references the order, so a file of no order is never stored.
        await trx.insertInto("order_files").values(file).execute();
        if (bucket) await bucket.put(trx, file.id, file.id, upload.bytes, contentType);
        else await trx.insertInto("order_file_blobs").values({ file_id: file.id, data: upload.bytes }).execute();
        files.push(file);
      }
      return files;
    },
    async bytes(file) {
      if (file.storage === "s3") {
        if (!bucket) throw new Error("this order file is in the bucket, but MEDIA_S3_URL is no longer set");
        return bucket.get(file.id);
      }
      const row = await db.selectFrom("order_file_blobs").select("data").where("file_id", "=", file.id).executeTakeFirst();
      return row ? Buffer.from(row.data) : undefined;
    },
  };
}

export const filesOfOrder = (db: Db, orderId: string): Promise<OrderFile[]> =>
  db.selectFrom("order_files").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute();

export const orderFile = (db: Db, fileId: string): Promise<OrderFile | undefined> =>
  /^[0-9a-f]{32}$/.test(fileId) ? db.selectFrom("order_files").selectAll().where("id", "=", fileId).executeTakeFirst() : Promise.resolve(undefined);

/** Where a file is downloaded: under its order, with its name (the access check is the server's). */
export const fileUrl = (file: Pick<OrderFile, "order_id" | "id" | "name">) => `/orders/${file.order_id}/files/${file.id}/${encodeURIComponent(file.name)}`;

/** A file as pages and the API show it. */
export const fileView = (file: OrderFile) => ({ id: file.id, name: file.name, contentType: file.content_type, size: file.byte_size, url: fileUrl(file), createdAt: file.created_at, uploadedBy: file.uploaded_by });
export type FileView = ReturnType<typeof fileView>;

declare module "../../services.server.ts" {
  interface Services {
    /** Files that belong to orders: never public (this module). */
    orderFiles: OrderFileStore;
  }
}
