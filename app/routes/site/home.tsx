import { loadSections } from "~/content/content.server.ts";
import { ContactForm } from "~/inbox/contact-form.tsx";
import { LANDING_POINTS, planPoints, pointLimit } from "~/site/display.ts";
import { JsonLd } from "~/site/json-ld.tsx";
import { LANDING_SECTIONS, landing } from "~/site/landing.tsx";
import { faqLd, graphLd, offersLd, organizationLd, pageMeta, SITE_NAME, siteUrlFrom } from "~/site/seo.ts";
import { requestContext } from "~/services.server.ts";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import type { Route } from "./+types/home";

/** All landing content in one query, rendered on the server: the page needs no fetch in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return loadSections(services.db, LANDING_SECTIONS);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const banner = loaderData?.banner[0];
  const title = banner ? `${SITE_NAME} | ${banner.bannerHeading}` : `${SITE_NAME} | SEO services in three simple packages`;
  return pageMeta({
    siteUrl: siteUrlFrom(matches),
    path: "/",
    title,
    description: banner?.bannerDetails || `${SITE_NAME} grows your search traffic with Basic, Premium and Standard SEO packages.`,
    image: banner?.imageOne,
    imageAlt: banner?.bannerHeading,
  });
};

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
    ...offersLd(siteUrl, s.pricingPlans, (plan) => planPoints(plan, pointLimit(LANDING_POINTS, plan))),
    faqLd(s.faqItems),
  ]);
  const contactForm = <ContactForm />;
  return (
    <>
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main">
        {landing.map(({ sections, Block }) => (
          <Block key={sections.join()} content={s} chrome={chrome} contactForm={contactForm} />
        ))}
      </main>
      <SiteFooter chrome={chrome} />
      <JsonLd data={structured} />
    </>
  );
}
