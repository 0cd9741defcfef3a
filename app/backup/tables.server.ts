import { FIRST_ORDER_NUMBER } from "../db/migrations/140_order_numbers.ts";
import { sql } from "kysely";
import type { DbKind, DbOrTrx } from "../db/db.server.ts";

/**
 * The database seen without its dialect: which tables there are, what each column holds, in
 * which order rows can be inserted, and values in a form both databases take back. Read from the
 * database itself (not from tables.ts), so better-auth's tables and any table a later release
 * adds are in every backup without a list to keep.
 */

/** What a column holds, the same word on both databases. */
export type PortableType = "text" | "integer" | "real" | "boolean" | "timestamp" | "blob";

export interface TableShape {
  name: string;
  columns: { name: string; type: PortableType }[];
}

/** Kysely's own bookkeeping: written by migrations, never copied. */
const MIGRATION_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);

function portable(dataType: string): PortableType {
  const t = dataType.toLowerCase();
  if (t === "bool" || t === "boolean") return "boolean";
  if (t.startsWith("timestamp") || t === "date" || t === "datetime") return "timestamp";
  if (t === "bytea" || t === "blob") return "blob";
  if (/^(int|bigint|smallint|integer)/.test(t)) return "integer";
  if (/^(real|double|float|numeric|decimal)/.test(t)) return "real";
  return "text";
}

/** The schema Kysely's introspection reads on PostgreSQL (others are not the site's). */
async function currentSchema(db: DbOrTrx, kind: DbKind): Promise<string | undefined> {
  if (kind !== "postgres") return undefined;
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(db);
  return rows[0]?.s;
}

/** Every table of the site with its columns, sorted by name (the order a backup lists them in). */
export async function siteTables(db: DbOrTrx, kind: DbKind, options: { withMigrationTables?: boolean } = {}): Promise<TableShape[]> {
  const schema = await currentSchema(db, kind);
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables
    .filter((t) => !t.isView && (kind !== "postgres" || t.schema === schema))
    .filter((t) => options.withMigrationTables || (!MIGRATION_TABLES.has(t.name) && !(t.name in DERIVED_TABLES)))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => ({ name: c.name, type: portable(c.dataType) })) }))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Foreign keys as child → parents (references of a table to itself left out: none exist). */
async function foreignKeys(db: DbOrTrx, kind: DbKind, tables: string[]): Promise<Map<string, Set<string>>> {
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  if (kind === "postgres") {
    const { rows } = await sql<{ child: string; parent: string }>`
      select c.relname as child, p.relname as parent from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`.execute(db);
    for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  } else {
    for (const table of tables) {
      const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(db);
      for (const { table: parent } of rows) if (parent !== table) parents.get(table)?.add(parent);
    }
  }
  return parents;
}

/** `tables` ordered so that every table comes after the tables it references (insert order). */
export async function foreignKeyOrder(db: DbOrTrx, kind: DbKind, tables: string[]): Promise<string[]> {
  const parents = await foreignKeys(db, kind, tables);
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: string) => {
    if (state.get(table) === "done") return;
    if (state.get(table) === "visiting") throw new Error(`the foreign keys of ${table} form a loop`);
    state.set(table, "visiting");
    for (const parent of [...(parents.get(table) ?? [])].sort()) if (parents.has(parent)) visit(parent);
    state.set(table, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return ordered;
}

/** A value as the archive stores it: JSON, with dates as ISO-8601 text and bytes as base64. */
export function toPortable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString("base64");
  if (typeof value === "bigint") return Number(value);
  return value;
}

/**
 * A value from the archive (written from a column of `from` type) as the target column of type
 * `to` takes it: SQLite keeps booleans as 0/1 and dates as text, PostgreSQL has its own types.
 */
export function fromPortable(value: unknown, from: PortableType, to: PortableType, kind: DbKind): unknown {
  if (value === null || value === undefined) return null;
  if (from === "blob" || to === "blob") return typeof value === "string" ? Buffer.from(value, "base64") : value;
  if (to === "boolean" || (kind === "sqlite" && typeof value === "boolean")) {
    const truth = value === true || value === 1 || value === "1" || value === "true";
    return kind === "sqlite" ? (truth ? 1 : 0) : truth;
  }
  if (to === "timestamp" && typeof value === "number") return new Date(value).toISOString();
  return value;
}

/** Page size for reading and writing rows: bounded memory whatever a table holds. */
export const ROWS_PER_PAGE = 500;

/**
 * One page of a table's rows, in a stable order: SQLite's rowid, PostgreSQL's physical row id.
 * Inside one snapshot (the backup's read transaction) nothing moves, so pages neither overlap
 * nor skip.
 */
export async function readPage(db: DbOrTrx, kind: DbKind, table: string, offset: number): Promise<Record<string, unknown>[]> {
  const order = kind === "postgres" ? sql`ctid` : sql`rowid`;
  const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)} order by ${order} limit ${ROWS_PER_PAGE} offset ${offset}`.execute(db);
  return rows;
}

/** Inserts rows (already converted) into `table`, a page at a time. */
export async function insertRows(db: DbOrTrx, table: string, columns: string[], rows: unknown[][]): Promise<void> {
  // SQLite allows 32766 bound values per statement; stay well under it.
  const perStatement = Math.max(1, Math.floor(5000 / Math.max(1, columns.length)));
  for (let i = 0; i < rows.length; i += perStatement) {
    const values = rows.slice(i, i + perStatement).map((row) => sql`(${sql.join(row.map((v) => sql`${v}`))})`);
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.id(c)))}) values ${sql.join(values)}`.execute(db);
  }
}

/**
 * Tables that hold what another table already says, so an archive leaves them out and a restore
 * rebuilds them after the load: SQLite's `counters`, its stand-in for PostgreSQL's order number
 * sequence (migration 140). An archive of either database then restores into the other, and the
 * next order takes the number after the highest one loaded.
 */
const DERIVED_TABLES: Record<string, (db: DbOrTrx) => Promise<unknown>> = {
  counters: (db) =>
    sql`insert into counters (name, value) values ('order_number', coalesce((select max(number) from orders), ${FIRST_ORDER_NUMBER - 1}))
      on conflict (name) do update set value = excluded.value`.execute(db),
};

/** Rebuilds the derived tables the target has (after a load, in its transaction). */
export async function rebuildDerived(db: DbOrTrx): Promise<void> {
  const present = new Set((await db.introspection.getTables()).map((t) => t.name));
  for (const [table, rebuild] of Object.entries(DERIVED_TABLES)) if (present.has(table)) await rebuild(db);
}

/**
 * PostgreSQL: sequences behind serial and identity columns continue after the highest value
 * loaded (SQLite's rowid needs nothing). The site's tables use text ids today; this keeps a
 * restore right for any table that does not.
 */
export async function resetSequences(db: DbOrTrx, kind: DbKind): Promise<number> {
  if (kind !== "postgres") return 0;
  const { rows } = await sql<{ table_name: string; column_name: string; seq: string }>`
    select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(db);
  for (const { table_name, column_name, seq } of rows) {
    if (!seq) continue;
    await sql`select setval(${seq}, coalesce((select max(${sql.id(column_name)}) from ${sql.table(table_name)}), 0) + 1, false)`.execute(db);
  }
  return rows.length;
}

/**
 * Drops every table (the site's and the migrations'), children first, with what migrations made
 * beside them (SQLite: indexes and triggers go with their table; PostgreSQL: also the schema's
 * functions, such as the audit log's append-only trigger function, and sequences): the target of
 * `--replace`, and the clean-up after a failed load, so the migrations can run again.
 */
export async function dropAllTables(db: DbOrTrx, kind: DbKind): Promise<void> {
  const tables = (await siteTables(db, kind, { withMigrationTables: true })).map((t) => t.name);
  const order = (await foreignKeyOrder(db, kind, tables)).reverse();
  for (const table of order) {
    if (kind === "postgres") await sql`drop table if exists ${sql.table(table)} cascade`.execute(db);
    else await sql`drop table if exists ${sql.table(table)}`.execute(db);
  }
  if (kind !== "postgres") return;
  // Objects of the schema that no extension owns.
  const notExtension = sql`not exists (select 1 from pg_depend d where d.objid = o.oid and d.deptype = 'e')`;
  const functions = await sql<{ f: string }>`select o.oid::regprocedure::text as f from pg_proc o join pg_namespace n on n.oid = o.pronamespace where n.nspname = current_schema() and ${notExtension}`.execute(db);
  for (const { f } of functions.rows) await sql`drop function if exists ${sql.raw(f)} cascade`.execute(db);
  const sequences = await sql<{ s: string }>`select o.oid::regclass::text as s from pg_class o join pg_namespace n on n.oid = o.relnamespace where o.relkind = 'S' and n.nspname = current_schema() and ${notExtension}`.execute(db);
  for (const { s } of sequences.rows) await sql`drop sequence if exists ${sql.raw(s)} cascade`.execute(db);
}
