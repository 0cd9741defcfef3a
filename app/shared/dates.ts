/** The spec's date format, MM/DD/YYYY, of an ISO timestamp, in UTC so server and browser agree. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Date and time of an ISO timestamp to the second, for records (audit log, history): "2025-01-31 14:05:09 UTC". */
export const utcDateTime = (iso: string) => `${iso.slice(0, 19).replace("T", " ")} UTC`;

/** True for a real calendar day written YYYY-MM-DD (what a date input sends). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Date and time of an ISO timestamp for people (a message's arrival), in UTC and saying so: "Nov 24, 2026, 16:05 UTC". */
export function formatDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const date = d.toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });
  const time = d.toLocaleTimeString("en-GB", { timeZone: "UTC", hour: "2-digit", minute: "2-digit", hour12: false });
  return `${date}, ${time} UTC`;
}
