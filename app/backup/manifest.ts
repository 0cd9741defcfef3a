import { z } from "zod";

/**
 * `manifest.json`, the last entry of every archive: what it holds and how to check it. Written
 * last, so an archive cut short has none; read first on restore, and every other entry must match
 * it (name, size, SHA-256) before anything is written.
 */

export const FORMAT = "rankwell-backup/1";

const portableType = z.enum(["text", "integer", "real", "boolean", "timestamp", "blob"]);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  createdAt: z.iso.datetime(),
  /** The database it was taken from: `sqlite` or `postgres`. */
  source: z.enum(["sqlite", "postgres"]),
  /** The last migration applied (by name): the schema version. */
  schemaVersion: z.string(),
  /** Every migration the source had applied. */
  migrations: z.array(z.string()),
  tables: z.array(
    z.object({
      name: z.string(),
      /** The entry holding its rows: one JSON object per line. */
      entry: z.string(),
      rows: z.number().int().nonnegative(),
      columns: z.array(z.object({ name: z.string(), type: portableType })),
    }),
  ),
  /** Objects of the media bucket (MEDIA_S3_URL): media files and order files, by key. */
  bucket: z.array(z.object({ key: z.string(), entry: z.string(), contentType: z.string() })),
  /** Every other entry of the archive, with its size and SHA-256. */
  entries: z.array(z.object({ name: z.string(), size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_ENTRY = "manifest.json";
