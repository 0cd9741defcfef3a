import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import type { Db } from "./db.server.ts";
import { migrations } from "./migrations/index.ts";

export interface MigrationStatus {
  /** Applied, oldest first by name, with when. */
  applied: { name: string; at: string }[];
  /** In this release, not yet applied: the next start applies them. */
  pending: string[];
  /** Applied but unknown to this release: the database was brought up by a newer one. */
  unknown: string[];
}

/** Which migrations the database has applied and which this release would still apply. */
export async function migrationStatus(db: Db): Promise<MigrationStatus> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = tables.some((t) => t.name === "kysely_migration")
    ? (await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db)).rows.map((r) => ({ name: r.name, at: r.timestamp }))
    : [];
  const done = new Set(applied.map((m) => m.name));
  return {
    applied,
    pending: Object.keys(migrations).filter((name) => !done.has(name)).sort(),
    unknown: applied.map((m) => m.name).filter((name) => !(name in migrations)),
  };
}

/** Applies exactly the named migrations (those a backup's database had), no later one. */
export async function migrateOnly(db: Db, names: string[]): Promise<void> {
  const unknown = names.filter((name) => !(name in migrations));
  if (unknown.length) throw new Error(`unknown migrations: ${unknown.join(", ")}`);
  const subset = Object.fromEntries(names.map((name) => [name, migrations[name]!]));
  const migrator = new Migrator({ db, provider: { getMigrations: async () => subset }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
}
