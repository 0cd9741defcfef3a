import { parseSection } from "../content/registry/validate.server.ts";
import { sections } from "../content/registry/sections.ts";
import type { Db } from "../db/db.server.ts";
import { AppError } from "../errors.ts";
import { UNPAID_STAGES } from "../shared/order-stages.ts";
import { paymentAccountEmail } from "./account.server.ts";

/**
 * Changing the payment account on its admin screen (issue 21): the new address is typed twice
 * (checked here, on the server, not only in the browser), and the screen first shows what the
 * change does before a second press makes it. The spec's PUT /paypal-email/:id keeps its one
 * field; it already needs a recent confirmation, and every change is mailed to every Admin.
 */

/** The form field that repeats the address. */
export const REPEAT_FIELD = "paypalEmailRepeat";

export interface AccountChangeReview {
  /** The address payments go to now; null while there is none (no online payment). */
  current: string | null;
  next: string;
  /** Unpaid orders whose PayPal checkout was already created: PayPal keeps their payee, so they still pay `current`. */
  startedCheckouts: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The form's values, checked as the section's and with the address typed the same twice; 400 naming the field otherwise. */
export function assertTypedTwice(values: Record<string, string>): Record<string, string> {
  const parsed = parseSection(sections.paymentAccount, values);
  const repeat = values[REPEAT_FIELD] ?? "";
  if (!repeat.trim()) throw new AppError(400, "Type the new address a second time.", { [REPEAT_FIELD]: "Type the address again" });
  if (!same(repeat, parsed.paypalEmail ?? "")) throw new AppError(400, "The two addresses differ.", { [REPEAT_FIELD]: "The two addresses differ: type the same address twice" });
  return parsed;
}

/** What the change would do: the payee before and after, and how many started checkouts still pay the old one. */
export async function reviewAccountChange(db: Db, values: Record<string, string>): Promise<AccountChangeReview> {
  const parsed = assertTypedTwice(values);
  const current = (await paymentAccountEmail(db)) ?? null;
  if (current && same(current, parsed.paypalEmail ?? "")) throw new AppError(400, "This is the address payments already go to.", { paypalEmail: "This is already the payment account" });
  const { n } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("stage", "in", UNPAID_STAGES)
    .where("paypal_order_id", "is not", null)
    .executeTakeFirstOrThrow();
  return { current, next: parsed.paypalEmail ?? "", startedCheckouts: Number(n) };
}
