import { loadSections } from "~/content/content.server.ts";
import { About, Banner, CallToAction, Contact, Counters, Experience, Faq, Features, Pricing, Services, Steps, Team, Testimonials, Video, WorkSteps } from "~/site/blocks.tsx";
import { LANDING_POINTS, planPoints, pointLimit } from "~/site/format.ts";
import { JsonLd } from "~/site/json-ld.tsx";
import { faqLd, graphLd, offersLd, organizationLd, pageMeta, SITE_NAME, siteUrlFrom } from "~/site/seo.ts";
import { requestContext } from "~/services.server.ts";
import { useRootData } from "~/layout/root-data.ts";
import { SiteFooter } from "~/layout/site-footer.tsx";
import { SiteHeader } from "~/layout/site-header.tsx";
import type { Route } from "./+types/home";

/** Every section the landing page shows (header and footer content comes with the root route). */
const LANDING_SECTIONS = [
  "banner",
  "serviceText",
  "serviceItems",
  "about",
  "counters",
  "featuresText",
  "featureItems",
  "videoText",
  "videoItems",
  "workSteps",
  "steps",
  "experience",
  "pricingPlans",
  "teamText",
  "teamMembers",
  "testimonialText",
  "testimonials",
  "faqText",
  "faqItems",
  "callToAction",
  "contacts",
] as const;

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
  const first = <K extends keyof typeof s>(key: K) => s[key][0] as (typeof s)[K][number] | undefined;
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
  const banner = first("banner");
  return (
    <>
      <SiteHeader viewer={viewer} logo={chrome.logo} />
      <main id="main">
        {banner ? <Banner banner={banner} /> : <h1 className="sr-only">{SITE_NAME}</h1>}
        <Services text={first("serviceText")} items={s.serviceItems} />
        <About about={first("about")} />
        <Counters counters={first("counters")} />
        <Features text={first("featuresText")} items={s.featureItems} />
        <Video video={first("videoText")} items={s.videoItems} />
        <WorkSteps steps={s.workSteps} />
        <Experience experience={first("experience")} />
        <Pricing plans={s.pricingPlans} limits={LANDING_POINTS} />
        <Steps steps={s.steps} />
        <Team text={first("teamText")} members={s.teamMembers} />
        <Testimonials text={first("testimonialText")} items={s.testimonials} />
        <Faq text={first("faqText")} items={s.faqItems} />
        <CallToAction cta={first("callToAction")} />
        <Contact address={chrome.footerAddress} details={s.contacts} />
      </main>
      <SiteFooter chrome={chrome} />
      <JsonLd data={structured} />
    </>
  );
}
