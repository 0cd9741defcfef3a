import type { SectionRecord } from "../content/registry/sections.ts";

/** The header's and footer's content, loaded by the root route for every page. */
export interface SiteChrome {
  logo?: string;
  footerAbout?: SectionRecord<"footerAbout">;
  footerAddress?: SectionRecord<"footerAddress">;
  footerSocial?: SectionRecord<"footerSocial">;
  copyright?: string;
}
