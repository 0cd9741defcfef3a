import { articlePath, tagPath } from "../content/registry/slugs.ts";
import { absoluteUrl, SITE_NAME } from "./seo.ts";

/** The blog's Atom feed (RFC 4287): the newest articles, each with its excerpt and its body's HTML. */

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export interface FeedArticle {
  _id: string;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  _date: string;
  _updatedAt: string;
  _tags: string[];
  _html?: Record<string, string>;
}

/** How many articles the feed carries. */
export const FEED_SIZE = 20;

export function atomFeed(siteUrl: string, articles: readonly FeedArticle[]): string {
  const updated = articles.map((a) => a._updatedAt).sort().at(-1) ?? "2026-01-01T00:00:00.000Z";
  const entries = articles.slice(0, FEED_SIZE).map((a) => {
    const url = absoluteUrl(siteUrl, articlePath(a.slug));
    return [
      "  <entry>",
      `    <title>${xml(a.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(url)}"/>`,
      `    <id>${xml(url)}</id>`,
      `    <published>${a._date}T00:00:00Z</published>`,
      `    <updated>${a._updatedAt}</updated>`,
      `    <author><name>${xml(a.author)}</name></author>`,
      ...a._tags.map((tag) => `    <category term="${xml(tag)}" scheme="${xml(absoluteUrl(siteUrl, tagPath(tag)))}"/>`),
      `    <summary>${xml(a.excerpt)}</summary>`,
      `    <content type="html">${xml(a._html?.body ?? "")}</content>`,
      "  </entry>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(SITE_NAME)} blog</title>`,
    `  <link rel="alternate" type="text/html" href="${xml(absoluteUrl(siteUrl, "/blog/"))}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${xml(absoluteUrl(siteUrl, "/blog/feed.xml"))}"/>`,
    `  <id>${xml(absoluteUrl(siteUrl, "/blog/"))}</id>`,
    `  <updated>${updated}</updated>`,
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
