/**
 * The rules of redirects, without a database (docs/decisions/0031): how a path is written down,
 * how a target is read, how a request's query reaches the target, and how a new rule is fitted
 * into the existing ones so that every chain is one hop and no loop can be stored.
 */

export const REDIRECT_STATUSES = [301, 302, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** The longest source path or target kept (a flood of long URLs cannot fill a row). */
export const MAX_PATH_LENGTH = 500;

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

const BASE = "http://rankwell.invalid";
const PLAIN_PATH = /^\/[\w\-.~/]*$/;
const DOT_SEGMENT = /\/\.\.?(\/|$)/;

/**
 * A path as redirects and the 404 monitor key it: percent-encoded as a browser sends it, without
 * query or fragment, without a trailing slash (`/old/` and `/old` are one path, as the site's own
 * routes treat them), `/` alone kept. Case is kept: `/Old` and `/old` are different paths.
 */
export function pathKey(pathname: string): string {
  // Most request paths are plain already (no escapes, no dot segments): the URL parser would
  // return them as they are, and it costs more than the lookup (it runs before every cached page).
  const path = PLAIN_PATH.test(pathname) && !DOT_SEGMENT.test(pathname)
    ? pathname
    : // Appended to the base, not resolved against it: `//host/x` stays a path, never a host.
      new URL(`${BASE}${pathname.startsWith("/") ? "" : "/"}${pathname}`).pathname;
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 47 /* "/" */) end--;
  return end === path.length ? path : path.slice(0, end);
}

/**
 * What an editor typed as "From path": a path on this site (`/old-page/`), or a full address of
 * this site (reduced to its path). Query and fragment are dropped: a rule matches the path alone.
 */
export function sourcePath(input: string, ownOrigin?: string): Checked<string> {
  const text = input.trim();
  if (text === "") return { ok: false, message: "From path is required" };
  let path = text;
  if (/^https?:\/\//i.test(text)) {
    const url = safeUrl(text);
    if (!url || !ownOrigin || url.origin !== new URL(ownOrigin).origin) return { ok: false, message: "From path must be a path on this site, such as /old-page/" };
    path = url.pathname;
  }
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return { ok: false, message: "From path must start with / (a path on this site, such as /old-page/)" };
  const key = pathKey(path.replace(/[?#].*$/s, ""));
  if (key.length > MAX_PATH_LENGTH) return { ok: false, message: `From path must be at most ${MAX_PATH_LENGTH} characters` };
  return { ok: true, value: key };
}

/**
 * What an editor typed as "To": a path on this site (kept as typed, query included: `/new/`), or
 * an http(s) address. An address of this site itself is stored as its path, so chains and loops
 * through it are seen.
 */
export function redirectTarget(input: string, ownOrigin?: string): Checked<string> {
  const text = input.trim();
  if (text === "") return { ok: false, message: "To is required for a 301 or 302 redirect" };
  if (text.length > 2048) return { ok: false, message: "To must be at most 2048 characters" };
  if (/^https?:\/\//i.test(text)) {
    const url = safeUrl(text);
    if (!url || !url.hostname) return { ok: false, message: "To must be a path on this site (/new-page/) or an http(s) address" };
    if (ownOrigin && url.origin === new URL(ownOrigin).origin) return { ok: true, value: `${url.pathname}${url.search}${url.hash}` };
    return { ok: true, value: url.href };
  }
  if (!text.startsWith("/") || text.startsWith("//") || text.includes("\\") || /\s/.test(text)) {
    return { ok: false, message: "To must be a path on this site (/new-page/) or an http(s) address" };
  }
  const url = new URL(text, BASE);
  return { ok: true, value: `${url.pathname}${url.search}${url.hash}` };
}

/** The path a target leads to on this site (its key), or undefined for another site's address. */
export function targetKey(target: string): string | undefined {
  if (!target.startsWith("/")) return undefined;
  return pathKey(target.replace(/[?#].*$/s, ""));
}

/**
 * The Location of a redirect answered for a request whose query is `search` ("?a=1" or ""):
 * the request's query is kept, after the target's own parameters.
 */
export function locationFor(target: string, search: string): string {
  const query = search.replace(/^\?/, "");
  if (!query) return target;
  const hashAt = target.indexOf("#");
  const [base, hash] = hashAt === -1 ? [target, ""] : [target.slice(0, hashAt), target.slice(hashAt)];
  return `${base}${base.includes("?") ? "&" : "?"}${query}${hash}`;
}

export interface Rule {
  id: string;
  from: string;
  /** null for 410 Gone. */
  to: string | null;
  status: RedirectStatus;
}

export interface Plan {
  /** The new rule's target after collapsing a chain through an existing rule. */
  to: string | null;
  /** Existing rules that pointed at the new rule's source, now pointing where it points. */
  rewrites: { id: string; to: string }[];
}

export type Planned = { ok: true; plan: Plan } | { ok: false; field: "from" | "to"; message: string };

/**
 * Fits `rule` among `existing` (the other rules; the stored table never holds a chain):
 * - its target is the source of a redirect B→C: it points at C instead (A→B becomes A→C);
 * - rules X→A that point at its source now point at its target (X→A becomes X→C);
 * - a loop (A→A, or A→B while B→A) is refused, naming the field to change.
 * A 410 ends a chain rather than being a hop: A→B while B is Gone stays A→B, and rules that
 * point at a source that becomes Gone keep pointing at it (that path now answers 410).
 * The request's query and the target's own are composed the way a visitor would meet them.
 */
export function planRule(existing: readonly Rule[], rule: Omit<Rule, "id">): Planned {
  const bySource = new Map(existing.map((r) => [r.from, r]));
  const duplicate = bySource.get(rule.from);
  if (duplicate) return { ok: false, field: "from", message: `A redirect from ${rule.from} already exists` };
  let to = rule.to;
  if (to !== null) {
    const next = targetKey(to) && bySource.get(targetKey(to)!);
    if (next && next.to !== null) to = locationFor(next.to, queryOf(to));
    if (targetKey(to) === rule.from) {
      const through = next && next.to !== null ? ` (${rule.to} already redirects to ${next.to})` : "";
      return { ok: false, field: "to", message: `This redirect would make a loop: ${rule.from} would lead back to itself${through}` };
    }
  }
  const rewrites: Plan["rewrites"] = [];
  if (to !== null) {
    for (const r of existing) {
      if (r.to === null || targetKey(r.to) !== rule.from) continue;
      const rewritten = locationFor(to, queryOf(r.to));
      // Cannot happen while the table holds no chain (r.from would be the new target's source); refused all the same.
      if (targetKey(rewritten) === r.from) return { ok: false, field: "to", message: `This redirect would make a loop with the redirect from ${r.from}` };
      rewrites.push({ id: r.id, to: rewritten });
    }
  }
  return { ok: true, plan: { to, rewrites } };
}

function queryOf(target: string): string {
  const match = /\?([^#]*)/.exec(target);
  return match?.[1] ? `?${match[1]}` : "";
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
