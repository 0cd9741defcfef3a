import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contents, newDatabase, runScriptAsync, tableNames } from "../setup/backup-tools.ts";
import { startS3Standin, type S3Standin } from "../setup/s3-standin.ts";
import { freshDatabase, startTestServer } from "../setup/server.ts";

/**
 * Issue 25: with MEDIA_S3_URL the media bytes live in a bucket, and the backup carries them: a
 * restore puts every object back, byte for byte, into the bucket the target names, and refuses
 * (writing nothing) when the target names none.
 */

const kind = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
const dir = mkdtempSync(join(tmpdir(), "rankwell-backup-s3-"));
const drops: (() => Promise<void>)[] = [];
let source: { url: string; drop(): Promise<void> };
let from: S3Standin;
let to: S3Standin;
const archive = join(dir, "site.tar.gz");

beforeAll(async () => {
  from = await startS3Standin();
  to = await startS3Standin();
  source = await freshDatabase();
  // The demo content's images go to the bucket.
  const server = await startTestServer({ DEMO_CONTENT: "on", MEDIA_S3_URL: from.url() }, { databaseUrl: source.url });
  await server.close();
  const made = await runScriptAsync("scripts/backup.ts", ["--out", archive], source.url, { MEDIA_S3_URL: from.url() });
  expect(made.stderr).toBe("");
  expect(made.status).toBe(0);
}, 180_000);

afterAll(async () => {
  for (const drop of drops) await drop().catch(() => {});
  await source?.drop();
  await from?.close();
  await to?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`backup with the media in a bucket (${kind})`, { timeout: 180_000 }, () => {
  it("puts every bucket object back into the target's bucket, byte for byte", async () => {
    expect(from.objects.size).toBeGreaterThan(0);
    const target = await newDatabase(kind, dir, "s3");
    drops.push(target.drop);
    const restored = await runScriptAsync("scripts/restore.ts", [archive], target.url, { MEDIA_S3_URL: to.url() });
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(`bucket objects: ${from.objects.size}`);
    expect([...to.objects.keys()].sort()).toEqual([...from.objects.keys()].sort());
    for (const [key, object] of from.objects) expect(to.objects.get(key)!.body.equals(object.body), key).toBe(true);
    expect(await contents(target.url)).toEqual(await contents(source.url));
  });

  it("fails with no file written when a bucket object is missing halfway through", async () => {
    const original = [...from.objects.keys()].find((key) => key.endsWith("/original"))!;
    const kept = from.objects.get(original)!;
    from.objects.delete(original);
    try {
      const out = join(dir, "incomplete.tar.gz");
      const failed = await runScriptAsync("scripts/backup.ts", ["--out", out], source.url, { MEDIA_S3_URL: from.url() });
      expect(failed.status).toBe(1);
      expect(failed.stderr).toMatch(/backup failed, no archive written: the bucket has no object/);
      // Neither the archive nor its temporary file nor the staged entries are left.
      expect(readdirSync(dir).filter((name) => name.includes("incomplete"))).toEqual([]);
    } finally {
      from.objects.set(original, kept);
    }
  });

  it("refuses, writing nothing, when the target names no bucket", async () => {
    const target = await newDatabase(kind, dir, "nobucket");
    drops.push(target.drop);
    const refused = await runScriptAsync("scripts/restore.ts", [archive], target.url);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/restore refused, nothing written: the archive holds \d+ objects of a media bucket: set MEDIA_S3_URL/);
    expect(await tableNames(target.url)).toEqual([]);
  });
});
