import type { Db } from "~/db/db.server.ts";
import { imageFactsFor } from "~/media/image-facts.server.ts";
import { data, redirect } from "react-router";
import { articleBySlug, previewRecord } from "~/content/public/documents.server.ts";
import { PREVIEW_HEADERS } from "~/content/public/preview.ts";
import { PreviewNotice } from "~/content/public/preview-notice.tsx";
import { previewRequested } from "~/content/public/preview.server.ts";
import { seoOf } from "~/content/registry/seo-fields.ts";
import { articlePath } from "~/content/registry/slugs.ts";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import { requestContext } from "~/services.server.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import { ArticleView } from "~/site/documents.tsx";
import { JsonLd } from "~/site/json-ld.tsx";
import { articleLd, breadcrumbLd, graphLd, pageMeta, previewMeta, SITE_NAME, siteUrlFrom } from "~/site/seo.ts";
import type { Route } from "./+types/article";

/**
 * /blog/{slug}/: one published article (issue 23); `/blog/{slug}` answers 301 to it. The same
 * module shows an editor's preview of an article with its draft (/admin/preview/articles/:id).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  if (previewRequested(context, request)) {
    const article = await previewRecord(services.db, "articles", params.id ?? "");
    if (!article) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
    return data({ article, cover: await coverFacts(services.db, article.coverImage), preview: true }, { headers: PREVIEW_HEADERS });
  }
  const article = await articleBySlug(services.db, params.slug ?? "");
  if (!article) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  const { pathname } = new URL(request.url);
  if (!pathname.endsWith("/")) throw redirect(articlePath(article.slug), 301);
  return data({ article, cover: await coverFacts(services.db, article.coverImage), preview: false });
}

/** What the media library says about the cover image (its alt text), if it is a library file. */
const coverFacts = async (db: Db, cover: string) => (cover ? (await imageFactsFor(db, [cover])).get(cover) : undefined);

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const article = loaderData?.article;
  if (!article) return [{ title: `${PAGE_NOT_FOUND} | ${SITE_NAME}` }];
  const seo = seoOf(article, { title: `${article.title} | ${SITE_NAME}`, description: article.excerpt, image: article.coverImage || undefined });
  const page = { siteUrl: siteUrlFrom(matches), path: articlePath(article.slug), ...seo, type: "article" as const, imageAlt: article.title };
  return loaderData.preview ? previewMeta(true, page) : pageMeta(page);
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { viewer, chrome, siteUrl } = useRootData();
  const { article, preview } = loaderData;
  const path = articlePath(article.slug);
  const structured = graphLd([
    articleLd({
      siteUrl,
      path,
      title: article.title,
      description: article.metaDescription || article.excerpt,
      image: article.coverImage || undefined,
      author: article.author,
      datePublished: article._date,
      dateModified: article._updatedAt,
      tags: article._tags,
    }),
    breadcrumbLd(siteUrl, [
      { name: "Home", path: "/" },
      { name: "Blog", path: "/blog/" },
      { name: article.title, path },
    ]),
  ]);
  return (
    <>
      {preview && <PreviewNotice />}
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <ArticleView article={article} cover={loaderData.cover} />
      <SiteFooter chrome={chrome} />
      <JsonLd data={structured} />
    </>
  );
}

/** No JavaScript: served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
