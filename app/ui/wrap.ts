import { Children, isValidElement, type ReactNode } from "react";

/**
 * How text in a narrow box wraps (CSS overflow-wrap). Ordinary words wrap between words and are
 * never cut. A long unbroken token (an email address, a URL, an id) may break anywhere, so it
 * cannot push its box wider than the screen or make a table column clip; giving ordinary words
 * that freedom too would let a squeezed table cut them mid-word ("Capt|ured"), so it is kept to
 * text that has such a token.
 */
export const LONG_TOKEN = 24;

/** The text a React node shows, as far as it can be read without rendering (strings, numbers, and elements' children). */
export function textOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  if (Array.isArray(node) || (node && typeof node === "object" && Symbol.iterator in node)) return Children.toArray(node).map(textOf).join("");
  return "";
}

/** True when the text has a run of at least LONG_TOKEN characters without a space. */
export const hasLongToken = (text: string) => new RegExp(`\\S{${LONG_TOKEN},}`).test(text);

/** The Tailwind class for a box showing `content`: break anywhere when it holds a long token, else only between words (or inside a word longer than the line). */
export const wrapClass = (content: ReactNode) => (hasLongToken(textOf(content)) ? "wrap-anywhere" : "wrap-break-word");
