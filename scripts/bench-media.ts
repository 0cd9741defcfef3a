// The media part of `npm run bench`: does serving a library image stay as cheap with 2,000 files
// in the library as with 20 (an indexed lookup by hash, then the bytes by key), and what does an
// upload cost compared with only checking the same file (the resized copies are the difference)?
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { sql } from "kysely";
import { type Db, migrateToLatest, openDatabase } from "../app/db/db.server.ts";
import { newId } from "../app/db/ids.server.ts";
import { createJobQueue } from "../app/jobs/queue.server.ts";
import { createLogger } from "../app/logger.server.ts";
import { inspectImage } from "../app/media/inspect.server.ts";
import { createMediaLibrary, type MediaLibrary } from "../app/media/library.server.ts";

const SIZES = [20, 2_000] as const;
const RUNS = 300;

/** Photo-like: a gradient with fine grain, so it compresses like a photo rather than like noise. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = ((i % (width * 3)) / 12 + ((i * 7 + seed) % 23)) & 255;
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

async function median(runs: number, work: () => Promise<unknown>, warmup = 20): Promise<number> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await work();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Fills the library with `count` small files, straight into the tables (their bytes do not matter). */
async function fill(db: Db, count: number) {
  const bytes = await photo(64, 64, 1);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < count; i++) {
      const id = newId();
      const hash = `${i.toString(16).padStart(8, "0")}${"f".repeat(24)}`;
      await trx
        .insertInto("media_files")
        .values({ id, hash, name: `filler-${i}.jpg`, slug: `filler-${i}`, content_type: "image/jpeg", width: 64, height: 64, byte_size: bytes.length, storage: "database", created_at: new Date(Date.UTC(2024, 0, 1) + i * 1000).toISOString(), created_by: "bench", alt_text: null, decorative: 0, focal_x: 50, focal_y: 50 })
        .execute();
      await trx.insertInto("media_blobs").values({ key: `${id}/original`, file_id: id, data: bytes }).execute();
    }
  });
  await sql`analyze`.execute(db);
}

export async function mediaBench(): Promise<void> {
  const log = createLogger("silent");
  const serving: number[][] = [];
  let upload = 0;
  let inspect = 0;
  for (const size of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), "rankwell-bench-media-"));
    const { db, kind } = openDatabase({ kind: "sqlite", file: join(dir, "bench.db") });
    try {
      await migrateToLatest(db);
      await fill(db, size);
      const media: MediaLibrary = createMediaLibrary({ db, config: { media: { maxBytes: 10 * 1024 * 1024, s3: undefined } }, jobs: createJobQueue({ db, dbKind: kind, log }), log, imageUsers: async () => [], publicChanged: async () => {} });
      const { file } = await media.addFile({ fileName: "measured.jpg", bytes: await photo(1600, 1067, 2) }, "bench");
      const variant = file.url.replace(/\.jpg$/, ".w640.webp");
      serving.push([await median(RUNS, () => media.read(file.url)), await median(RUNS, () => media.read(variant))]);
      if (size === SIZES[0]) {
        // Five different photos, each uploaded once (the same bytes again would only be looked up).
        const inputs = await Promise.all([3, 4, 5, 6, 7].map((seed) => photo(1920, 1280, seed)));
        let n = 0;
        inspect = await median(inputs.length, () => inspectImage(inputs[n++]!, "photo.jpg"), 0);
        n = 0;
        upload = await median(inputs.length, () => media.addFile({ fileName: `photo-${n}.jpg`, bytes: inputs[n++]! }, "bench"), 0);
      }
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const [a, b] = serving as [number[], number[]];
  console.log(`\nmedia library, SQLite, median milliseconds\n`);
  console.log(`${"serve".padEnd(44)}  ${`${SIZES[0]} files`.padStart(10)}  ${`${SIZES[1].toLocaleString("en-US")} files`.padStart(12)}  ratio`);
  for (const [i, name] of ["an original (1600 x 1067 JPEG, 1 row + 1 blob)", "its 640-wide WebP copy"].entries()) {
    console.log(`${name.padEnd(44)}  ${a[i]!.toFixed(3).padStart(10)}  ${b[i]!.toFixed(3).padStart(12)}  ${(b[i]! / a[i]!).toFixed(1)}x`);
  }
  console.log(`\nupload of a 1920 x 1280 JPEG: ${upload.toFixed(0)} ms, of which checking it (type, decode) ${inspect.toFixed(0)} ms: ${(upload / inspect).toFixed(1)}x the check, the rest is its five resized copies`);
}
