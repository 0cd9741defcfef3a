import { useLocation } from "react-router";
import { SubscribeForm } from "../inbox/subscribe-form.tsx";
import type { SiteChrome } from "../site/chrome.ts";
import { telHref } from "../site/display.ts";
import { SITE_NAME } from "../site/seo.ts";
import { SITE_LINKS, SiteLogo } from "./site-header.tsx";

const icons = {
  YouTube:
    "M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.8zM9.6 15.6V8.4l6.3 3.6z",
  Facebook:
    "M24 12a12 12 0 1 0-13.9 11.9v-8.4H7.1V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12z",
  Instagram:
    "M12 2.2c3.2 0 3.6 0 4.8.1 3.3.1 4.8 1.7 4.9 4.9.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 3.2-1.7 4.8-4.9 4.9-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.1-4.8-1.7-4.9-4.9C2.2 15.6 2.2 15.2 2.2 12s0-3.6.1-4.8C2.4 3.9 3.9 2.4 7.2 2.3c1.2-.1 1.6-.1 4.8-.1zM12 0C8.7 0 8.3 0 7.1.1 2.7.3.3 2.7.1 7.1 0 8.3 0 8.7 0 12s0 3.7.1 4.9c.2 4.4 2.6 6.8 7 7 1.2.1 1.6.1 4.9.1s3.7 0 4.9-.1c4.4-.2 6.8-2.6 7-7 .1-1.2.1-1.6.1-4.9s0-3.7-.1-4.9c-.2-4.4-2.6-6.8-7-7C15.7 0 15.3 0 12 0zm0 5.8a6.2 6.2 0 1 0 0 12.4 6.2 6.2 0 0 0 0-12.4zM12 16a4 4 0 1 1 0-8 4 4 0 0 1 0 8zm6.4-11.8a1.4 1.4 0 1 0 0 2.9 1.4 1.4 0 0 0 0-2.9z",
} as const;

/** The three social links (YouTube, Facebook, Instagram), each named for screen readers. */
export function SocialLinks({ social }: { social: NonNullable<SiteChrome["footerSocial"]> }) {
  const links = [
    ["YouTube", social.youlink],
    ["Facebook", social.fblink],
    ["Instagram", social.inslink],
  ] as const;
  return (
    <ul className="flex gap-3">
      {links
        .filter(([, href]) => href)
        .map(([name, href]) => (
          <li key={name}>
            <a
              href={href}
              rel="me noopener"
              aria-label={`${SITE_NAME} on ${name}`}
              className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
            >
              <svg viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">
                <path d={icons[name]} />
              </svg>
            </a>
          </li>
        ))}
    </ul>
  );
}

/**
 * The footer of every page: logo and about text, the section links, the office address, the
 * subscribe form with the social links, and the copyright line. Sections with no content are
 * left out.
 */
export function SiteFooter({ chrome }: { chrome: SiteChrome }) {
  const { pathname } = useLocation();
  const { footerAbout, footerAddress, footerSocial } = chrome;
  const heading = "mb-3 text-base font-bold text-ink";
  return (
    <footer className="lazy-render border-t border-gray-200 bg-gray-50 text-gray-800">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <SiteLogo logo={chrome.logo} />
          {footerAbout && (
            <>
              <h2 className={`${heading} mt-4`}>{footerAbout.aboutFooterText}</h2>
              <p className="text-sm leading-relaxed">{footerAbout.aboutFooterDetails}</p>
            </>
          )}
        </div>
        <nav aria-label="Footer">
          <h2 className={heading}>Quick links</h2>
          <ul className="grid grid-cols-2 gap-x-4 text-sm sm:grid-cols-1">
            {SITE_LINKS.map(([label, href]) => (
              <li key={href}>
                <a href={href} className="inline-flex min-h-11 items-center hover:text-brand-700 hover:underline sm:min-h-0 sm:py-1.5">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {footerAddress && (
          <div>
            <h2 className={heading}>Office address</h2>
            <address className="space-y-2 text-sm not-italic">
              <p>{footerAddress.location}</p>
              <p>
                <a href={telHref(footerAddress.phoneNumber)} className="inline-block py-1 hover:text-brand-700 hover:underline">
                  {footerAddress.phoneNumber}
                </a>
              </p>
              <p>
                <a href={`mailto:${footerAddress.emailAddress}`} className="inline-block break-all py-1 hover:text-brand-700 hover:underline">
                  {footerAddress.emailAddress}
                </a>
              </p>
            </address>
          </div>
        )}
        <div>
          {pathname !== "/subscribe" && (
            <>
              <h2 className={heading}>Subscribe</h2>
              <SubscribeForm />
            </>
          )}
          {footerSocial && (
            <div className="mt-6">
              <p className="mb-3 text-sm font-semibold">{footerSocial.aboutText}</p>
              <SocialLinks social={footerSocial} />
            </div>
          )}
        </div>
      </div>
      {chrome.copyright && (
        <div className="border-t border-gray-200">
          <p className="mx-auto max-w-6xl px-4 py-5 text-center text-sm text-gray-700">{chrome.copyright}</p>
        </div>
      )}
    </footer>
  );
}
