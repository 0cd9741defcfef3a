import type { Db } from "../../db/db.server.ts";
import { isUniqueViolation, nowIso } from "../../db/db.server.ts";
import { runOnce } from "../../db/data-steps.server.ts";
import { newId } from "../../db/ids.server.ts";
import type { Logger } from "../../logger.server.ts";
import type { MediaLibrary } from "../../media/library.server.ts";
import type { Description } from "../../media/alt-text.ts";
import { PLAN_POINT_FIELDS, type PlanPointField } from "../registry/plans.ts";
import { SEO_SITE_PAGE_LABELS } from "../registry/seo-site-pages.ts";
import { findSection, type SectionKey, type SectionRecord, type Values } from "../registry/sections.ts";

/**
 * Believable content for every public section, so a fresh install shows a whole site instead of
 * an empty page. Written once, on the first start with an empty content table (DEMO_CONTENT=off
 * turns it off); admins then edit or replace it. Its images are the small SVGs in demo-images/,
 * put into the media library first, so they are library files like any upload.
 * The payment account is left out on purpose: a made-up receiver address must never take real
 * payments, so an admin sets it.
 */
/** A demo record: a section's fields, typed, without the id the database gives it. */
type DemoRecord<K extends SectionKey> = Omit<SectionRecord<K>, "_id">;
export type DemoContent = { [K in Exclude<SectionKey, "paymentAccount">]: DemoRecord<K>[] };

const planPoints = (points: string[]) => Object.fromEntries(PLAN_POINT_FIELDS.map((field, i) => [field, points[i] ?? ""])) as Record<PlanPointField, string>;

/** The demo images by name ("banner"), as shipped; bundled with the server. */
export const DEMO_IMAGES: Record<string, string> = Object.fromEntries(
  Object.entries(import.meta.glob<string>("./demo-images/*.svg", { query: "?raw", import: "default", eager: true })).map(([path, svg]) => [
    path.replace(/^.*\/|\.svg$/g, ""),
    svg,
  ]),
);

/** The demo content; `image` gives the address of a demo image by name. */
export function demoContent(image: (name: string) => string, year = new Date().getUTCFullYear()): DemoContent {
  return {
    logo: [{ logo: image("logo") }],
    banner: [
      {
        bannerHeading: "Get found on Google",
        bannerText: "by the customers who are searching for you",
        bannerDetails:
          "Rankwell is an SEO agency for small and growing businesses. We fix what holds your site back, write the pages your customers look for and earn the links that lift you up the results, with a clear monthly report of what changed.",
        imageOne: image("banner"),
        buttonText: "See our SEO plans",
        buttonURL: "/#pricing",
      },
    ],
    serviceText: [{ servicesubHeading: "What we do", serviceHeading: "SEO services that bring you more customers" }],
    serviceItems: [
      {
        serviceIcon: image("icon-keywords"),
        serviceTitle: "Keyword research",
        serviceDetails: "We find the searches your customers actually type, how many people make them and which ones you can realistically win.",
      },
      {
        serviceIcon: image("icon-onpage"),
        serviceTitle: "On-page optimisation",
        serviceDetails: "Titles, descriptions, headings and internal links tuned page by page, so search engines understand what each page is about.",
      },
      {
        serviceIcon: image("icon-technical"),
        serviceTitle: "Technical SEO",
        serviceDetails: "Speed, mobile layout, crawl errors, redirects and structured data: we fix the problems that stop Google from ranking you.",
      },
      {
        serviceIcon: image("icon-links"),
        serviceTitle: "Link building",
        serviceDetails: "Real links from relevant sites through outreach and digital PR. No link farms, no paid networks, nothing that risks a penalty.",
      },
      {
        serviceIcon: image("icon-local"),
        serviceTitle: "Local SEO",
        serviceDetails: "A complete Google Business Profile, consistent listings and local pages that put you on the map for nearby customers.",
      },
      {
        serviceIcon: image("icon-content"),
        serviceTitle: "Content writing",
        serviceDetails: "Helpful articles and landing pages written by specialists in your field, planned around the questions people ask.",
      },
    ],
    about: [
      {
        aboutText: "About Rankwell",
        aboutHeading: "A small team of search specialists on your side",
        aboutDetails:
          "Since 2014 we have helped more than three hundred shops, clinics, law firms and software companies grow their organic traffic. You work with the same two people every month, and every change we make is in your report.",
        aboutImgOne: image("about"),
        pointOne: "Technical SEO",
        pointTwo: "Keyword strategy",
        pointThree: "Link building",
        pointFour: "Monthly reports in plain English",
        pointFive: "No long contracts: cancel any month",
      },
    ],
    counters: [
      {
        happyClientsNumber: "320",
        happyClientsText: "Happy clients",
        projectCompleteNumber: "540",
        projectCompleteText: "Projects completed",
        yearofExperienceNumber: "12",
        yearofExperienceText: "Years of experience",
        teamNumber: "18",
        teamText: "Team members",
        winingAwardNumber: "9",
        winingAwardText: "Awards won",
      },
    ],
    featuresText: [{ FeaturesText: "Why Rankwell", FeaturesHeading: "Everything you need to win in search" }],
    featureItems: [
      {
        FeaturesImg: image("feature-1"),
        FeaturesIcon: image("icon-report"),
        FeaturesText: "Reports you can read",
        FeaturesDesc: "One page a month: rankings, traffic, leads and what we did. No jargon, no vanity numbers.",
      },
      {
        FeaturesImg: image("feature-2"),
        FeaturesIcon: image("icon-strategy"),
        FeaturesText: "A plan for your market",
        FeaturesDesc: "We study your competitors first and go after the searches where you can win fastest.",
      },
      {
        FeaturesImg: image("feature-3"),
        FeaturesIcon: image("icon-shield"),
        FeaturesText: "Safe, lasting results",
        FeaturesDesc: "We follow Google's guidelines to the letter, so your rankings survive every algorithm update.",
      },
    ],
    videoText: [
      {
        headingVideo: "How search works, explained by Google's own Search Central team",
        videoImage: image("video-cover"),
        videoLink: "https://www.youtube.com/@GoogleSearchCentral",
      },
    ],
    videoItems: [
      {
        videoItemIcon: image("icon-growth"),
        videoItemTitle: "Growth you can measure",
        videoItemDetails: "Our clients gain on average 68% more organic visits in their first year.",
      },
      {
        videoItemIcon: image("icon-people"),
        videoItemTitle: "Specialists, not generalists",
        videoItemDetails: "Technical, content and outreach experts work on your site together.",
      },
      {
        videoItemIcon: image("icon-chat"),
        videoItemTitle: "Real people, quick answers",
        videoItemDetails: "Email or call your account manager; we answer within one business day.",
      },
    ],
    workSteps: [
      {
        stepNumber: "1",
        stepTitle: "Audit",
        stepDetails: "We crawl your site, check your rankings and competitors and list every issue by impact.",
        stapIcon: image("icon-audit"),
      },
      {
        stepNumber: "2",
        stepTitle: "Strategy",
        stepDetails: "Together we agree the keywords, pages and links that matter most for your business.",
        stapIcon: image("icon-strategy"),
      },
      {
        stepNumber: "3",
        stepTitle: "Optimise",
        stepDetails: "We fix the technical issues, improve your pages, publish new content and build links.",
        stapIcon: image("icon-technical"),
      },
      {
        stepNumber: "4",
        stepTitle: "Report and grow",
        stepDetails: "Every month you get a clear report, and we adjust the plan to what the numbers say.",
        stapIcon: image("icon-report"),
      },
    ],
    steps: [
      { stepNumber: "1", stepTitle: "Choose a plan", stepDetails: "Basic, Standard or Premium: pick the package that fits your site and budget." },
      { stepNumber: "2", stepTitle: "Place your order", stepDetails: "Create an account, tell us your name and address, and confirm the order." },
      { stepNumber: "3", stepTitle: "Pay securely", stepDetails: "Pay with card or PayPal on PayPal's secure checkout page." },
      { stepNumber: "4", stepTitle: "We get to work", stepDetails: "Your account manager emails you within one business day to start the audit." },
    ],
    experience: [
      {
        experienceText: "Our experience",
        experienceHeading: "Twelve years of helping sites climb the results",
        experienceDetails:
          "We have worked through every major Google update since 2014. What lasts is simple: a fast, clear site, content that answers real questions and links that are earned.",
        skillOneText: "On-page optimisation",
        skillOneNumber: "85",
        skillTwoText: "Technical SEO",
        skillTwoNumber: "65",
        skillThreeText: "Link building",
        skillThreeNumber: "79",
      },
    ],
    pricingPlans: [
      {
        packageName: "Basic",
        packagePrice: "49",
        packageButtonText: "Start with Basic",
        mostPopular: "",
        deliveryDays: "14",
        ...planPoints([
          "SEO audit of up to 50 pages",
          "Research for 10 keywords",
          "On-page fixes for 5 pages",
          "Google Business Profile setup",
          "Google Search Console setup",
          "Monthly ranking report",
          "Email support",
        ]),
      },
      {
        packageName: "Premium",
        packagePrice: "199",
        packageButtonText: "Go Premium",
        mostPopular: "",
        deliveryDays: "30",
        ...planPoints([
          "SEO audit of up to 1,000 pages",
          "Research for 60 keywords",
          "On-page fixes for 40 pages",
          "Full technical SEO fixes",
          "8 articles written every month",
          "10 quality backlinks every month",
          "Competitor analysis",
          "Local SEO for 3 locations",
          "Dedicated account manager",
          "Weekly report and monthly call",
        ]),
      },
      {
        packageName: "Standard",
        packagePrice: "99",
        packageButtonText: "Choose Standard",
        mostPopular: "Yes",
        deliveryDays: "21",
        ...planPoints([
          "SEO audit of up to 250 pages",
          "Research for 25 keywords",
          "On-page fixes for 15 pages",
          "Technical SEO fixes",
          "2 articles written every month",
          "4 quality backlinks every month",
          "Monthly report and email support",
        ]),
      },
    ],
    teamText: [{ teamText: "Our team", teamHeading: "Meet the people behind your rankings" }],
    teamMembers: [
      { teamMemberImg: image("team-1"), teamMemberName: "Daniel Brooks", teamMemberTitle: "Founder and head of SEO" },
      { teamMemberImg: image("team-2"), teamMemberName: "Priya Raman", teamMemberTitle: "Technical SEO lead" },
      { teamMemberImg: image("team-3"), teamMemberName: "Marcus Webb", teamMemberTitle: "Content strategist" },
      { teamMemberImg: image("team-4"), teamMemberName: "Elena Petrova", teamMemberTitle: "Outreach and link building" },
    ],
    testimonialText: [{ testimonialText: "Testimonials", testimonialHeading: "What our clients say" }],
    testimonials: [
      {
        image: image("person-1"),
        personName: "Sarah Mitchell",
        personTitle: "Owner, Mitchell Family Dental",
        desc: "Within six months we went from page three to the top three for dentist searches in our town. New patient bookings from Google have doubled.",
      },
      {
        image: image("person-2"),
        personName: "James Okafor",
        personTitle: "Founder, Trailhead Outdoor Gear",
        desc: "Rankwell fixed technical problems two other agencies had missed. Our organic revenue is up 74% year on year, and the monthly report takes five minutes to read.",
      },
      {
        image: image("person-3"),
        personName: "Laura Chen",
        personTitle: "Marketing manager, Brightline Software",
        desc: "Clear plan, honest advice and no long contract. Their articles now bring us more demo requests than our paid ads.",
      },
    ],
    faqText: [{ faqText: "FAQ", faqHeading: "Questions we hear every week" }],
    faqItems: [
      {
        accodingTitle: "How long until I see results?",
        accodingText:
          "Technical fixes often show within weeks. Rankings for competitive keywords usually move in three to six months. Your monthly report shows the progress from the first month.",
      },
      {
        accodingTitle: "Do you guarantee first place on Google?",
        accodingText:
          "No honest agency can: Google decides the rankings. We promise the work in your plan, done well and reported every month, and we show you the results it brings.",
      },
      {
        accodingTitle: "Is there a long-term contract?",
        accodingText: "No. Plans are paid per order and you can stop at any time. Most clients stay because the numbers keep improving.",
      },
      {
        accodingTitle: "Which plan is right for me?",
        accodingText:
          "Basic suits small local businesses with a simple site. Standard suits growing sites that need content and links. Premium suits larger sites and competitive markets. Ask us if you are unsure.",
      },
      {
        accodingTitle: "How do I pay?",
        accodingText: "You order a plan after creating an account and pay on PayPal's secure checkout with a card or your PayPal balance. Prices are in US dollars.",
      },
    ],
    callToAction: [
      {
        heading: "Ready to grow your organic traffic?",
        subHeading: "Tell us about your site and get a free SEO check within two business days.",
        buttonText: "Ask for a free SEO check",
        buttonLink: "/contact",
      },
    ],
    contacts: [
      { contactImg: image("icon-clock"), contactTitle: "Office hours", contactDetails: "Monday to Friday, 9 am to 6 pm (Eastern Time)" },
      { contactImg: image("icon-chat"), contactTitle: "Quick answers", contactDetails: "We reply to every message within one business day" },
      { contactImg: image("icon-audit"), contactTitle: "Free SEO check", contactDetails: "Send us your web address and get a short audit for free" },
    ],
    footerAbout: [
      {
        aboutFooterText: "About Rankwell",
        aboutFooterDetails: "Rankwell is an SEO agency that helps small and growing businesses get found on Google, with clear plans, fair prices and honest reports.",
      },
    ],
    footerAddress: [{ phoneNumber: "+1 (212) 555-0147", emailAddress: "hello@rankwell.example", location: "85 Broad Street, New York, NY 10004" }],
    footerSocial: [
      {
        aboutText: "Follow us for weekly SEO tips",
        youlink: "https://www.youtube.com/",
        fblink: "https://www.facebook.com/",
        inslink: "https://www.instagram.com/",
      },
    ],
    copyright: [{ copyrightText: `© ${year} Rankwell. All rights reserved.` }],
    // One empty entry per page: the pages show what their content gives until an editor writes these.
    searchAppearance: SEO_SITE_PAGE_LABELS.map((page) => ({ page, metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", noindex: "" })),
    // Issue 23: one created page and two articles, so a fresh site shows /local-seo/ and /blog/.
    pages: [
      {
        slug: "local-seo",
        title: "Local SEO for small businesses",
        heroHeading: "Be the business nearby that people find first",
        heroText: "Most local searches end in a call or a visit the same day. We put your business in the map pack and at the top of the results for your town.",
        heroImage: image("feature-2"),
        blocks: "text\npricing\nfaq\ncall-to-action",
        body: "Local SEO is the work that makes a business show up when people nearby search for what it offers.\n\nWe tidy your business profile, make your name, address and phone number match everywhere, collect reviews and write a page for each place you serve.\n\n- A complete, verified business profile\n- Consistent listings in the directories that matter\n- A page for each town or district you serve",
        ...noSeo,
      },
    ],
    articles: [
      {
        slug: "how-long-does-seo-take",
        title: "How long does SEO take to work?",
        excerpt: "Technical fixes show within weeks; rankings for competitive keywords move in three to six months. Here is what happens month by month.",
        coverImage: image("feature-1"),
        body: [
          "Everyone who starts with SEO asks the same question: when will I see results? The honest answer is that it depends on where your site starts, how strong the competition is and how much work goes in each month. It still follows a pattern, and knowing it helps you judge whether a campaign is on track.",
          "## The first month",
          "We begin with an audit and fix what stops search engines from reading your site: broken links, slow pages, missing or repeated titles, pages blocked by mistake and redirects that lead nowhere. These changes are quick to make and often show within weeks, because search engines only need to crawl the site again to notice them. Pages that were hidden start to appear, and pages that were slow start to keep their visitors.",
          "## Months two to six",
          "New pages and earned links build up. We write pages for the searches your customers actually make, improve the pages you already have, and earn mentions from sites your market trusts. Rankings for **competitive keywords** usually move in this period, one step at a time rather than in one jump. Less contested searches, such as your own services in your own town, tend to move first.",
          "## After six months",
          "By now the work compounds. Each new page ranks faster than the last, because the site as a whole has earned trust. This is when most businesses see search become a steady source of enquiries instead of an occasional one.",
          "### What to watch",
          "- Impressions in Search Console: are more people seeing you?\n- Clicks from organic search: are they choosing you?\n- Calls and forms from those visitors: are they becoming customers?",
          "If impressions grow but clicks do not, the titles and descriptions need work. If clicks grow but enquiries do not, the pages need a clearer next step. Either way, the numbers tell you where to look, and your monthly report explains what we changed and why.",
        ].join("\n\n"),
        author: "Daniel Brooks",
        publishDate: "2026-03-02",
        tags: "seo basics, planning",
        ...noSeo,
      },
      {
        slug: "local-seo-checklist",
        title: "A local SEO checklist for small businesses",
        excerpt: "Ten things a local business can check in an afternoon to show up in the map pack and the local results.",
        coverImage: image("feature-2"),
        body: [
          "Local results are won on a few basics done well. Most small businesses that struggle in the map pack are not outranked by better businesses; they are outranked by businesses that filled in the details. This checklist takes an afternoon and costs nothing but attention.",
          "## Your business profile",
          "- Choose the right primary category: it matters more than any other field\n- Add your opening hours, including holidays, so nobody finds a closed door\n- Upload real photos of your premises, your team and your work\n- Answer every review, the good and the bad, politely and within a few days\n- Post an update or an offer at least once a month",
          "Search engines favour profiles that look cared for. A profile with current hours, recent photos and answered reviews tells them the business is open and trusted by the people who use it.",
          "## Your listings elsewhere",
          "Your name, address and phone number should be written the same way everywhere: on your site, in your profile and in the directories of your trade and your town. Small differences, such as an old address or a different phone number, make search engines unsure which details are right. Search for your business name and correct every listing that is out of date.",
          "## Your site",
          "- One page per location, with its address, opening hours and a map\n- Your phone number as text, not only in an image, so phones can call it with one tap\n- A title on each page that names the service and the town\n- Directions, parking and the landmarks people know",
          "## Reviews that keep coming",
          "Ask every happy customer for a review, at the moment they are happiest: when the job is done. A short link in your thank-you message is enough. A steady trickle of new reviews does more than a burst once a year.",
          "Read more on our [local SEO page](/local-seo/), or send us a message and we will check your profile for free.",
        ].join("\n\n"),
        author: "Priya Raman",
        publishDate: "2026-04-14",
        tags: "local seo, seo basics",
        ...noSeo,
      },
    ],
  };
}

/** Demo pages and articles leave their search fields empty: the content fills title and description. */
const noSeo = { metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", noindex: "" };

export const DEMO_AUTHOR = "demo-content";

/**
 * Fills the content table with the demo content when it is empty, in one transaction. Returns
 * whether it wrote anything. Two instances starting together on one PostgreSQL: the singletons'
 * unique key lets only one transaction commit; the other rolls back and is ignored.
 */
export async function seedDemoContent(db: Db, media: MediaLibrary, log?: Pick<Logger, "info" | "error">): Promise<boolean> {
  const existing = await db.selectFrom("content_items").select("id").limit(1).executeTakeFirst();
  if (existing) return false;
  const urls = await importDemoImages(media, Object.keys(DEMO_IMAGES));
  const content = demoContent((name) => urls.get(name)!);
  const now = nowIso();
  const rows = Object.entries(content).flatMap(([section, records]) =>
    (records as Values[]).map((values, index) => ({
      id: newId(),
      section,
      singleton_key: isSingleton(section) ? section : null,
      position: index + 1,
      data: JSON.stringify(values),
      created_at: now,
      updated_at: now,
      updated_by: DEMO_AUTHOR,
    })),
  );
  try {
    await db.transaction().execute(async (trx) => {
      // Checked again inside the transaction, so a concurrent first start adds nothing twice.
      const again = await trx.selectFrom("content_items").select("id").limit(1).executeTakeFirst();
      if (again) throw new AlreadySeeded();
      // Several small inserts: one huge multi-row insert could pass SQLite's variable limit.
      for (let i = 0; i < rows.length; i += 20) await trx.insertInto("content_items").values(rows.slice(i, i + 20)).execute();
      // Each record's history starts with the demo version, so it can be restored later.
      const revisions = rows.map((row) => ({
        id: newId(),
        record_id: row.id,
        section: row.section,
        action: "imported" as const,
        note: "Demo content",
        before: null,
        after: row.data,
        created_at: now,
        created_by: DEMO_AUTHOR,
      }));
      for (let i = 0; i < revisions.length; i += 20) await trx.insertInto("content_revisions").values(revisions.slice(i, i + 20)).execute();
    });
  } catch (error) {
    if (error instanceof AlreadySeeded || isUniqueViolation(error)) return false;
    throw error;
  }
  log?.info(`demo content: filled ${Object.keys(content).length} sections (${rows.length} records); set DEMO_CONTENT=off to start empty`);
  return true;
}

class AlreadySeeded extends Error {}

const isSingleton = (section: string) => findSection(section)?.kind === "singleton";

/**
 * What each demo image shows, as its alt text in the library; the icons sit beside a title that
 * says it all, so they are decorative (alt=""). A fresh demo site's SEO report then finds no image
 * without alt text.
 */
const DEMO_IMAGE_ALT: Record<string, string> = {
  logo: "Rankwell",
  banner: "A rising search ranking chart beside a magnifying glass",
  about: "An SEO specialist reviewing a site's search performance on a laptop",
  "feature-1": "A monthly SEO report with traffic and ranking charts",
  "feature-2": "A map of a local market with the business pinned at the centre",
  "feature-3": "A shield over a steadily rising ranking line",
  "video-cover": "Our team explaining how an SEO campaign runs, video cover",
  "person-1": "Sarah Mitchell",
  "person-2": "James Okafor",
  "person-3": "Laura Chen",
  "team-1": "Daniel Brooks, founder and head of SEO",
  "team-2": "Priya Raman, technical SEO lead",
  "team-3": "Marcus Webb, content strategist",
  "team-4": "Elena Petrova, outreach and link building",
};
const demoDescription = (name: string): Description => (DEMO_IMAGE_ALT[name] ? { alt: DEMO_IMAGE_ALT[name] } : { decorative: true });

/** Puts demo images into the library (the same bytes again are the same file): their addresses by name. */
async function importDemoImages(media: MediaLibrary, names: string[]): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const name of names) {
    const { file } = await media.addFile({ fileName: `${name}.svg`, bytes: Buffer.from(DEMO_IMAGES[name]!, "utf8") }, DEMO_AUTHOR, undefined, demoDescription(name));
    urls.set(name, file.url);
  }
  return urls;
}

const LEGACY_PATH = /^\/images\/([a-z0-9-]+)\.svg$/;

/**
 * The demo image adoption below, once per database: on the first start of this version (a
 * database an older version made gets it then), never again. It is a data step rather than a
 * migration because it puts files into the media library (which may keep them in a bucket), a
 * service migrations do not have; `runOnce` records it as done, so later starts do not scan the
 * content for old paths. New versions never write such paths (an image field names a library file
 * or a full address), so there is nothing to look for afterwards.
 */
export const adoptDemoImagesOnce = (db: Db, media: MediaLibrary, log?: Pick<Logger, "info">): Promise<boolean> =>
  runOnce(db, "adopt_demo_images", () => adoptDemoImages(db, media, log));

/**
 * Sites seeded before the media library hold the demo images as /images/<name>.svg, files that no
 * longer ship. Their records are pointed at the same images in the library. Each record is
 * rewritten only if it is still as read (an edit in between wins), and a second run finds nothing
 * left to do.
 */
async function adoptDemoImages(db: Db, media: MediaLibrary, log?: Pick<Logger, "info">): Promise<number> {
  const rows = await db.selectFrom("content_items").select(["id", "section", "data"]).where("data", "like", "%/images/%").execute();
  const wanted = (value: string | undefined) => {
    const name = value && LEGACY_PATH.exec(value)?.[1];
    return name && name in DEMO_IMAGES ? name : undefined;
  };
  const legacy = rows.flatMap((row) => {
    const record = JSON.parse(row.data) as Values;
    const fields = Object.entries(findSection(row.section)?.fields ?? {}).filter(([name, f]) => f.kind === "image" && wanted(record[name]));
    return fields.length ? [{ row, record, fields: fields.map(([name]) => name) }] : [];
  });
  if (legacy.length === 0) return 0;
  const urls = await importDemoImages(media, [...new Set(legacy.flatMap(({ record, fields }) => fields.map((f) => wanted(record[f])!)))]);
  let changed = 0;
  for (const { row, record, fields } of legacy) {
    for (const field of fields) record[field] = urls.get(wanted(record[field])!)!;
    const result = await db.updateTable("content_items").set({ data: JSON.stringify(record) }).where("id", "=", row.id).where("data", "=", row.data).executeTakeFirst();
    changed += Number(result.numUpdatedRows);
  }
  log?.info(`demo images: ${changed} records now use the media library's copies`);
  return changed;
}
