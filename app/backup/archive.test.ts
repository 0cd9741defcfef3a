import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ArchiveError, extractTarGz, SAFE_NAME, writeTarGz } from "./archive.server.ts";

const dirs: string[] = [];
const temp = () => {
  const dir = mkdtempSync(join(tmpdir(), "rankwell-archive-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Two entries of awkward sizes (0, one byte past a block) and one of 70 kB of random bytes. */
function someFiles(dir: string) {
  mkdirSync(join(dir, "tables"));
  const files = [
    { name: "tables/empty.jsonl", bytes: Buffer.alloc(0) },
    { name: "tables/one.jsonl", bytes: Buffer.alloc(513, "x") },
    { name: "bucket/media/ab/original", bytes: Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 7919) % 256)) },
  ];
  mkdirSync(join(dir, "bucket/media/ab"), { recursive: true });
  for (const f of files) writeFileSync(join(dir, f.name), f.bytes);
  return files;
}

describe("the backup archive (tar.gz)", () => {
  it("reads back what it wrote, byte for byte, and the system's tar reads it too", async () => {
    const src = temp();
    const files = someFiles(src);
    const out = join(temp(), "a.tar.gz");
    await writeTarGz(src, files.map((f) => ({ name: f.name, size: f.bytes.length })), out);
    const into = temp();
    expect(await extractTarGz(out, into)).toEqual(files.map((f) => ({ name: f.name, size: f.bytes.length })));
    for (const f of files) expect(readFileSync(join(into, f.name)).equals(f.bytes)).toBe(true);
    const listing = spawnSync("tar", ["-tzf", out], { encoding: "utf8" });
    expect(listing.stdout.trim().split("\n")).toEqual(files.map((f) => f.name));
  });

  it("refuses a truncated archive and a corrupted one, saying which", async () => {
    const src = temp();
    const files = someFiles(src);
    const out = join(temp(), "a.tar.gz");
    await writeTarGz(src, files.map((f) => ({ name: f.name, size: f.bytes.length })), out);
    const whole = readFileSync(out);

    truncateSync(out, statSync(out).size - 30);
    await expect(extractTarGz(out, temp())).rejects.toThrow(/truncated/);

    const flipped = Buffer.from(whole);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    writeFileSync(out, flipped);
    const error = await extractTarGz(out, temp()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ArchiveError);
    expect((error as Error).message).toMatch(/corrupted|truncated/);
  });

  it("never stores or extracts a name that leaves its folder", () => {
    for (const bad of ["../x", "a/../../x", "/etc/passwd", "a//b/..", "sp ace", ""]) expect(SAFE_NAME.test(bad), bad).toBe(false);
    for (const good of ["manifest.json", "tables/twoFactor.jsonl", "bucket/media/ab12/w160.webp"]) expect(SAFE_NAME.test(good), good).toBe(true);
  });
});
