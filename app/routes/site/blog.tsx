import { data, redirect } from "react-router";
import { BLOG_PAGE_SIZE, blogPage } from "~/content/public/documents.server.ts";
import { tagPath } from "~/content/registry/slugs.ts";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import { requestContext } from "~/services.server.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import { ArticleList } from "~/site/documents.tsx";
import { JsonLd } from "~/site/json-ld.tsx";
import { breadcrumbLd, graphLd, pageMeta, SITE_NAME, siteUrlFrom } from "~/site/seo.ts";
import type { Route } from "./+types/blog";

/**
 * /blog/ and /blog/tag/{tag}/: published articles, newest first by their date, BLOG_PAGE_SIZE a
 * page (`?page=2`). A tag without articles, or a page past the last, is a 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const tag = params.tag;
  const basePath = tag ? tagPath(tag) : "/blog/";
  if (!url.pathname.endsWith("/")) throw redirect(`${basePath}${url.search}`, 301);
  const raw = url.searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : 0;
  if (!page) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  const blog = await blogPage(services.db, page, tag);
  if ((tag && blog.total === 0) || page > blog.pages) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  return { ...blog, tag: tag ?? null, basePath, pageSize: BLOG_PAGE_SIZE };
}

const headingOf = (tag: string | null) => (tag ? `Articles tagged “${tag}”` : "Blog");

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `${PAGE_NOT_FOUND} | ${SITE_NAME}` }];
  const { tag, page, basePath } = loaderData;
  const title = `${headingOf(tag)}${page > 1 ? ` (page ${page})` : ""} | ${SITE_NAME}`;
  return pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: page > 1 ? `${basePath}?page=${page}` : basePath,
    title,
    description: tag ? `${SITE_NAME} articles about ${tag}: SEO advice for small and growing businesses.` : `${SITE_NAME}'s articles: practical SEO advice for small and growing businesses.`,
  });
};

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { viewer, chrome, siteUrl } = useRootData();
  const { tag, articles, page, pages, basePath, total } = loaderData;
  const trail = [
    { name: "Home", path: "/" },
    { name: "Blog", path: "/blog/" },
    ...(tag ? [{ name: tag, path: basePath }] : []),
  ];
  return (
    <>
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <ArticleList
        heading={headingOf(tag)}
        intro={tag ? `${total} ${total === 1 ? "article" : "articles"} about ${tag}, newest first.` : "Practical SEO advice from our team, newest first."}
        articles={articles}
        page={page}
        pages={pages}
        basePath={basePath}
      />
      <SiteFooter chrome={chrome} />
      <JsonLd data={graphLd([breadcrumbLd(siteUrl, trail)])} />
    </>
  );
}

/** No JavaScript: served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
