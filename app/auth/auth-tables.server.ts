import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runOnce } from "../db/data-steps.server.ts";
import type { Db } from "../db/db.server.ts";

/** Columns we add to better-auth's session table (stamped by account-hooks.server.ts, read by the viewer). */
export const AUTH_SESSION_FIELDS = {
  secondFactorAt: { type: "date", required: false, input: false },
  confirmedAt: { type: "date", required: false, input: false },
} as const;

/**
 * Raise when auth.server.ts changes better-auth's tables another way than AUTH_SESSION_FIELDS
 * (a plugin added or removed, additional user fields): the next start then migrates them.
 */
const AUTH_SCHEMA_REVISION = 1;

/** The installed version of a package, or undefined when it cannot be read. */
function installedVersion(name: string): string | undefined {
  try {
    let dir = dirname(fileURLToPath(import.meta.resolve(name)));
    for (let up = 0; up < 6; up++, dir = dirname(dir)) {
      try {
        const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: string; version?: string };
        if (pkg.name === name) return pkg.version;
      } catch {
        // No package.json at this level: go up.
      }
    }
  } catch {
    // Not resolvable here (a test runner's module graph): no fingerprint.
  }
  return undefined;
}

/**
 * What decides better-auth's tables: its version, the passkey plugin's, our fields and the
 * revision above. Undefined when a version cannot be read, and then every start migrates.
 */
export function authSchemaFingerprint(): string | undefined {
  const versions = ["better-auth", "@better-auth/passkey"].map(installedVersion);
  if (versions.some((v) => v === undefined)) return undefined;
  const text = JSON.stringify({ versions, fields: AUTH_SESSION_FIELDS, revision: AUTH_SCHEMA_REVISION });
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

/**
 * Brings better-auth's tables up to date (`migrate`, which loads better-auth and reads the
 * database's schema) once per fingerprint: a start of the same release on a database that has
 * them skips it, and better-auth stays unloaded until a session needs it (auth-service.server.ts).
 * Recorded as a data step, so several processes on one PostgreSQL agree; a process that starts an
 * older release on it finds its own fingerprint missing and migrates (better-auth only adds what
 * is missing), which is harmless.
 */
export async function migrateAuthTablesOnce(db: Db, migrate: () => Promise<void>): Promise<void> {
  const fingerprint = authSchemaFingerprint();
  if (!fingerprint) return migrate();
  await runOnce(db, `auth-tables ${fingerprint}`, migrate);
}
