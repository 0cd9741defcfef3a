/**
 * The blocks an editor may place on a created page, by the name the Blocks field uses: the
 * landing page's blocks (site/landing.tsx names each entry by one of these) and `text`, the page's
 * own body. Plain data, so the field check needs no React.
 */
export const PAGE_BLOCK_NAMES = [
  "text",
  "services",
  "about",
  "counters",
  "features",
  "video",
  "work-steps",
  "experience",
  "pricing",
  "steps",
  "team",
  "testimonials",
  "faq",
  "call-to-action",
  "contact",
] as const;

export type PageBlockName = (typeof PAGE_BLOCK_NAMES)[number];

/** The blocks a stored value names, in order: one name a line (commas also separate), blank lines ignored. */
export const blockList = (value: string): string[] =>
  value
    .split(/[\n,]/)
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);

/** Why a Blocks value cannot be saved; undefined when it can. */
export function blocksProblem(label: string, value: string): string | undefined {
  const unknown = blockList(value).filter((name) => !(PAGE_BLOCK_NAMES as readonly string[]).includes(name));
  if (unknown.length) return `${label}: “${unknown[0]}” is not a block; use one name a line from: ${PAGE_BLOCK_NAMES.join(", ")}`;
  return undefined;
}
