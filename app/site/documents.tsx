import type { ImageFacts } from "~/media/alt-text.ts";
import type { ReactNode } from "react";
import type { PageRecord } from "../content/registry/sections.ts";
import { PAGE_BLOCK_NAMES } from "../content/registry/page-blocks.ts";
import { blockList } from "../content/registry/page-blocks.ts";
import { articlePath, tagPath } from "../content/registry/slugs.ts";
import { container, Formatted, Img } from "./blocks/primitives.tsx";
import { landing, type LandingSlots } from "./landing.tsx";

/**
 * Created pages and articles as the public site shows them (issue 23): server-rendered, no
 * script. The routes put the site's header and footer around them.
 */

type Page = PageRecord<"pages">;
type ArticleCard = PageRecord<"articles"> & { _date: string; _tags: string[] };

/** The landing blocks a page shows, in its order, each once (a block's anchors are unique on a page). */
export function pageBlocks(page: Pick<Page, "blocks">): string[] {
  const names = [...new Set(blockList(page.blocks))].filter((name) => (PAGE_BLOCK_NAMES as readonly string[]).includes(name));
  return names.length ? names : ["text"];
}

/** The sections a page's blocks read (one query loads them). */
export const pageSections = (page: Pick<Page, "blocks">) => landing.filter((entry) => pageBlocks(page).includes(entry.name)).flatMap((entry) => entry.sections);

type BlockContent = Parameters<(typeof landing)[number]["Block"]>[0]["content"];

/** A created page: its hero (the page's one h1), then its blocks in order. */
export function PageView({ page, content, slots }: { page: Page; content: Partial<BlockContent>; slots: LandingSlots }) {
  return (
    <main id="main" className="lazy-sections">
      <section className="bg-gray-50 py-12 md:py-16">
        <div className={`${container} grid items-center gap-8 md:grid-cols-2`}>
          <div>
            <h1 className="text-3xl font-bold text-ink md:text-5xl">{page.heroHeading || page.title}</h1>
            {page.heroText && <p className="mt-4 text-lg leading-relaxed text-gray-700">{page.heroText}</p>}
          </div>
          {page.heroImage && <Img src={page.heroImage} alt="" width={560} height={420} eager className="mx-auto h-auto w-full max-w-md" />}
        </div>
      </section>
      {pageBlocks(page).map((name): ReactNode => {
        if (name === "text") {
          return page.body ? (
            <section key="text" aria-label={page.title} className="py-10">
              <Formatted record={page} field="body" className={`${container} max-w-3xl text-lg leading-relaxed text-gray-800`} />
            </section>
          ) : null;
        }
        const entry = landing.find((e) => e.name === name);
        if (!entry) return null;
        const Block = entry.Block as (props: { content: Partial<BlockContent> } & LandingSlots) => ReactNode;
        return <Block key={name} content={content} {...slots} />;
      })}
    </main>
  );
}

/** "2 March 2026" for a YYYY-MM-DD day, the same on every server. */
export const longDay = (day: string) => new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

function Tags({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          <a href={tagPath(tag)} className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-sm font-medium text-brand-800 underline-offset-2 hover:underline">
            {tag}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One article: title (the page's h1), byline, cover, body, tags. */
export function ArticleView({ article, cover }: { article: ArticleCard; cover?: ImageFacts }) {
  return (
    <main id="main" className={`${container} max-w-3xl py-10 md:py-14`}>
      <article>
        <p className="text-sm">
          <a href="/blog/" className="font-semibold text-brand-700 underline">
            Blog
          </a>
        </p>
        <h1 className="mt-2 text-3xl font-bold text-ink md:text-4xl">{article.title}</h1>
        <p className="mt-3 text-gray-700">
          By {article.author} · <time dateTime={article._date}>{longDay(article._date)}</time>
        </p>
        {/* The library's alt text for the cover (decision 0039); without any, decorative: the title says what the article is. */}
        {article.coverImage && <Img src={article.coverImage} alt="" image={cover} width={768} height={432} eager className="mt-6 h-auto w-full rounded-lg" />}
        <Formatted record={article} field="body" className="mt-8 text-lg leading-relaxed text-gray-800" />
        <Tags tags={article._tags} />
      </article>
    </main>
  );
}

/** The blog's list (or one tag's), newest first, with Previous / page numbers / Next. */
export function ArticleList({ heading, intro, articles, page, pages, basePath }: { heading: string; intro: string; articles: ArticleCard[]; page: number; pages: number; basePath: string }) {
  return (
    <main id="main" className={`${container} max-w-4xl py-10 md:py-14`}>
      <h1 className="text-3xl font-bold text-ink md:text-4xl">{heading}</h1>
      <p className="mt-3 text-lg text-gray-700">{intro}</p>
      {articles.length === 0 ? (
        <p className="mt-8">No articles yet.</p>
      ) : (
        <ol className="mt-8 grid gap-8" aria-label="Articles">
          {articles.map((article) => (
            <li key={article._id} className="grid gap-4 border-b border-gray-200 pb-8 sm:grid-cols-[12rem_1fr]">
              {article.coverImage ? <Img src={article.coverImage} alt="" width={192} height={108} className="h-auto w-full rounded-md" /> : <span aria-hidden="true" />}
              <div>
                <h2 className="text-xl font-bold text-ink">
                  <a href={articlePath(article.slug)} className="underline-offset-2 hover:underline">
                    {article.title}
                  </a>
                </h2>
                <p className="mt-1 text-sm text-gray-700">
                  By {article.author} · <time dateTime={article._date}>{longDay(article._date)}</time>
                </p>
                <p className="mt-2 text-gray-800">{article.excerpt}</p>
                <Tags tags={article._tags} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label="Pages of articles" className="mt-8 flex flex-wrap gap-3">
          {page > 1 && (
            <a href={page === 2 ? basePath : `${basePath}?page=${page - 1}`} className="underline">
              Previous
            </a>
          )}
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <a key={n} href={n === 1 ? basePath : `${basePath}?page=${n}`} aria-current={n === page ? "page" : undefined} className={n === page ? "font-bold" : "underline"}>
              {n}
            </a>
          ))}
          {page < pages && (
            <a href={`${basePath}?page=${page + 1}`} className="underline">
              Next
            </a>
          )}
        </nav>
      )}
      <p className="mt-8 text-sm">
        <a href="/blog/feed.xml" className="text-brand-700 underline">
          Subscribe to the feed (Atom)
        </a>
      </p>
    </main>
  );
}
