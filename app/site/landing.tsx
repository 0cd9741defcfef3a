import type { ReactNode } from "react";
import type { SectionKey, SectionRecord } from "../content/registry/sections.ts";
import { About } from "./blocks/about.tsx";
import { Banner } from "./blocks/banner.tsx";
import { CallToAction } from "./blocks/call-to-action.tsx";
import { Contact } from "./blocks/contact.tsx";
import { Counters } from "./blocks/counters.tsx";
import { Experience } from "./blocks/experience.tsx";
import { Faq } from "./blocks/faq.tsx";
import { Features } from "./blocks/features.tsx";
import { Pricing } from "./blocks/pricing.tsx";
import { Services } from "./blocks/services.tsx";
import { Steps } from "./blocks/steps.tsx";
import { Team } from "./blocks/team.tsx";
import { Testimonials } from "./blocks/testimonials.tsx";
import { Video } from "./blocks/video.tsx";
import { WorkSteps } from "./blocks/work-steps.tsx";
import type { SiteChrome } from "./chrome.ts";
import { SITE_NAME } from "./seo.ts";
import type { PageBlockName } from "../content/registry/page-blocks.ts";

/**
 * The landing page, top to bottom: each entry names the sections it shows and the block that
 * shows them. The page loads exactly these sections (one query) and renders the blocks in this
 * order. A new section: its entry in content/registry/sections.ts, its block file, a line here, and its
 * demo content.
 */

/** What the landing page hands every block besides its sections' records. */
export interface LandingSlots {
  chrome: SiteChrome;
  /** The message form (from the inbox), placed by the contact block. */
  contactForm: ReactNode;
}

export type LandingBlockProps<K extends SectionKey> = LandingSlots & { content: { [S in K]: SectionRecord<S>[] } };

/** `name`: how a created page's Blocks field names it (content/registry/page-blocks.ts). */
const entry = <const K extends SectionKey>(name: PageBlockName | "banner", sections: readonly K[], Block: (props: LandingBlockProps<K>) => ReactNode) => ({ name, sections, Block });

export const landing = [
  entry("banner", ["banner"], ({ content }) => (content.banner[0] ? <Banner banner={content.banner[0]} /> : <h1 className="sr-only">{SITE_NAME}</h1>)),
  entry("services", ["serviceText", "serviceItems"], ({ content }) => <Services text={content.serviceText[0]} items={content.serviceItems} />),
  entry("about", ["about"], ({ content }) => <About about={content.about[0]} />),
  entry("counters", ["counters"], ({ content }) => <Counters counters={content.counters[0]} />),
  entry("features", ["featuresText", "featureItems"], ({ content }) => <Features text={content.featuresText[0]} items={content.featureItems} />),
  entry("video", ["videoText", "videoItems"], ({ content }) => <Video video={content.videoText[0]} items={content.videoItems} />),
  entry("work-steps", ["workSteps"], ({ content }) => <WorkSteps steps={content.workSteps} />),
  entry("experience", ["experience"], ({ content }) => <Experience experience={content.experience[0]} />),
  entry("pricing", ["pricingPlans"], ({ content }) => <Pricing plans={content.pricingPlans} />),
  entry("steps", ["steps"], ({ content }) => <Steps steps={content.steps} />),
  entry("team", ["teamText", "teamMembers"], ({ content }) => <Team text={content.teamText[0]} members={content.teamMembers} />),
  entry("testimonials", ["testimonialText", "testimonials"], ({ content }) => <Testimonials text={content.testimonialText[0]} items={content.testimonials} />),
  entry("faq", ["faqText", "faqItems"], ({ content }) => <Faq text={content.faqText[0]} items={content.faqItems} />),
  entry("call-to-action", ["callToAction"], ({ content }) => <CallToAction cta={content.callToAction[0]} />),
  entry("contact", ["contacts"], ({ content, chrome, contactForm }) => <Contact address={chrome.footerAddress} details={content.contacts} form={contactForm} />),
] as const;

export type LandingKey = (typeof landing)[number]["sections"][number];

/** Every section the landing page shows, for its one query. */
export const LANDING_SECTIONS: LandingKey[] = landing.flatMap((e) => e.sections);
