/** Short words for what changed, for the audit log's summary column. */

const MAX_VALUE = 60;
const MAX_SUMMARY = 1000;

/** A value in quotes, cut to a length a table cell can show. */
export function quoted(value: string): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return `“${flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE - 1)}…` : flat}”`;
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
    .map(([name, label]) => `${label}: ${quoted(before[name] ?? "")} → ${quoted(after[name] ?? "")}`);
  return clip(changes.length ? changes.join("; ") : "Saved without changes");
}

/** Every filled field as `Label: “value”` (what a new record holds, or what a deleted one held). */
export function describeValues(values: Record<string, string | undefined>, labels: Record<string, string>): string {
  const shown = Object.entries(labels)
    .filter(([name]) => values[name])
    .map(([name, label]) => `${label}: ${quoted(values[name]!)}`);
  return clip(shown.join("; "));
}
