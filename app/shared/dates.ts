/**
 * How dates are shown, everywhere (issue 21: there were three formats, all UTC): one function,
 * `formatDate`, in the site's time zone (SITE_TIME_ZONE, default UTC). The date is always the
 * spec's MM/DD/YYYY; where a time matters it follows, to the minute (or the second, for records
 * such as the audit log and history), with the zone's short name ("UTC", "EST", "GMT+1"), so the
 * reader knows which clock it is. `shortDate`, `formatDateTime` and `utcDateTime` are its three
 * styles under their former names.
 *
 * The zone is set once per process (`setSiteTimeZone`, from the configuration on the server and
 * from the root loader's data in the browser before anything renders), so server and browser
 * render the same text.
 */

const DEFAULT_TIME_ZONE = "UTC";
let siteTimeZone = DEFAULT_TIME_ZONE;

/** True for a time zone name Intl knows ("Europe/Berlin", "America/New_York", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Sets the zone every date is shown in; an unknown name is refused (the configuration checks it first). */
export function setSiteTimeZone(zone: string): void {
  if (!isTimeZone(zone)) throw new Error(`Unknown time zone: ${zone}`);
  siteTimeZone = zone;
}

export const siteTimeZoneName = () => siteTimeZone;

export type DateStyle = "date" | "minute" | "second";

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZoneName: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The one way a moment is shown: "11/24/2026" (`date`), "11/24/2026, 16:05 UTC" (`minute`) or
 * "11/24/2026, 16:05:09 UTC" (`second`), in the site's time zone unless `timeZone` is given.
 * Anything that is not a date shows as "".
 */
export function formatDate(iso: string, style: DateStyle = "date", timeZone = siteTimeZone): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const parts = formatterFor(timeZone).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const date = `${part("month")}/${part("day")}/${part("year")}`;
  if (style === "date") return date;
  const time = `${part("hour")}:${part("minute")}${style === "second" ? `:${part("second")}` : ""}`;
  return `${date}, ${time} ${part("timeZoneName")}`;
}

/** The date of a moment: MM/DD/YYYY in the site's time zone. */
export const shortDate = (iso: string) => formatDate(iso, "date");

/** Date and time to the minute, naming the zone: "11/24/2026, 16:05 UTC". */
export const formatDateTime = (iso: string) => formatDate(iso, "minute");

/** Date and time to the second, for records (audit log, history): "11/24/2026, 16:05:09 UTC". */
export const utcDateTime = (iso: string) => formatDate(iso, "second");

/** True for a real calendar day written YYYY-MM-DD (what a date input sends). */
export function isIsoDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
