/**
 * The rules of a search result, in one place (issue 23): how long a title and a description may
 * be before a search engine cuts them, what an editor is warned about, and how a result reads.
 * Pure: the admin's search-result preview (serp-preview.tsx) and the SEO report both use it.
 */

/** Past about this many characters a search engine cuts the title ("…"). */
export const TITLE_MAX = 60;
/** Past about this many characters the description is cut. */
export const DESCRIPTION_MAX = 160;
/** Under this many characters the engine often writes its own snippet from the page instead. */
export const DESCRIPTION_MIN = 70;
/** An article with fewer words reads as thin content (the SEO report flags it). */
export const SHORT_ARTICLE_WORDS = 300;

export type SerpWarningKind = "title-missing" | "title-long" | "description-missing" | "description-long" | "description-short";

export interface SerpWarning {
  kind: SerpWarningKind;
  field: "title" | "description";
  message: string;
}

/** Spaces collapsed and trimmed: what a search engine shows and what two pages are compared by. */
export const normalText = (text: string) => text.replace(/\s+/g, " ").trim();

/** Length as a person counts it (an emoji is one), after normalText. */
export const charCount = (text: string) => [...normalText(text)].length;

/** The warnings for a title and a description as they will be shown (fallbacks applied). */
export function serpWarnings({ title, description }: { title: string; description: string }): SerpWarning[] {
  const warnings: SerpWarning[] = [];
  const t = charCount(title);
  const d = charCount(description);
  if (t === 0) warnings.push({ kind: "title-missing", field: "title", message: "The page has no title: search engines will make one up." });
  else if (t > TITLE_MAX) warnings.push({ kind: "title-long", field: "title", message: `The title has ${t} characters: search results cut it after about ${TITLE_MAX}.` });
  if (d === 0) warnings.push({ kind: "description-missing", field: "description", message: "The page has no description: search engines will take a snippet of the page." });
  else if (d > DESCRIPTION_MAX) warnings.push({ kind: "description-long", field: "description", message: `The description has ${d} characters: search results cut it after about ${DESCRIPTION_MAX}.` });
  else if (d < DESCRIPTION_MIN) warnings.push({ kind: "description-short", field: "description", message: `The description has ${d} characters: under about ${DESCRIPTION_MIN}, search engines often write their own.` });
  return warnings;
}

/** Text cut at `max` characters on a word boundary when it can, with "…", as a result shows it. */
export function cutText(text: string, max: number): string {
  const chars = [...normalText(text)];
  if (chars.length <= max) return chars.join("");
  const cut = chars.slice(0, max - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The address line of a result: "rankwell.example › blog › my-article". */
export function displayUrl(siteUrl: string, path: string): string {
  let host = siteUrl;
  try {
    host = new URL(siteUrl).host;
  } catch {
    // A site URL that is not absolute (tests): shown as given.
  }
  const segments = path.split(/[?#]/)[0]!.split("/").filter(Boolean).map((s) => decodeURIComponent(s));
  return [host, ...segments].join(" › ");
}

export interface SerpInput {
  siteUrl: string;
  /** The page's path; unknown (a record not yet placed): the site's address. */
  path?: string;
  /** What the editor typed in the SEO fields (empty: the fallback is shown). */
  metaTitle?: string;
  metaDescription?: string;
  /** What the page shows without them: its content's title and description. */
  fallback: { title: string; description: string };
}

export interface SerpResult {
  title: string;
  url: string;
  description: string;
  /** Which lines show the content's fallback because the field is empty. */
  fallbackTitle: boolean;
  fallbackDescription: boolean;
  warnings: SerpWarning[];
}

/** A search result as it would read, with its warnings. */
export function serpResult(input: SerpInput): SerpResult {
  const ownTitle = normalText(input.metaTitle ?? "");
  const ownDescription = normalText(input.metaDescription ?? "");
  const title = ownTitle || normalText(input.fallback.title);
  const description = ownDescription || normalText(input.fallback.description);
  return {
    title: cutText(title, TITLE_MAX),
    url: displayUrl(input.siteUrl, input.path ?? "/"),
    description: cutText(description, DESCRIPTION_MAX),
    fallbackTitle: !ownTitle,
    fallbackDescription: !ownDescription,
    warnings: serpWarnings({ title, description }),
  };
}
