import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { describeChanges } from "../audit/summary.ts";
import { type Db, type DbOrTrx, nowIso } from "../db/db.server.ts";
import { parseInput } from "../errors.ts";
import { type SellerInput, sellerSchema } from "./schema.ts";

/** The seller's details (one row): what every invoice and credit note issued from now on prints. */

export type Seller = SellerInput;

/** Until an Admin sets them: the numbers still count (they are gap-free from the first payment). */
export const NO_SELLER: Seller = { legalName: "", address: "", taxId: "", footer: "", prefix: "INV-" };

export async function getSeller(db: DbOrTrx): Promise<Seller & { set: boolean }> {
  const row = await db.selectFrom("invoice_seller").selectAll().where("id", "=", "seller").executeTakeFirst();
  if (!row) return { ...NO_SELLER, set: false };
  return { legalName: row.legal_name, address: row.address, taxId: row.tax_id, footer: row.footer, prefix: row.prefix, set: true };
}

/** /admin/invoicing: Admins only (the page table), audited with what changed. */
export async function saveSeller(db: Db, actor: AuditActor, input: unknown): Promise<Seller> {
  const seller = parseInput(sellerSchema, input);
  const now = nowIso();
  const row = { legal_name: seller.legalName, address: seller.address, tax_id: seller.taxId, footer: seller.footer, prefix: seller.prefix, updated_at: now, updated_by: actor.email };
  await db.transaction().execute(async (trx) => {
    const before = await getSeller(trx);
    await trx
      .insertInto("invoice_seller")
      .values({ id: "seller", ...row })
      .onConflict((oc) => oc.column("id").doUpdateSet(row))
      .execute();
    const labels = { legalName: "Legal name", address: "Address", taxId: "Tax or VAT number", footer: "Invoice footer", prefix: "Number prefix" };
    const { set: _set, ...old } = before;
    await recordAudit(trx, { actor, action: "invoicing.seller", target: "Seller's details on invoices", summary: describeChanges(old, seller, labels) });
  });
  return seller;
}
