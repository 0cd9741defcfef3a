import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?inline";
import siteCss from "./site.css?inline";
import { accessForPath } from "./access.ts";
import { CONTENT_ROLE, hasRole } from "./auth/roles.ts";
import { isPreviewPath } from "./content/public/preview.ts";
import { enforcePageAccess, pageRefusal } from "./auth/permissions.server.ts";
import { loadViewer, viewerContext } from "./auth/viewer.server.ts";
import { asOutageResponse, rethrowAsOutage } from "./db/outage.server.ts";
import { requestContext } from "./services.server.ts";
import { pagePath } from "./shared/page-path.ts";
import { setSiteTimeZone } from "./shared/dates.ts";
import { isStaticPage } from "./site/cached-pages.ts";
import { loadSiteChrome } from "./site/chrome.server.ts";
import { previewVersion } from "./content/public/preview.server.ts";
import { useNonce } from "./ui/nonce.tsx";
import { ErrorPage } from "./layout/error-page.tsx";
import type { RootData } from "./layout/root-data.ts";

/**
 * Every request: who is asking, then the access table's rule for this path (the page's row in
 * app/pages.ts), for loaders and actions alike. Loaders and actions that need the signed-in user
 * read it with `signedInUser`; they do not state the page's role again.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const info = context.get(requestContext);
    const viewer = await loadViewer(info.services, request.headers, info.clientIp).catch(rethrowAsOutage);
    context.set(viewerContext, viewer);
    const access = accessForPath(pagePath(new URL(request.url)).pathname);
    // A refused page never reaches the root loader, so its error carries the root's data: the
    // 403/404 page keeps the site's header and footer.
    const refusal = pageRefusal(access, viewer);
    enforcePageAccess(access, viewer, request, refusal?.kind === "error" ? { root: await rootData(context, request) } : {});
    const response = await next();
    // A loader met a database outage: its error page is a 503 (try again), not a 500.
    return response.status === 500 && info.dbOutage ? asOutageResponse(response) : response;
  },
];

type LoaderContext = Route.LoaderArgs["context"];

/**
 * Who is asking, the site's address (canonical URLs) and the header/footer content, for every
 * page; in an editor's preview, the header and footer with their drafts applied.
 */
async function rootData(context: LoaderContext, request: Request): Promise<RootData> {
  const viewer = context.get(viewerContext);
  const { services, requestId } = context.get(requestContext);
  const preview = isPreviewPath(new URL(request.url).pathname) && hasRole(viewer, CONTENT_ROLE);
  return {
    viewer: { email: viewer.user?.email ?? null, roles: viewer.roles },
    siteUrl: services.config.appUrl,
    timeZone: services.config.siteTimeZone,
    // A preview of an earlier version of the logo or a footer shows it in the header and footer too.
    chrome: await loadSiteChrome(services.db, { preview, version: preview ? await previewVersion(context, request).catch(() => undefined) : undefined }),
    requestId,
    ...(preview ? { preview } : {}),
  };
}

export const loader = ({ context, request }: Route.LoaderArgs) => rootData(context, request);

/**
 * The stylesheet goes inline into each page's head on the server: no render-blocking request
 * before the first paint. A page without JavaScript gets the public pages' sheet (app/site.css,
 * about 3 KB gzipped); a page with it the full one (app/app.css), which also holds every page it
 * may navigate to in the browser. The browser bundle leaves both out; hydration and later
 * navigations keep the server's <style> as it is.
 */
const sheets = import.meta.env.SSR ? { site: siteCss, app: appCss } : { site: "", app: "" };

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A static public page (site/cached-pages.ts) ships no JavaScript: its forms are plain posts.
  // An editor's preview of it keeps hydration.
  const matches = useMatches();
  const { pathname } = useLocation();
  const hydrate = !matches.some((m) => isStaticPage(m.handle)) || isPreviewPath(pathname);
  // Before any page renders: the browser shows dates in the site's zone, as the server did.
  const timeZone = useRouteLoaderData<RootData>("root")?.timeZone;
  if (timeZone) setSiteTimeZone(timeZone);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3730a3" />
        <link rel="icon" href="/images/favicon.svg" type="image/svg+xml" />
        {/* Zod's fast path probes `new Function`, which our CSP forbids (Chrome logs a violation); the browser does without it. */}
        {hydrate && <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} />}
        <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: hydrate ? sheets.app : sheets.site }} />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-ink antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        {children}
        {hydrate && <ScrollRestoration nonce={nonce} />}
        {hydrate && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
