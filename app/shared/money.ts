/**
 * Money is integer cents everywhere except at the edges: these turn cents into what people and
 * PayPal read, and typed amounts back into cents, never through floating point.
 */

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

/**
 * A price as stored in content ("49", "49.5", "1200") in the same format as money: "$49.00".
 * Text that is not an amount is shown as typed, after a dollar sign, rather than hidden.
 */
export function formatPrice(price: string): string {
  const cents = amountToCents(price);
  return cents === null ? `$${price.trim()}` : formatUsd(cents);
}
