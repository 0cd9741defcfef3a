import { type DbOrTrx, nowIso } from "../db/db.server.ts";
import { AppError, parseInput } from "../errors.ts";
import type { OrderAccess } from "../orders/access.server.ts";
import { type BillingInput, billingSchema } from "./schema.ts";

/**
 * The buyer's billing details on an order (company, billing address, VAT id), given by its
 * customer before or after paying. An invoice takes them as they are when it is issued; a change
 * after that reaches only documents issued later (a credit note), never the issued invoice.
 */

export type Billing = BillingInput;

export async function getBilling(db: DbOrTrx, orderId: string): Promise<Billing> {
  const row = await db.selectFrom("order_billing").selectAll().where("order_id", "=", orderId).executeTakeFirst();
  return { company: row?.company ?? "", billingAddress: row?.address ?? "", vatId: row?.vat_id ?? "" };
}

/** The order's customer only (the order page's "billing" form). */
export async function saveBilling(db: DbOrTrx, access: OrderAccess, input: unknown): Promise<Billing> {
  if (access.side !== "customer") throw new AppError(403, "Only the order's customer can change its billing details.");
  const billing = parseInput(billingSchema, input);
  const row = { company: billing.company, address: billing.billingAddress, vat_id: billing.vatId, updated_at: nowIso() };
  await db
    .insertInto("order_billing")
    .values({ order_id: access.order.id, ...row })
    .onConflict((oc) => oc.column("order_id").doUpdateSet(row))
    .execute();
  return billing;
}
