import { csvRow } from "../inbox/csv.ts";
import { centsToAmount } from "../shared/money.ts";
import type { MoneyMovement } from "./money.server.ts";

/** The money CSV's columns, in order. */
export const MONEY_CSV_HEADER = ["date", "type", "order_id", "package", "customer_email", "customer_name", "reference", "original_reference", "amount", "currency", "document"];

/** -14999 -> "-149.99": signed, two decimals, a plain number for spreadsheets. */
export const signedAmount = (cents: number) => (cents < 0 ? `-${centsToAmount(-cents)}` : centsToAmount(cents));

/** One movement as a CSV line; every cell formula-safe (inbox/csv.ts). */
export const moneyCsvRow = (m: MoneyMovement) =>
  csvRow([m.at, m.kind, m.order_id, m.package_name, m.customer_email, m.customer_name, m.reference, m.original_reference ?? "", signedAmount(m.amount_cents), m.currency, m.document ?? ""]);
