import type { DbOrTrx } from "../jobs/queue.server.ts";

/**
 * THE one place where a change of public content is announced. Every write that changes what
 * the public site shows calls it inside its transaction: publishing a draft (by hand or on
 * schedule), an API create or update, a delete, a restore from history or from the trash, and a
 * reorder. Saving or discarding a draft does not: the public site never shows drafts.
 *
 * Nothing listens yet. A page cache for anonymous pages connects here (empty it, or bump a
 * content version in the same transaction so other processes see it), and so can anything else
 * that depends on published content.
 */
export async function publicContentChanged(_trx: DbOrTrx, _change: { section: string; recordId?: string }): Promise<void> {}
