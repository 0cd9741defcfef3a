import { sql } from "kysely";
import { type DbOrTrx, isPostgres } from "../../db/db.server.ts";

/** The PostgreSQL channel a public change is announced on (delivered when the transaction commits). */
export const PUBLIC_CHANGE_CHANNEL = "rankwell_public_version";

const localListeners = new Set<() => void>();

/**
 * Tells this process's page caches that a public change is on its way (it becomes visible when
 * the writing transaction commits, which the hook cannot see): they re-read the version until
 * it moves. Returns the function that stops listening.
 */
export function onPublicChange(listener: () => void): () => void {
  localListeners.add(listener);
  return () => localListeners.delete(listener);
}

/**
 * Announces a change of what the public site shows. Called inside the writing transaction by
 * every such write: `putLive` (publishing a draft by hand or on schedule, an API create or
 * update, a restore from history), `moveToTrash` (a delete), the restore from the trash,
 * `reorderRecords` (the API's reorder) and `publishOrderIn` (publishing a drafted order). Saving or discarding a draft does not
 * call it: the public site never shows drafts.
 *
 * It bumps the public version in the same transaction (every process polls it), sends a NOTIFY
 * on PostgreSQL to the processes that LISTEN (delivered on commit, dropped on rollback), and
 * tells this process's listeners (onPublicChange: the public version watcher the page caches
 * ask), which then re-read the version until it moves. `_change` says what changed; nothing
 * reads it yet.
 */
export async function publicContentChanged(trx: DbOrTrx, _change: { section: string; recordId?: string }): Promise<void> {
  await trx.updateTable("public_version").set({ version: sql`version + 1` }).where("id", "=", "site").execute();
  if (isPostgres(trx)) await sql`select pg_notify(${PUBLIC_CHANGE_CHANNEL}, '')`.execute(trx);
  for (const listener of localListeners) listener();
}

/** The current public version (the row migration 030 creates). */
export async function readPublicVersion(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom("public_version").select("version").where("id", "=", "site").executeTakeFirst();
  return Number(row?.version ?? 0);
}
