import MarkdownIt from "markdown-it";
import { isSiteLink } from "../../shared/validation.ts";
import { isMediaPath } from "../../media/media-url.ts";
import type { FieldDef } from "../registry/fields.ts";

/**
 * Formatted text fields (kind `formatted`): a small markdown subset, rendered to HTML here on the
 * server with markdown-it, so neither the library nor any HTML parsing reaches the browser.
 *
 * The subset: paragraphs (a blank line), line breaks, **bold**, *italic*, [links](…), <autolinks>
 * and bulleted or numbered lists. Nothing else is parsed: headings, images, code, quotes, tables
 * and raw HTML stay literal text, escaped. markdown-it with `html: false` escapes every `<`, and
 * our `validateLink` lets through only http(s) with a host, mailto, and paths on this site, so the
 * output is safe without a second sanitiser (markdown-it's documented safe mode).
 *
 * Saving is stricter than rendering: `formattedProblem` refuses raw HTML, images and other links
 * with a message, so an editor learns why instead of seeing their text printed literally.
 */

const INLINE_RULES = ["newline", "escape", "emphasis", "link", "autolink", "entity"];

/** A link a formatted text may carry: http(s) with a host, mailto, a path on this site, an anchor. */
export function isFormattedLink(href: string): boolean {
  if (/^mailto:/i.test(href)) return /^mailto:[^\s@/]+@[^\s@/]+$/i.test(href);
  return isSiteLink(href);
}

const renderer = new MarkdownIt("zero", { html: false, breaks: true, linkify: false, typographer: false })
  .enable(["list"])
  .enable(INLINE_RULES)
renderer.validateLink = isFormattedLink;

/**
 * The same parser with raw HTML, images and every link recognised, for finding what saving
 * refuses (the renderer would silently print such things as text).
 */
const checker = new MarkdownIt("zero", { html: true, breaks: true })
  .enable(["list", "html_block", "heading"])
  .enable([...INLINE_RULES, "image", "html_inline"])
checker.validateLink = () => true;

/**
 * An article's body (kind `articleBody`): the same subset plus `##`/`###` headings and images of
 * the media library (`![alt](/media/…)`), lazy-loaded with their size from the library path.
 * `#` (a second h1 beside the article's title) and deeper headings are refused at save time.
 */
const articleRenderer = new MarkdownIt("zero", { html: false, breaks: true, linkify: false, typographer: false })
  .enable(["list", "heading"])
  .enable([...INLINE_RULES, "image"]);
articleRenderer.validateLink = (href) => isFormattedLink(href) || isMediaPath(href);
articleRenderer.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = articleRenderer.utils.escapeHtml(token.children?.map((child) => child.content).join("") ?? "");
  const size = /-(\d+)x(\d+)-/.exec(src);
  const dims = size ? ` width="${size[1]}" height="${size[2]}"` : "";
  return `<img src="${articleRenderer.utils.escapeHtml(src)}" alt="${alt}"${dims} loading="lazy" decoding="async">`;
};

/** Sanitised HTML for an article body. */
export function renderArticleBody(source: string): string {
  return source.trim() ? articleRenderer.render(source).trim() : "";
}

/** Why an article body cannot be saved, in words that name the field; undefined when it can. */
export function articleBodyProblem(label: string, source: string): string | undefined {
  const blocks = checker.parse(source, {});
  for (const block of blocks) {
    if (block.type === "heading_open" && block.tag !== "h2" && block.tag !== "h3") {
      return `${label}: headings start with ## or ### (the article's title is its only # heading)`;
    }
    if (block.type === "html_block") return htmlMessage(label);
    for (const token of block.children ?? []) {
      if (token.type === "html_inline") return htmlMessage(label);
      if (token.type === "image" && !isMediaPath(String(token.attrGet("src") ?? ""))) {
        return `${label}: images must come from the media library (![alt text](/media/…)); upload the picture there first`;
      }
      if (token.type === "link_open" && !isFormattedLink(String(token.attrGet("href") ?? ""))) {
        return `${label}: links must start with https://, http://, mailto: or / (a page of this site)`;
      }
    }
  }
  return undefined;
}

/** The plain text of an article body (word counts, descriptions). */
export function articleBodyAsText(source: string): string {
  return decodeEntities(renderArticleBody(source).replace(/<\/(p|li|h2|h3)>|<br>/g, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

/** Sanitised HTML for a formatted text ("" for an empty one). */
export function renderFormatted(source: string): string {
  return source.trim() ? renderer.render(source).trim() : "";
}

/** The text of a formatted value without its markup: for meta descriptions and search snippets. */
export function formattedAsText(source: string): string {
  const html = renderFormatted(source);
  return decodeEntities(html.replace(/<\/(p|li)>|<br>/g, " ").replace(/<[^>]*>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const decodeEntities = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);

/** Why a formatted text cannot be saved, in words that name the field; undefined when it can. */
export function formattedProblem(label: string, source: string): string | undefined {
  for (const block of checker.parse(source, {})) {
    if (block.type === "html_block") return htmlMessage(label);
    for (const token of block.children ?? []) {
      if (token.type === "html_inline") return htmlMessage(label);
      if (token.type === "image") return `${label} cannot show images; use an image field for pictures`;
      if (token.type === "link_open" && !isFormattedLink(String(token.attrGet("href") ?? ""))) {
        return `${label}: links must start with https://, http://, mailto: or / (a page of this site)`;
      }
    }
  }
  return undefined;
}

const htmlMessage = (label: string) => `${label} cannot contain HTML tags; use **bold**, *italic* or [link text](https://…) instead`;

/** Adds `_html` and `_text` for each formatted field of a record (the public pages read them). */
export function withFormatted<R extends object>(fields: Record<string, FieldDef>, record: R): R & { _html?: Record<string, string>; _text?: Record<string, string> } {
  const names = Object.entries(fields)
    .filter(([, field]) => field.kind === "formatted" || field.kind === "articleBody")
    .map(([name]) => name);
  if (names.length === 0) return record;
  const value = (name: string) => String((record as Record<string, unknown>)[name] ?? "");
  const article = (name: string) => fields[name]!.kind === "articleBody";
  return {
    ...record,
    _html: Object.fromEntries(names.map((name) => [name, article(name) ? renderArticleBody(value(name)) : renderFormatted(value(name))])),
    _text: Object.fromEntries(names.map((name) => [name, article(name) ? articleBodyAsText(value(name)) : formattedAsText(value(name))])),
  };
}
