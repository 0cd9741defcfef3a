import { loadPageSections, type PreviewOptions } from "../content/public/pages.server.ts";
import type { Db } from "../db/db.server.ts";
import type { SiteChrome } from "./chrome.ts";

const CHROME_SECTIONS = ["logo", "footerAbout", "footerAddress", "footerSocial", "copyright"] as const;

/** What the header and footer of every page show, in one query (indexed on section); drafts applied in a preview. */
export async function loadSiteChrome(db: Db, options: PreviewOptions = {}): Promise<SiteChrome> {
  const s = await loadPageSections(db, CHROME_SECTIONS, options);
  return {
    logo: s.logo[0]?.logo || undefined,
    footerAbout: s.footerAbout[0],
    footerAddress: s.footerAddress[0],
    footerSocial: s.footerSocial[0],
    copyright: s.copyright[0]?.copyrightText || undefined,
  };
}
