import createDOMPurify, { type DOMPurify } from "dompurify";
import { JSDOM } from "jsdom";

/**
 * SVG uploads are sanitised, not refused: DOMPurify (cure53's widely used XSS sanitiser) with its
 * SVG profile keeps shapes, text, gradients and filters and drops scripts, event handlers,
 * foreignObject and javascript: links. On top, links may point only into
 * the file itself (`#id`) or at embedded raster data, so the image loads nothing from elsewhere:
 * in `href`s, and in CSS too (a `<style>` element, a `style` attribute, a `fill="url(…)"`), where
 * `@import` goes and a `url(…)` to anywhere else becomes `none`. That holds wherever the file is
 * served from later (a CDN, a public bucket), not only behind our own header.
 * Served SVGs also carry a CSP that forbids scripts (server/media.ts): a second wall.
 */

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const INNER_LINK = /^(#|data:image\/(png|jpeg|gif|webp);base64,)/i;
const ACTIVE_ELEMENTS = new Set(["script", "foreignobject", "iframe", "embed", "object", "handler", "listener"]);

let purifier: DOMPurify | undefined;
/** What the CSS hooks took out during the current sanitise (sanitising is synchronous). */
let cssRemoved: Set<string> = new Set();

/**
 * CSS with every reference outside the file taken out: `@import` rules go, a `url(…)` that is not
 * `#id` or embedded raster data becomes `none`. CSS written with escapes or comments (which could
 * spell `url` or `@import` so that a pattern misses it) is dropped whole.
 */
export function cleanCss(css: string): { css: string; removed: string[] } {
  const removed: string[] = [];
  if (/\\|\/\*/.test(css)) return { css: "", removed: ["escaped CSS"] };
  let out = css.replace(/@import\b[^;]*;?/gi, () => {
    removed.push("@import");
    return "";
  });
  out = out.replace(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi, (whole, _quote: string, target: string) => {
    if (INNER_LINK.test(target.trim())) return whole;
    removed.push("url(…)");
    return "none";
  });
  // Anything still naming a url( or @import (an unbalanced quote, a nested parenthesis) goes whole.
  if (/url\(|@import/i.test(out.replace(/url\(\s*(['"]?)(#|data:image\/(png|jpeg|gif|webp);base64,)[^'")]*\1\s*\)/gi, ""))) return { css: "", removed: [...removed, "url(…)"] };
  return { css: out, removed };
}

function instance(): DOMPurify {
  if (purifier) return purifier;
  const purify = createDOMPurify(new JSDOM("").window as unknown as Parameters<typeof createDOMPurify>[0]);
  purify.addHook("uponSanitizeAttribute", (_node, data) => {
    if ((data.attrName === "href" || data.attrName === "xlink:href") && !INNER_LINK.test(data.attrValue.trim())) data.keepAttr = false;
    // style="…", fill="url(…)", filter, mask, clip-path, marker-*: the same CSS rule.
    if (data.attrName === "style" || /url\(|@import|\\/i.test(data.attrValue)) {
      const { css, removed } = cleanCss(data.attrValue);
      for (const what of removed) cssRemoved.add(what);
      if (removed.length) data.attrValue = css;
      if (!css.trim()) data.keepAttr = false;
    }
  });
  purify.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName !== "style" || !node.textContent) return;
    const { css, removed } = cleanCss(node.textContent);
    for (const what of removed) cssRemoved.add(what);
    if (removed.length) node.textContent = css;
  });
  purifier = purify;
  return purify;
}

export interface SanitisedSvg {
  svg: string;
  /** Active content that was taken out (script, onload, an outside link), for the uploader's message. */
  removed: string[];
}

/** The SVG without active content; undefined when nothing of an SVG document is left. */
export function sanitiseSvg(source: string): SanitisedSvg | undefined {
  const purify = instance();
  cssRemoved = new Set();
  const cleaned = purify.sanitize(source, { USE_PROFILES: { svg: true, svgFilters: true } });
  const removed = new Set<string>(cssRemoved);
  for (const entry of purify.removed as { element?: Element; attribute?: Attr | null }[]) {
    const name = entry.attribute?.name ?? entry.element?.nodeName ?? "";
    const lower = name.toLowerCase();
    if (ACTIVE_ELEMENTS.has(lower) || lower.startsWith("on") || lower.endsWith("href")) removed.add(entry.element ? `<${name}>` : name);
  }
  let svg = cleaned.trim();
  if (!svg.startsWith("<svg")) return undefined;
  // DOMPurify serialises as HTML: the one entity HTML writes that XML does not know is &nbsp;.
  svg = svg.replaceAll("&nbsp;", "&#160;");
  // A file on its own (not inline in HTML) needs its namespaces declared to be drawn at all.
  const root = svg.slice(0, svg.indexOf(">") + 1);
  let fixedRoot = root;
  if (!/\sxmlns="/.test(root)) fixedRoot = fixedRoot.replace(/^<svg/, `<svg xmlns="${SVG_NS}"`);
  if (svg.includes("xlink:") && !/\sxmlns:xlink="/.test(root)) fixedRoot = fixedRoot.replace(/^<svg/, `<svg xmlns:xlink="${XLINK_NS}"`);
  svg = fixedRoot + svg.slice(root.length);
  return { svg, removed: [...removed] };
}
