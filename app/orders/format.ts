/**
 * Order values as people see them, shared by the server and the browser. Money is integer cents
 * everywhere except at the edges; dates are ISO-8601 UTC and shown MM/DD/YYYY in UTC, so the
 * server's and the browser's rendering agree whatever their time zones.
 */

export const PAYMENT_STATUSES = ["UnPaid", "Paid", "Cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUSES = ["Pending", "Delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 14999 -> "$149.99" (US dollars, two decimals, thousands separated). */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}

/** 14999 -> "149.99": the plain amount PayPal and the API use. */
export function centsToAmount(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return `${whole}.${String(rest).padStart(2, "0")}`;
}

/**
 * "149.99", "49", "49.5" -> cents; anything else (negative, three decimals, letters, empty) -> null.
 * Parsed from the text, never through floating point, so "0.29" is 29 and not 28.
 */
export function amountToCents(amount: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(amount);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** "2025-09-01T23:30:00.000Z" -> "09/01/2025" (UTC calendar date). */
export function formatOrderDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return "";
  return `${match[2]}/${match[3]}/${match[1]}`;
}
