import { closeSync, createReadStream, createWriteStream, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";

/**
 * The archive is a gzip-compressed POSIX tar (ustar): `tar -tzf` lists it and `tar -xzf` opens it
 * with the tools every server has. Only what a backup needs is written and read: regular files,
 * names of at most 100 ASCII characters, no links, no directories. The reader refuses anything
 * else, and any name that would leave the folder it extracts into.
 */

const BLOCK = 512;

/** Entry names the archive may hold: relative, plain characters, no empty, `.` or `..` step. */
export const SAFE_NAME = /^(?![/])(?!.*[/][/])(?!.*[/]$)(?!.*(?:^|[/])\.\.?(?:[/]|$))[A-Za-z0-9._/-]{1,100}$/;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0") + "\0";
}

function header(name: string, size: number, mtime: number): Buffer {
  if (!SAFE_NAME.test(name)) throw new Error(`cannot store "${name}" in the archive`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, "ascii");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(size, 12), 124, "ascii");
  block.write(octal(Math.floor(mtime / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + " ", 148, "ascii");
  return block;
}

/**
 * Writes `files` (names inside `dir`, in this order) to `out` as tar.gz. The caller writes to a
 * temporary name and renames it: this only writes.
 */
export async function writeTarGz(dir: string, files: { name: string; size: number }[], out: string): Promise<void> {
  const mtime = Date.now();
  async function* blocks() {
    const chunk = Buffer.alloc(1 << 20);
    for (const file of files) {
      yield header(file.name, file.size, mtime);
      const fd = openSync(join(dir, file.name), "r");
      try {
        let left = file.size;
        while (left > 0) {
          const n = readSync(fd, chunk, 0, Math.min(chunk.length, left), null);
          if (n === 0) throw new Error(`${file.name} shrank while it was archived`);
          left -= n;
          yield Buffer.from(chunk.subarray(0, n));
        }
      } finally {
        closeSync(fd);
      }
      const pad = (BLOCK - (file.size % BLOCK)) % BLOCK;
      if (pad) yield Buffer.alloc(pad);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(blocks, createGzip(), createWriteStream(out, { flags: "wx" }));
}

/** Why an archive cannot be read: worded for the operator, never a stack trace. */
export class ArchiveError extends Error {}

/**
 * Extracts a tar.gz written by writeTarGz into `dir` (which must exist and be empty) and answers
 * the names and sizes it held, in order. A truncated or corrupted file fails here: gzip checks its
 * own CRC and length at the end, and the tar structure is checked block by block.
 */
export async function extractTarGz(file: string, dir: string): Promise<{ name: string; size: number }[]> {
  const entries: { name: string; size: number }[] = [];
  let pending: Buffer = Buffer.alloc(0);
  // Mutated inside take(); typed loosely so the checks after the stream are not narrowed away.
  let current = null as { fd: number; left: number; pad: number } | null;
  let ended = false as boolean;

  const take = (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (ended) {
        if (pending.some((b) => b !== 0)) throw new ArchiveError("data after the end of the archive");
        pending = Buffer.alloc(0);
        return;
      }
      if (current) {
        if (current.left > 0) {
          if (pending.length === 0) return;
          const n = Math.min(current.left, pending.length);
          writeSync(current.fd, pending, 0, n);
          current.left -= n;
          pending = pending.subarray(n);
          continue;
        }
        if (pending.length < current.pad) return;
        pending = pending.subarray(current.pad);
        closeSync(current.fd);
        current = null;
        continue;
      }
      if (pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((b) => b === 0)) {
        ended = true;
        continue;
      }
      const stored = Number.parseInt(block.toString("ascii", 148, 156).replace(/\0.*$/s, "").trim(), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
      if (stored !== sum) throw new ArchiveError("a tar header is damaged");
      const name = block.toString("ascii", 0, 100).replace(/\0.*$/s, "");
      const type = block.toString("ascii", 156, 157);
      if ((type !== "0" && type !== "\0") || !SAFE_NAME.test(name)) throw new ArchiveError(`the archive holds "${name}", which a backup never does`);
      const size = Number.parseInt(block.toString("ascii", 124, 136).replace(/\0.*$/s, "").trim(), 8);
      if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError("a tar header is damaged");
      const path = join(dir, name);
      mkdirSync(dirname(path), { recursive: true });
      current = { fd: openSync(path, "wx"), left: size, pad: (BLOCK - (size % BLOCK)) % BLOCK };
      entries.push({ name, size });
    }
  };

  try {
    await pipeline(createReadStream(file), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const chunk of source) take(chunk);
    });
  } catch (error) {
    if (current) closeSync(current.fd);
    if (error instanceof ArchiveError) throw new ArchiveError(`${file} is corrupted: ${error.message}`);
    const code = (error as { code?: string }).code;
    if (code === "ENOENT") throw new ArchiveError(`${file} does not exist`);
    if (code === "Z_BUF_ERROR") throw new ArchiveError(`${file} is truncated: it ends before the archive does`);
    if (code?.startsWith("Z_")) throw new ArchiveError(`${file} is corrupted (gzip: ${(error as Error).message})`);
    throw error;
  }
  if (current || !ended) {
    if (current) closeSync(current.fd);
    throw new ArchiveError(`${file} is truncated: it ends before the archive does`);
  }
  return entries;
}
