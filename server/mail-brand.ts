import { getSingleton } from "~/content/content.server.ts";
import type { Db } from "~/db/db.server.ts";
import type { MailBrand } from "~/mail/template.ts";
import { parseMediaPath } from "~/media/media-url.ts";
import { SITE_NAME } from "~/site/seo.ts";

/** Image types mail clients show (Gmail and Outlook show no SVG, Outlook on Windows no WebP or AVIF). */
const MAIL_SAFE_IMAGE = /\.(png|jpe?g|gif)$/i;

/**
 * The brand of the HTML mail: the site's name, and the logo section's image when mail clients can
 * show it; otherwise the name stands in for it (the demo logo is an SVG). It lives here, where the
 * services are wired, and is handed to the mail delivery job: the mail folder imports no content,
 * since content already imports mail (folders import one way, docs/layers.md).
 */
export async function loadMailBrand(db: Db, appUrl: string): Promise<MailBrand> {
  const logo = (await getSingleton(db, "logo"))?.logo?.trim();
  return { name: SITE_NAME, appUrl, logo: logo ? mailLogo(logo) : undefined };
}

export function mailLogo(logo: string): MailBrand["logo"] {
  const path = logo.split(/[?#]/)[0] ?? "";
  if (!MAIL_SAFE_IMAGE.test(path)) return undefined;
  const media = parseMediaPath(path);
  return media ? { url: path, width: media.width, height: media.height } : { url: logo };
}
