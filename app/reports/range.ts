import { z } from "zod";
import { isIsoDay } from "../shared/dates.ts";

/** Months and days of the reports, in UTC (the dates money movements are stored with). */

/** From (inclusive) and to (exclusive) instants, ISO-8601 UTC. */
export interface InstantRange {
  from: string;
  toExclusive: string;
}

/** The `count` calendar months up to the one of `now`, oldest first: ["2025-12", …, "2026-11"]. */
export function monthsBack(now: Date, count: number): string[] {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(year, month - (count - 1 - i), 1)).toISOString().slice(0, 7));
}

export const monthStart = (month: string) => `${month}-01T00:00:00.000Z`;

export function nextMonthStart(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString();
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11" -> "Nov 2026" (the table); short: "Nov" (the chart's axis). */
export function monthLabel(month: string, short = false): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return short ? MONTH_NAMES[m - 1]! : `${MONTH_NAMES[m - 1]} ${y}`;
}

/** The first day of the month of `now` and `now`'s day: the Reports screen's range when none is asked for. */
export const thisMonthSoFar = (now = new Date()) => ({ from: `${now.toISOString().slice(0, 7)}-01`, to: now.toISOString().slice(0, 10) });

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isIsoDay(v), `${label} must be a date (YYYY-MM-DD)`);

/**
 * A report's range: first and last day (UTC, both included), from the query string. Empty means
 * this month so far; a bad date answers 400 naming the field.
 */
export const reportRangeSchema = z
  .object({ from: day("From").default(""), to: day("To").default("") })
  .transform((r) => {
    const fallback = thisMonthSoFar();
    return { from: r.from || fallback.from, to: r.to || fallback.to };
  })
  .refine((r) => r.from <= r.to, { message: "To must not be before From", path: ["to"] });

export type ReportRange = z.output<typeof reportRangeSchema>;

/** The days as instants: from the first day's start to the start of the day after the last. */
export function instants(range: ReportRange): InstantRange {
  const after = new Date(`${range.to}T00:00:00.000Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  return { from: `${range.from}T00:00:00.000Z`, toExclusive: after.toISOString() };
}
