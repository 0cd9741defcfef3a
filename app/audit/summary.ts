/** Short words for what changed, for the audit log's summary column. */

/** Values up to this length show whole in a summary (a 200-character URL included); longer ones are cut. */
const MAX_VALUE = 250;
/** A name in a target ("FAQ items “How long…”") is cut shorter: it only has to say which record. */
const MAX_NAME = 60;
/** How much of the common start a cut value keeps before its first difference. */
const LEAD = 40;
const MAX_SUMMARY = 1000;

const flat = (value: string) => value.replace(/\s+/g, " ").trim();

/** A name in quotes, cut to a length a table cell can show. */
export function quoted(value: string): string {
  const text = flat(value);
  return `“${text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text}”`;
}

/**
 * A value in quotes for a summary: whole when it is of a length people enter, else `MAX_VALUE`
 * characters of it from `from` on (a little before, for context), with "…" where something is left out.
 */
export function excerpt(value: string, from = 0): string {
  const text = flat(value);
  if (text.length <= MAX_VALUE) return `“${text}”`;
  const start = from > MAX_VALUE - LEAD ? Math.min(from - LEAD, text.length - MAX_VALUE) : 0;
  return `“${start > 0 ? "…" : ""}${text.slice(start, start + MAX_VALUE)}${start + MAX_VALUE < text.length ? "…" : ""}”`;
}

/** Old → new. Long values are cut around where they first differ, so the two never read the same. */
function change(before: string, after: string): string {
  const [a, b] = [flat(before), flat(after)];
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `${excerpt(a, at)} → ${excerpt(b, at)}`;
}

/** Cuts a summary to what the log keeps. */
export const clip = (text: string, max = MAX_SUMMARY) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * The fields whose value differs, as `Label: “old” → “new”`, in the order of `labels`.
 * Fields not in `labels` are not compared (ids, timestamps).
 */
export function describeChanges(before: Record<string, string | undefined>, after: Record<string, string | undefined>, labels: Record<string, string>): string {
  const changes = Object.entries(labels)
    .filter(([name]) => (before[name] ?? "") !== (after[name] ?? ""))
    .map(([name, label]) => `${label}: ${change(before[name] ?? "", after[name] ?? "")}`);
  return clip(changes.length ? changes.join("; ") : "Saved without changes");
}

/** Every filled field as `Label: “value”` (what a new record holds, or what a deleted one held). */
export function describeValues(values: Record<string, string | undefined>, labels: Record<string, string>): string {
  const shown = Object.entries(labels)
    .filter(([name]) => values[name])
    .map(([name, label]) => `${label}: ${excerpt(values[name]!)}`);
  return clip(shown.join("; "));
}
