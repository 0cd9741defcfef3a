import type { Trx } from "../db/db.server.ts";

/**
 * Issue 23 contract (redirects): called in the transaction that publishes a page's or an
 * article's new slug, so the old path answers 301 to the new one at once. The redirects module
 * implements it (a stored redirect, chains collapsed, the in-memory table's version moved).
 */
export async function redirectOldPath(_trx: Trx, _fromPath: string, _toPath: string): Promise<void> {
  // Implemented with the redirects table (issue 23, item 6).
}
