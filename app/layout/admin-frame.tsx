import { Form, Link, useLocation, useMatches } from "react-router";
import { SITE_NAME } from "../site/seo.ts";
import { DASHBOARD, screenAt, sidebarGroups } from "./admin-nav.ts";
import { useRootData } from "./root-data.ts";

/**
 * The admin area's own frame: a small top bar (site name, View site, Sign out), the sidebar of
 * every admin screen the viewer may open, and a breadcrumb back to the dashboard above each
 * screen. No public header, footer or newsletter. On a phone (768 px and narrower) the sidebar
 * folds into a Menu disclosure that opens and closes without JavaScript; wider, it stays open
 * beside the page (app.css).
 */

/**
 * A sub-screen (an edit screen, one message) names itself in the breadcrumb through its route
 * `handle`: `{ crumb: "Edit user" }`, or a function of its loader data.
 */
export interface AdminHandle {
  crumb?: string | ((data: unknown) => string | undefined);
}

type Crumb = { label: string; to?: string };

function useBreadcrumb(): Crumb[] {
  const { pathname } = useLocation();
  const leaf = useMatches().at(-1);
  const here = screenAt(pathname);
  const dashboard = { label: DASHBOARD.label, to: DASHBOARD.path };
  if (!here || here.screen === DASHBOARD) return here ? [{ label: DASHBOARD.label }] : [dashboard];
  if (here.exact) return [dashboard, { label: here.screen.label }];
  const handle = leaf?.handle as AdminHandle | undefined;
  const crumb = typeof handle?.crumb === "function" ? handle.crumb(leaf?.loaderData) : handle?.crumb;
  return [dashboard, { label: here.screen.label, to: here.screen.path }, ...(crumb ? [{ label: crumb }] : [])];
}

function Breadcrumb() {
  const crumbs = useBreadcrumb();
  return (
    <nav aria-label="Breadcrumb" className="mb-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-gray-700">
        {crumbs.map((crumb, i) => (
          <li key={`${i}-${crumb.label}`} className="flex items-center gap-x-2">
            {i > 0 && <span aria-hidden="true">/</span>}
            {crumb.to ? (
              <Link to={crumb.to} className="font-semibold text-brand-700 underline">
                {crumb.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-semibold text-ink">
                {crumb.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Sidebar() {
  const { viewer } = useRootData();
  const { pathname } = useLocation();
  const here = screenAt(pathname);
  const current = (screen: object) => (here?.screen === screen ? (here.exact ? ("page" as const) : ("true" as const)) : undefined);
  const link = (active: boolean) =>
    `block rounded-md px-3 py-2 text-sm ${active ? "bg-brand-50 font-semibold text-brand-800" : "text-gray-800 hover:bg-gray-100 hover:text-brand-700"}`;
  return (
    <nav aria-label="Admin" className="px-3 pb-6 pt-2 min-[769px]:pt-6">
      <Link to={DASHBOARD.path} aria-current={current(DASHBOARD)} className={link(Boolean(current(DASHBOARD)))}>
        {DASHBOARD.label}
      </Link>
      {sidebarGroups(viewer).map(({ group, screens }) => {
        const id = `admin-nav-${group.toLowerCase().replace(/\W+/g, "-")}`;
        return (
          <div key={group} className="mt-5">
            <p id={id} className="px-3 text-xs font-bold uppercase tracking-wide text-gray-700">
              {group}
            </p>
            <ul aria-labelledby={id} className="mt-1 space-y-0.5">
              {screens.map((screen) => (
                <li key={screen.path}>
                  <Link to={screen.path} aria-current={current(screen)} className={link(Boolean(current(screen)))}>
                    {screen.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}

export function AdminFrame({ children }: { children: React.ReactNode }) {
  // Keyed by the path: on a phone the Menu starts closed on the screen a link in it opened.
  const { pathname } = useLocation();
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Link to={DASHBOARD.path} className="rounded-md text-lg font-bold text-brand-700">
            {SITE_NAME} admin
          </Link>
          <div className="flex items-center gap-2">
            <Link to="/" className="inline-flex min-h-10 items-center rounded-md px-3 text-sm font-semibold text-brand-700 underline">
              View site
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="inline-flex min-h-10 items-center rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="min-[769px]:flex">
        <details key={pathname} className="admin-menu border-b border-gray-200 bg-white min-[769px]:w-64 min-[769px]:flex-none min-[769px]:border-b-0 min-[769px]:border-r">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 font-semibold text-ink">
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
            </svg>
            Menu
          </summary>
          <Sidebar />
        </details>
        <main id="main" className="min-w-0 flex-1 px-4 py-8 min-[769px]:px-8">
          <Breadcrumb />
          {children}
        </main>
      </div>
    </div>
  );
}
