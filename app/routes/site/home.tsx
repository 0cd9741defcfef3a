import { data } from "react-router";
import { loadPageSections } from "~/content/public/pages.server.ts";
import { PREVIEW_HEADERS } from "~/content/public/preview.ts";
import { PreviewNotice } from "~/content/public/preview-notice.tsx";
import { previewOptions } from "~/content/public/preview.server.ts";
import { ContactForm } from "~/inbox/contact-form.tsx";
import { planPoints } from "~/site/display.ts";
import { JsonLd } from "~/site/json-ld.tsx";
import { LANDING_SECTIONS, landing } from "~/site/landing.tsx";
import { faqLd, graphLd, offersLd, organizationLd, siteUrlFrom } from "~/site/seo.ts";
import { homeFallback, sitePageMeta } from "~/site/site-seo.ts";
import { requestContext } from "~/services.server.ts";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import type { Route } from "./+types/home";

/**
 * All landing content in one query, rendered on the server: the page needs no fetch in the
 * browser. The same module serves an editor's preview (content/public/preview.ts) with drafts applied.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const options = await previewOptions(context, request);
  const { preview } = options;
  const { services } = context.get(requestContext);
  const sections = await loadPageSections(services.db, [...LANDING_SECTIONS, "searchAppearance"], options);
  return data({ ...sections, preview }, { headers: preview ? PREVIEW_HEADERS : {} });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  sitePageMeta(loaderData?.preview, { siteUrl: siteUrlFrom(matches), path: "/", ...homeFallback(loaderData?.banner[0]) }, loaderData?.searchAppearance);

export default function Home({ loaderData: s }: Route.ComponentProps) {
  const { viewer, chrome, siteUrl } = useRootData();
  const structured = graphLd([
    organizationLd({
      siteUrl,
      logo: chrome.logo,
      description: chrome.footerAbout?.aboutFooterDetails,
      address: chrome.footerAddress,
      social: chrome.footerSocial,
    }),
    ...offersLd(siteUrl, s.pricingPlans, planPoints),
    faqLd(s.faqItems),
  ]);
  const contactForm = <ContactForm />;
  return (
    <>
      {s.preview && <PreviewNotice />}
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main" className="lazy-sections">
        {landing.map(({ sections, Block }) => (
          <Block key={sections.join()} content={s} chrome={chrome} contactForm={contactForm} />
        ))}
      </main>
      <SiteFooter chrome={chrome} />
      <JsonLd data={structured} />
    </>
  );
}

/** No JavaScript: served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
