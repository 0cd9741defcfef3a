import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * Schema changes SQLite cannot make in place, for migrations. SQLite cannot alter or drop a
 * constraint, so the table is rebuilt the way SQLite documents (https://sqlite.org/lang_altertable.html,
 * "making other kinds of table schema changes"): foreign keys off, a copy created from the table's
 * own stored definition with the change, rows copied, tables swapped, indexes and triggers made again
 * from their stored definitions, foreign keys checked. PostgreSQL alters the constraint instead.
 */

export const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

/** Rebuilds SQLite table `table` from its stored CREATE TABLE, changed by `edit`. */
export async function rebuildSqliteTable(db: Kysely<unknown>, table: string, edit: (createSql: string) => string): Promise<void> {
  const stored = await sql<{ type: string; name: string; sql: string | null }>`select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const original = stored.rows.find((r) => r.type === "table")?.sql;
  if (!original) throw new Error(`no table ${table} to rebuild`);
  const temporary = `${table}_rebuilt`;
  const changed = edit(original);
  const rebuilt = changed.replace(new RegExp(`^create table "?${table}"?`, "i"), `create table "${temporary}"`);
  if (rebuilt === changed) throw new Error(`unexpected definition of ${table}: ${original}`);
  // Indexes and triggers go with the old table; their stored definitions make them again.
  const dependents = stored.rows.filter((r) => (r.type === "index" || r.type === "trigger") && r.sql).map((r) => r.sql!);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql.raw(`insert into "${temporary}" select * from "${table}"`).execute(trx);
      await sql.raw(`drop table "${table}"`).execute(trx);
      await sql.raw(`alter table "${temporary}" rename to "${table}"`).execute(trx);
      for (const definition of dependents) await sql.raw(definition).execute(trx);
      const broken = await sql<{ table: string }>`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length) throw new Error(`rebuilding ${table} broke ${broken.rows.length} foreign key(s)`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Sets the CHECK constraint `name` of `table` to `check` (SQL text), adding it when the table has
 * none of that name. On SQLite the constraint must have been declared with its name
 * (`constraint <name> check (…)`), as Kysely's `addCheckConstraint` does.
 */
export async function setCheckConstraint(db: Kysely<unknown>, table: string, name: string, check: string): Promise<void> {
  if (!isSqlite(db)) {
    await sql.raw(`alter table "${table}" drop constraint if exists "${name}"`).execute(db);
    await sql.raw(`alter table "${table}" add constraint "${name}" check (${check})`).execute(db);
    return;
  }
  await rebuildSqliteTable(db, table, (definition) => {
    const found = findConstraint(definition, name);
    if (found) return `${definition.slice(0, found.start)}constraint "${name}" check (${check})${definition.slice(found.end)}`;
    const close = definition.lastIndexOf(")");
    return `${definition.slice(0, close)}, constraint "${name}" check (${check}))`;
  });
}

/** Where `constraint <name> check (…)` stands in a CREATE TABLE text, its parentheses balanced. */
function findConstraint(definition: string, name: string): { start: number; end: number } | undefined {
  const head = new RegExp(`constraint\\s+"?${name}"?\\s+check\\s*\\(`, "i").exec(definition);
  if (!head) return undefined;
  let depth = 1;
  let inString = false;
  for (let i = head.index + head[0].length; i < definition.length; i += 1) {
    const c = definition[i];
    if (c === "'") inString = !inString;
    else if (!inString && c === "(") depth += 1;
    else if (!inString && c === ")" && --depth === 0) return { start: head.index, end: i + 1 };
  }
  throw new Error(`unbalanced CHECK constraint ${name}`);
}

/** `column in ('a', 'b')`: the CHECK of a column that holds one of `values`. */
export const oneOf = (column: string, values: readonly string[]) => `${column} in (${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ")})`;
