import { Form, Link, useLocation, useSearchParams } from "react-router";
import { ANY_ROLE, hasRole } from "../auth/roles.ts";
import { parseMediaPath, srcSet } from "../media/media-url.ts";
import { SITE_NAME } from "../site/seo.ts";
import type { RootData } from "./root-data.ts";

/**
 * The site's main links, in the header and the footer: the landing page, its own pages for
 * services and pricing, the blog, and the landing page's about, testimonial and contact sections.
 */
export const SITE_LINKS = [
  ["Home", "/"],
  ["Services", "/service/"],
  ["About us", "/#about"],
  ["Pricing", "/pricing/"],
  ["Blog", "/blog/"],
  ["Testimonials", "/#testimonial"],
  ["Contact us", "/#contact"],
] as const;

/** The logo's height on the page (h-9); its width follows the image's proportions. */
const LOGO_HEIGHT = 36;

/** The site's logo (from the logo section) or its name; always a link home. */
export function SiteLogo({ logo, className = "" }: { logo?: string; className?: string }) {
  // A library logo knows its size (from its URL), so its box is reserved at the right width.
  const media = logo ? parseMediaPath(logo) : undefined;
  const set = media && srcSet(media);
  return (
    <Link to="/" className={`inline-flex items-center rounded-md text-xl font-bold text-brand-700 ${className}`}>
      {logo ? (
        <img
          src={logo}
          srcSet={set}
          sizes={set && media ? `${Math.ceil((LOGO_HEIGHT * media.width) / media.height)}px` : undefined}
          alt={`${SITE_NAME} home`}
          width={media?.width ?? 168}
          height={media?.height ?? 40}
          // On a phone a role holder's header holds Menu, Admin and Account too: the logo gives way (scaled, never cropped).
          className="h-9 w-auto max-w-full object-contain object-left"
        />
      ) : (
        SITE_NAME
      )}
    </Link>
  );
}

/** A header control on a phone: at least 44 px tall (WCAG 2.5.5 target size). */
const control = "inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold";
const menuPanel = "absolute top-full z-10 mt-px rounded-b-lg border border-gray-200 bg-white p-2 shadow-lg";
const menuItem = "flex min-h-11 w-full items-center rounded-md px-3 text-left text-sm font-medium text-gray-800 hover:bg-brand-50 hover:text-brand-700";

const closeMenu = (event: React.MouseEvent<HTMLElement>) => event.currentTarget.closest("details")?.removeAttribute("open");

function MenuIcon() {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
    </svg>
  );
}

/**
 * The main links. On a phone they fold into a Menu disclosure (a <details>: it opens without
 * JavaScript, which the public pages do not load); from 1024 px on they sit in the header row
 * and the Menu button is hidden (app.css, .site-menu).
 */
function MainMenu() {
  return (
    <details className="site-menu">
      <summary className={`${control} cursor-pointer gap-2 text-ink lg:hidden`}>
        <MenuIcon />
        Menu
      </summary>
      <nav aria-label="Main" className={`${menuPanel} inset-x-0 lg:static lg:m-0 lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none`}>
        <ul className="flex flex-col lg:flex-row lg:gap-x-1">
          {SITE_LINKS.map(([label, href]) => (
            <li key={href}>
              {/* Where the page has JavaScript, an anchor on the same page also closes the Menu. */}
              <a href={href} onClick={closeMenu} className={`${menuItem} whitespace-nowrap lg:px-2`}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}

/**
 * The signed-in person's menu: Admin (for a role), Dashboard, My orders and Sign out. It renders
 * only for a signed-in request; those pages are never page-cached, so a cached page carries no
 * one's menu.
 */
function AccountMenu({ viewer }: { viewer: RootData["viewer"] }) {
  return (
    <details className="account-menu relative">
      <summary className={`${control} cursor-pointer gap-1 bg-brand-700 text-white hover:bg-brand-800`}>
        Account
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M5 7l5 6 5-6z" />
        </svg>
      </summary>
      <div className={`${menuPanel} right-0 w-64 rounded-lg`}>
        <p className="px-3 py-2 text-xs wrap-anywhere text-gray-700">Signed in as {viewer.email}</p>
        <ul>
          {hasRole(viewer, ANY_ROLE) && (
            <li>
              <Link to="/admin" className={menuItem}>
                Admin
              </Link>
            </li>
          )}
          <li>
            <Link to="/dashboard" className={menuItem}>
              Dashboard
            </Link>
          </li>
          <li>
            <Link to="/my-order" className={menuItem}>
              My orders
            </Link>
          </li>
          <li>
            <Link to="/account" className={menuItem}>
              Account and security
            </Link>
          </li>
          <li>
            <Form method="post" action="/logout">
              <button type="submit" className={menuItem}>
                Sign out
              </button>
            </Form>
          </li>
        </ul>
      </div>
    </details>
  );
}

/**
 * A newcomer's welcome, after registering (auth's WELCOME_HOME adds `?welcome=1`): it says the
 * account is ready and where to go next. Only a signed-in request renders it.
 */
function Welcome({ email }: { email: string }) {
  const [params] = useSearchParams();
  if (params.get("welcome") !== "1") return null;
  return (
    <div className="border-t border-green-700 bg-green-50 text-green-950">
      <p role="status" className="mx-auto max-w-6xl px-4 py-2 text-sm">
        <strong>Welcome to {SITE_NAME}!</strong> Your account {email} is ready.{" "}
        <Link to="/pricing/" className="font-semibold underline">
          Choose a plan
        </Link>{" "}
        or open{" "}
        <Link to="/dashboard" className="font-semibold underline">
          your dashboard
        </Link>
        .
      </p>
    </div>
  );
}

/**
 * The site header: logo, the main links, Admin for role holders, and the account menu (signed in) or Log in. Sticky and
 * compact, so the way around stays in reach on a long page. The menus are keyed by the path: after
 * a link inside them is followed, they start closed on the next page.
 */
export function SiteHeader({ viewer, logo }: { viewer: RootData["viewer"]; logo?: string }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-1.5 lg:gap-4 lg:py-3">
        <SiteLogo logo={logo} className="mr-auto min-h-11 min-w-0 shrink" />
        <MainMenu key={`main-${pathname}`} />
        {hasRole(viewer, ANY_ROLE) && (
          // Role holders' work is in the admin area: a link of its own, not only inside the Account menu.
          <Link to="/admin" className={`${control} border border-brand-700 text-brand-700 hover:bg-brand-50`}>
            Admin
          </Link>
        )}
        {viewer.email ? (
          <AccountMenu key={`account-${pathname}`} viewer={viewer} />
        ) : (
          <Link to="/login" className={`${control} bg-brand-700 px-4 text-white hover:bg-brand-800`}>
            Log in
          </Link>
        )}
      </div>
      {viewer.email && <Welcome email={viewer.email} />}
    </header>
  );
}
