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
 * THE one place where a change of public content is announced. Every write that changes what
 * the public site shows calls it inside its transaction: publishing a draft (by hand or on
 * schedule), an API create or update, a delete, a restore from history or from the trash, and a
 * reorder. Saving or discarding a draft does not: the public site never shows drafts.
 *
 * It bumps the public version in the same transaction (other processes poll it), notifies
 * other processes on PostgreSQL (NOTIFY is delivered on commit, dropped on rollback) and tells
 * this process's version watcher (content/public/public-version.server.ts), which the page cache
 * (server/page-cache.ts) asks before it serves a page.
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
