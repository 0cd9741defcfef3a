import { data, redirect } from "react-router";
import { loadPageSections } from "~/content/public/pages.server.ts";
import { pageBySlug, previewRecord } from "~/content/public/documents.server.ts";
import { PREVIEW_HEADERS } from "~/content/public/preview.ts";
import { PreviewNotice } from "~/content/public/preview-notice.tsx";
import { previewRequested } from "~/content/public/preview.server.ts";
import { seoOf } from "~/content/registry/seo-fields.ts";
import { isPageSlug, pagePath, SINGLE_SEGMENT_MARK, SINGLE_SEGMENT_PREFIX } from "~/content/registry/slugs.ts";
import { ContactForm } from "~/inbox/contact-form.tsx";
import { ErrorPage } from "~/layout/error-page.tsx";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import { requestContext } from "~/services.server.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import { pageSections, PageView } from "~/site/documents.tsx";
import { JsonLd } from "~/site/json-ld.tsx";
import { breadcrumbLd, graphLd, pageMeta, previewMeta, SITE_NAME, siteUrlFrom } from "~/site/seo.ts";
import type { Route } from "./+types/not-found";

/**
 * Every path no route of the app owns (the page table's last row): a page an editor created at
 * that address (issue 23; `/x` answers 301 to `/x/`), else the friendly 404 page (the error
 * boundary below). Slugs are looked up only here, after every route of the app, so a page can
 * never shadow one. The same module shows an editor's preview of a page (/admin/preview/pages/:id).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const preview = previewRequested(context, request);
  const { pathname } = new URL(request.url);
  // The internal address of a one-segment page answers only when the server handed the request there.
  const handed = pathname.startsWith(`${SINGLE_SEGMENT_PREFIX}/`) && request.headers.get(SINGLE_SEGMENT_MARK) === "1";
  const splat = (params["*"] ?? "").replace(/\/+$/, "");
  const page = preview
    ? await previewRecord(services.db, "pages", (params as { id?: string }).id ?? "")
    : (handed || !pathname.startsWith(`${SINGLE_SEGMENT_PREFIX}/`)) && isPageSlug(splat)
      ? await pageBySlug(services.db, splat)
      : undefined;
  if (!page) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  if (!preview && !pathname.endsWith("/")) throw redirect(pagePath(page.slug), 301);
  const keys = pageSections(page);
  // No landing block (the body alone): no query (PostgreSQL refuses an empty `in ()`).
  const content = keys.length ? await loadPageSections(services.db, keys, { preview }) : {};
  return data({ page, content, preview }, { headers: preview ? PREVIEW_HEADERS : {} });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const page = loaderData?.page;
  if (!page) return [{ title: `${PAGE_NOT_FOUND} | ${SITE_NAME}` }];
  const seo = seoOf(page, { title: `${page.title} | ${SITE_NAME}`, description: page.heroText || page._text?.body || page.title, image: page.heroImage || undefined });
  const doc = { siteUrl: siteUrlFrom(matches), path: pagePath(page.slug), ...seo, imageAlt: page.title };
  return loaderData.preview ? previewMeta(true, doc) : pageMeta(doc);
};

export default function CreatedPage({ loaderData }: Route.ComponentProps) {
  const { viewer, chrome, siteUrl } = useRootData();
  const { page, content, preview } = loaderData;
  return (
    <>
      {preview && <PreviewNotice />}
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <PageView page={page} content={content} slots={{ chrome, contactForm: <ContactForm /> }} />
      <SiteFooter chrome={chrome} />
      <JsonLd
        data={graphLd([
          breadcrumbLd(siteUrl, [
            { name: "Home", path: "/" },
            { name: page.title, path: pagePath(page.slug) },
          ]),
        ])}
      />
    </>
  );
}

/** Handled here rather than at the root, so the page keeps the root's logo and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

/** No JavaScript: a created page is served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
