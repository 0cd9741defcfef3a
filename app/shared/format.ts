/**
 * How the pages show stored prices and times, used by the public site, the customer pages and the
 * admin area (docs/decisions/0023-wording.md). Amounts in cents: `formatUsd` (money.ts); order and
 * payment statuses: orders/statuses.ts.
 */

import { amountToCents, formatUsd } from "./money.ts";

/**
 * A price as stored in content ("49", "49.5", "1200") in the same format as money: "$49.00".
 * Text that is not an amount is shown as typed, after a dollar sign, rather than hidden.
 */
export function formatPrice(price: string): string {
  const cents = amountToCents(price);
  return cents === null ? `$${price.trim()}` : formatUsd(cents);
}

/** Date and time of an ISO timestamp for people, in UTC and saying so: "Nov 24, 2026, 16:05 UTC". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const date = d.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  const time = d.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hour12: false });
  return `${date}, ${time} UTC`;
}
