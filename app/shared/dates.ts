/** The spec's date format, MM/DD/YYYY, of an ISO timestamp, in UTC so server and browser agree. */
export function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/** Date and time of an ISO timestamp, "MM/DD/YYYY HH:MM UTC": the same text on server and browser. */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const two = (n: number) => String(n).padStart(2, "0");
  return `${shortDate(iso)} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
}
