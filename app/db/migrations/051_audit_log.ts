import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * The audit log (docs/decisions/0018): one row per admin or editor action, written in the
 * transaction of the action. Append-only in the database itself: a trigger refuses UPDATE and
 * DELETE (and TRUNCATE on PostgreSQL), whoever asks, so no code path of the app can rewrite it.
 * - (created_at, id) serves the newest-first list; (actor, created_at) and (action, created_at)
 *   serve its filters by person and by kind of action.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_time_idx").on("audit_log").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("audit_log_actor_idx").on("audit_log").columns(["actor", "created_at"]).execute();
  await db.schema.createIndex("audit_log_action_idx").on("audit_log").columns(["action", "created_at"]).execute();

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ["update", "delete"]) {
      await sql
        .raw(`create trigger audit_log_no_${event} before ${event} on audit_log begin select raise(abort, 'the audit log is append-only'); end`)
        .execute(db);
    }
  } else {
    await sql`create function audit_log_append_only() returns trigger language plpgsql as $$
      begin raise exception 'the audit log is append-only'; end $$`.execute(db);
    await sql`create trigger audit_log_no_change before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    await sql`drop trigger if exists audit_log_no_update`.execute(db);
    await sql`drop trigger if exists audit_log_no_delete`.execute(db);
  }
  await db.schema.dropTable("audit_log").execute();
  if (!sqlite) await sql`drop function if exists audit_log_append_only()`.execute(db);
}
