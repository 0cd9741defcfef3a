import { entryTitle } from "../registry/entry-title.ts";
import type { SectionDef, Values } from "../registry/sections.ts";
import { SEO_FIELD_NAMES } from "../registry/seo-fields.ts";

/**
 * What the search-result preview needs to know of a section: whether it has the SEO fields
 * (content/registry/seo-fields.ts), the public path of a record, and what the page shows when
 * the fields are empty. Read from the registry entry, so any section that spreads `seoFields`
 * into its fields (pages, articles) gets the preview with no code of its own.
 */
export const hasSeoFields = (def: SectionDef) => SEO_FIELD_NAMES.every((name) => name in def.fields);

export interface SerpFallback {
  title: string;
  description: string;
}

/** Markdown marks and links reduced to their words, for a description taken from formatted text. */
const plain = (text: string) =>
  text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#+\s*|[*_`>]+/gm, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A record's path and fallback: the spec's pages' fallbacks come from their content
 * (`siteFallbacks`, by path, computed on the server); any other record falls back to its own
 * title field and its first long text.
 */
export function describeForSerp(def: SectionDef, siteFallbacks: Record<string, SerpFallback>) {
  const own = (values: Values) => Object.fromEntries(Object.entries(values).filter(([name]) => !SEO_FIELD_NAMES.includes(name as never)));
  const longField = Object.entries(def.fields).find(([name, f]) => !SEO_FIELD_NAMES.includes(name as never) && (f.kind === "longText" || f.kind === "formatted"))?.[0];
  return (values: Values): { path?: string; fallback: SerpFallback } => {
    // A page's or an article's own address (its slug); the spec pages' entries name theirs in admin.
    const path = def.admin.publicPath?.(values) ?? (values.slug ? def.publicPath?.(values) : undefined);
    const site = path ? siteFallbacks[path] : undefined;
    if (site) return { path, fallback: site };
    const title = entryTitle({ ...def, fields: Object.fromEntries(Object.entries(def.fields).filter(([n]) => !SEO_FIELD_NAMES.includes(n as never))) }, own(values));
    return { path, fallback: { title: title === "Untitled" ? "" : title, description: longField ? plain(values[longField] ?? "") : "" } };
  };
}
