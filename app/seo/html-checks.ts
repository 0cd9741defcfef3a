/**
 * What the SEO report reads from a rendered page (issue 23): its title, description, robots
 * meta, h1 count, images and their alt attributes, links, and the words of its main content.
 * A small tokenizer over the HTML our own renderer produced (no DOM library: jsdom stays out of
 * the server's start-up); script, style, template and comment contents are dropped first, so
 * markup in them is never read as the page's.
 */

export interface PageFacts {
  /** The <title>'s text; "" when there is none. */
  title: string;
  /** The meta description's content; "" when there is none. */
  description: string;
  /** A `<meta name="robots">` says noindex. */
  noindex: boolean;
  h1Count: number;
  images: { src: string; hasAlt: boolean }[];
  /** Every <a href>, as written. */
  links: string[];
  /** Words of the main content (<article> if the page has one, else <main>, else <body>). */
  words: number;
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", mdash: "—", ndash: "–", hellip: "…", copy: "©", rsquo: "’", lsquo: "‘", ldquo: "“", rdquo: "”" };

/** HTML character references as text (named ones React emits, and numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[ref.toLowerCase()] ?? whole;
  });
}

/** The attributes of one start tag (`<img src="a" alt>`), names lower-cased, values decoded. */
export function attributesOf(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const body = tag.replace(/^<[a-z0-9-]+/i, "").replace(/\/?>$/, "");
  for (const m of body.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? "");
  }
  return attrs;
}

/** Start tags of one element name, each as its attributes. */
const startTags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}(?=[\\s/>])(?:[^>"']|"[^"]*"|'[^']*')*>`, "gi"))].map((m) => attributesOf(m[0]));

/** The inner HTML of the first element of `name` (not nested in one of its kind), if any. */
function innerOf(html: string, name: string): string | undefined {
  const open = new RegExp(`<${name}(?=[\\s>])[^>]*>`, "i").exec(html);
  if (!open) return undefined;
  const close = html.toLowerCase().lastIndexOf(`</${name}>`);
  return close > open.index ? html.slice(open.index + open[0].length, close) : html.slice(open.index + open[0].length);
}

/** The HTML without what is not content: comments, scripts, styles, templates. */
export const withoutHidden = (html: string) =>
  html.replace(/<!--[\s\S]*?-->/g, "").replace(/<(script|style|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, "");

/** Visible text of an HTML fragment, tags removed (block boundaries become spaces). */
export const textOf = (html: string) => decodeEntities(html.replace(/<[^>]*>/g, " ")).replace(/\s+/g, " ").trim();

/** Words as a reader counts them: runs of letters or digits (punctuation alone is not a word). */
export const wordCount = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

export function pageFacts(rawHtml: string): PageFacts {
  const html = withoutHidden(rawHtml);
  const head = innerOf(html, "head") ?? html;
  const titleMatch = /<title(?:\s[^>]*)?>([\s\S]*?)<\/title\s*>/i.exec(head);
  const metas = startTags(head, "meta");
  const meta = (name: string) => metas.find((m) => m.name?.toLowerCase() === name);
  const body = innerOf(html, "body") ?? html;
  const main = innerOf(body, "article") ?? innerOf(body, "main") ?? body;
  return {
    title: titleMatch ? textOf(titleMatch[1]!) : "",
    description: (meta("description")?.content ?? "").replace(/\s+/g, " ").trim(),
    noindex: /\bnoindex\b/i.test(meta("robots")?.content ?? ""),
    h1Count: startTags(body, "h1").length,
    images: startTags(body, "img").map((img) => ({ src: img.src ?? "", hasAlt: "alt" in img })),
    links: startTags(body, "a")
      .map((a) => a.href)
      .filter((href): href is string => href !== undefined),
    words: wordCount(textOf(main)),
  };
}

/**
 * The site path an href leads to, if it is a page of this site worth checking: same origin,
 * not a fragment of the same page alone, not mail, phone or script; files the server serves
 * outside the pages (/media/, /assets/, /api/) are left out. Query and fragment are dropped.
 */
export function internalPath(href: string, pagePath: string, siteUrl: string): string | undefined {
  const trimmed = href.trim();
  if (!trimmed || trimmed.startsWith("#") || /^(mailto|tel|javascript|data):/i.test(trimmed)) return undefined;
  let url: URL;
  let site: URL;
  try {
    site = new URL(siteUrl);
    url = new URL(trimmed, new URL(pagePath, site));
  } catch {
    return undefined;
  }
  if (url.origin !== site.origin) return undefined;
  if (/^\/(media|assets|api)\//.test(url.pathname)) return undefined;
  return url.pathname;
}
