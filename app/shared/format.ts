/**
 * How the pages show money, statuses and times: one rule each, used by the public site, the
 * customer pages and the admin area (docs/decisions/0023-wording.md). Stored values and the JSON
 * API keep the spec's spellings ("UnPaid"); only what a person reads goes through here.
 */

import { amountToCents, formatUsd } from "./money.ts";

/** Cents as people read them: always two decimals, "$49.00", "$1,234.50". */
export const formatMoney = (cents: number): string => formatUsd(cents);

/**
 * A price as stored in content ("49", "49.5", "1200") in the same format as money: "$49.00".
 * Text that is not an amount is shown as typed, after a dollar sign, rather than hidden.
 */
export function formatPrice(price: string): string {
  const cents = amountToCents(price);
  return cents === null ? `$${price.trim()}` : formatUsd(cents);
}

/** The payment statuses as stored (the spec's spellings) and as shown. */
const PAYMENT_STATUS_LABELS: Record<string, string> = { UnPaid: "Unpaid", Paid: "Paid", Cancelled: "Cancelled", Refunded: "Refunded" };

/** "UnPaid" -> "Unpaid"; any other status as stored. */
export const paymentStatusLabel = (status: string): string => PAYMENT_STATUS_LABELS[status] ?? status;

/** Order statuses read well as stored ("Pending", "Delivered"); kept here so a rename has one place. */
export const orderStatusLabel = (status: string): string => status;

/** Date and time of an ISO timestamp for people, in UTC and saying so: "Nov 24, 2026, 16:05 UTC". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const date = d.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  const time = d.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hour12: false });
  return `${date}, ${time} UTC`;
}
