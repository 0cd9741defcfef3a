import { Link } from "react-router";
import { ANY_ROLE, hasRole } from "../auth/roles.ts";
import { parseMediaPath, srcSet } from "../media/media-url.ts";
import { SITE_NAME } from "../site/seo.ts";
import type { RootData } from "./root-data.ts";

/** The landing page's sections, as the header and footer link to them (spec wording). */
export const SECTION_ANCHORS = [
  ["Homes", "/#home"],
  ["Services", "/#services"],
  ["About Us", "/#about"],
  ["Pricing", "/#pricing"],
  ["Testimonial", "/#testimonial"],
  ["Contact Us", "/#contact"],
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
          className="h-9 w-auto"
        />
      ) : (
        SITE_NAME
      )}
    </Link>
  );
}

/**
 * The site header of the spec: logo, anchor links, Dashboard (signed in) or Log in, and Admin
 * only when the server says the signed-in person is an admin.
 */
export function SiteHeader({ viewer, logo }: { viewer: RootData["viewer"]; logo?: string }) {
  const button = "inline-flex min-h-10 items-center rounded-md px-4 py-2 text-sm font-semibold";
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <SiteLogo logo={logo} />
        <nav aria-label="Main" className="order-3 w-full lg:order-none lg:w-auto">
          <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm font-medium text-gray-800">
            {SECTION_ANCHORS.map(([label, href]) => (
              <li key={href}>
                <a href={href} className="inline-block whitespace-nowrap rounded py-1 hover:text-brand-700 hover:underline">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {hasRole(viewer, ANY_ROLE) && (
            <Link to="/admin" className={`${button} border border-brand-700 text-brand-700 hover:bg-brand-50`}>
              Admin
            </Link>
          )}
          {viewer.email ? (
            <Link to="/dashboard" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              Dashboard
            </Link>
          ) : (
            <Link to="/login" className={`${button} bg-brand-700 text-white hover:bg-brand-800`}>
              Log in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
