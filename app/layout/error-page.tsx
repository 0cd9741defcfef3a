import { isRouteErrorResponse } from "react-router";
import { NO_PERMISSION, PAGE_NOT_FOUND } from "../shared/messages.ts";
import { useRootData } from "./root-data.ts";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";
import { LinkLine } from "../ui/link-line.tsx";
import { SITE_NAME } from "../site/seo.ts";

/** The heading and sentence an error page shows for an error (404, 403, another 4xx, or 500). */
export function errorText(error: unknown): { title: string; detail: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data?.message === "string" ? error.data.message : undefined;
    if (error.status === 404) return { title: PAGE_NOT_FOUND, detail: "There is no page at this address. It may have moved, or the link may be mistyped." };
    if (error.status === 403) {
      return { title: message ?? NO_PERMISSION, detail: "This page is for administrators. If you should have access, ask an administrator to add you." };
    }
    if (error.status < 500 && message) return { title: message, detail: "" };
  }
  return { title: "Something went wrong", detail: "Sorry, we could not show this page. Please try again in a moment." };
}

/**
 * The friendly error page (404, 403, 500) inside the site's header and footer. The root route
 * uses it as its ErrorBoundary; a route that exports it too keeps the root's data (logo,
 * footer), which React Router drops when the error reaches the root.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const { viewer, chrome } = useRootData();
  const { title, detail } = errorText(error);
  return (
    <>
      {/* React puts it in the head: an error page has no route meta, and a page needs a title. */}
      <title>{`${title} | ${SITE_NAME}`}</title>
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        {detail && <p className="mt-4 text-gray-700">{detail}</p>}
        <ErrorReference error={error} />
        <LinkLine to="/" className="mt-8">
          Back to the home page
        </LinkLine>
      </main>
      <SiteFooter chrome={chrome} />
    </>
  );
}

/**
 * Under an error that is ours (not a 4xx the visitor can act on): the request's id, which every
 * log line about it carries (the X-Request-Id header), so a person can quote it and an operator find them.
 */
export function ErrorReference({ error }: { error: unknown }) {
  const { requestId } = useRootData();
  if (!requestId || (isRouteErrorResponse(error) && error.status < 500)) return null;
  return <p className="mt-4 text-sm text-gray-700">{`Reference: ${requestId}`}</p>;
}
