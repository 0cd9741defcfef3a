import { CONTENT_ROLE, type Role } from "../../auth/roles.ts";
import { formatPrice } from "../../shared/money.ts";
import { MOST_POPULAR, PLAN_NAMES, PLAN_POINT_FIELDS, type PlanPointField } from "./plans.ts";
import { stepLabel } from "./step-order.ts";
import { articleBody, blocks, choice, date, email, type FieldDef, formatted, image, longText, number, slug, tags, text, url } from "./fields.ts";
import { PAGE_BLOCK_NAMES } from "./page-blocks.ts";
import { seoFields } from "./seo-fields.ts";
import { SEO_SITE_PAGE_LABELS, seoSitePath } from "./seo-site-pages.ts";
import { articlePath, pagePath } from "./slugs.ts";
import type { ImageFacts } from "../../media/alt-text.ts";

/** A record's field values by field name, as stored: every value is text (registry/fields.ts). */
export type Values = Record<string, string>;

/**
 * Every content section of the site, once, as data. From each entry come its zod schema, its
 * JSON API routes (the spec's exact paths), its admin screens, its success texts and the typed
 * values the public pages render. Field names, paths and texts are the spec's, spellings included.
 * Calls the spec does not name (marked "gap") fill what an editor needs; see
 * docs/decisions/0002-content-registry.md.
 */
export interface SectionDef<F extends Record<string, FieldDef> = Record<string, FieldDef>> {
  key: string;
  label: string;
  kind: "singleton" | "list";
  /** The admin page: singleton -> create form or edit link; list -> add form and entries. */
  adminPath: string;
  /** The edit screen of one record. */
  editPath: string;
  /** Further paths that open the same edit screen (the spec names two for service items). */
  aliasEditPaths?: string[];
  api: { list: string; one: string; create: string; update: string; remove?: string; reorder?: string };
  saved: { create: string; update: string };
  fields: F;
  /** Who may read it through the API; only the payment account is private. */
  read: "public" | Role;
  /** Who may create, edit, reorder and delete it (API and admin screens); the access table reads this. */
  write: Role;
  /**
   * Whether the admin screens save drafts that are published later (the public site's content) or
   * save at once (a setting such as the payment account). History is kept either way.
   */
  drafts: boolean;
  /** How the admin screens show it. */
  admin: AdminDisplay;
  /** Fields no two published records of the list may share (content/workflow/unique.server.ts). */
  unique?: readonly string[];
  /**
   * For a record that is a public document of its own (a created page, an article): its address,
   * from its values. A published change of it leaves a redirect from the old address
   * (workflow/revisions.server.ts), and the sitemap and page cache list it.
   */
  publicPath?: (values: Values) => string;
  /** The audit log files its changes as content unless this names their own kind. */
  auditKind?: "payment-account";
  /**
   * A key to the business (who receives the money): a change needs a recent confirmation that it
   * is the person (auth/confirmation.ts) and is mailed to every Admin (content/workflow/sensitive.server.ts).
   */
  sensitive?: true;
}

/** Per-section display settings of the admin screens, so their code names no section. */
export interface AdminDisplay {
  /** The field that names a list entry; without it, the entry's first filled text or choice field. */
  titleField?: string;
  /** A short second line under a list entry's title (a plan's price, a step's place); `place` is its 0-based place among published entries, -1 for one not yet published. */
  detail?: (record: Values, place: number) => string;
  /** List entries as cards in a grid rather than one column. */
  grid?: boolean;
  /** The admin sidebar group of the section's page; "Content" unless said. */
  navGroup?: "Content" | "Settings";
  /**
   * The public path a record's SEO fields are for, shown by the search-result preview
   * (content/admin/serp-preview.tsx), when the record is not itself at that path (the spec pages'
   * search appearance); a page's or an article's own address is `publicPath` of the section.
   */
  publicPath?: (record: Values) => string | undefined;
}

type Base<F extends Record<string, FieldDef>> = Omit<SectionDef<F>, "kind" | "read" | "write" | "saved" | "admin" | "drafts"> & {
  drafts?: boolean;
  read?: "public" | Role;
  write?: Role;
  saved: string | { create: string; update: string };
  admin?: AdminDisplay;
};

const savedTexts = (saved: string | { create: string; update: string }) => (typeof saved === "string" ? { create: saved, update: saved } : saved);

function singleton<F extends Record<string, FieldDef>>(def: Base<F>): SectionDef<F> {
  return { ...def, kind: "singleton", read: def.read ?? "public", write: def.write ?? CONTENT_ROLE, drafts: def.drafts ?? true, saved: savedTexts(def.saved), admin: def.admin ?? {} };
}

/** Lists also get delete (`DELETE` on the record's path) and reorder (`PUT /reorder/<list>`). */
function list<F extends Record<string, FieldDef>>(def: Base<F>): SectionDef<F> {
  return {
    ...def,
    kind: "list",
    read: def.read ?? "public",
    write: def.write ?? CONTENT_ROLE,
    drafts: def.drafts ?? true,
    saved: savedTexts(def.saved),
    admin: def.admin ?? {},
    api: { ...def.api, remove: def.api.one, reorder: `/reorder${def.api.list}` },
  };
}


/** A plan's points: "Point 1" (required) to "Point 10". */
const planPointFields = Object.fromEntries(PLAN_POINT_FIELDS.map((name, i) => [name, text(`Point ${i + 1}`, { optional: i > 0 })])) as Record<PlanPointField, FieldDef>;

/** "Step 03": the detail line of a step in the admin list, numbered by its place as the site numbers it. */
const stepDetail = (_record: Values, place: number) => (place < 0 ? "Added at the end when published" : `Step ${stepLabel(place)}`);

/** The step number the spec's API carries; the list's order, not this number, orders the site. */
const stepNumberField = number("Step number", { min: 1, upper: 99 }, { optional: true, hint: "The site numbers steps in the list's order: use Move up and Move down to change it." });

export const sections = {
  banner: singleton({
    key: "banner",
    label: "Banner",
    adminPath: "/edit-banner",
    editPath: "/banner/:id",
    api: { list: "/banner", one: "/banner/:id", create: "/add-banner", update: "/update-banner/:id" },
    saved: "Banner is Updated",
    fields: {
      bannerHeading: text("Heading"),
      bannerText: text("Highlighted text"),
      bannerDetails: formatted("Details"),
      imageOne: image("Image"),
      buttonText: text("Button text", { max: 60 }),
      buttonURL: url("Button link"),
    },
  }),
  logo: singleton({
    key: "logo",
    label: "Logo",
    adminPath: "/add-logo",
    editPath: "/edit-logo/:id",
    api: { list: "/logo", one: "/logo/:id", create: "/add-logo", update: "/logo/:id" },
    saved: "Logo is Updated",
    fields: { logo: image("Logo image") },
  }),
  // Two readings in the spec; this one (five points, aboutImgOne) serves the landing page and the
  // service page's about block alike (it shows the first three points).
  about: singleton({
    key: "about",
    label: "About",
    adminPath: "/edit-about",
    editPath: "/:id",
    api: { list: "/about", one: "/about-us/:id", create: "/add-about", update: "/update-about/:id" },
    saved: "About is Updated",
    fields: {
      aboutText: text("Small heading"),
      aboutHeading: text("Heading"),
      aboutDetails: formatted("Details"),
      aboutImgOne: image("Image"),
      pointOne: text("Point 1"),
      pointTwo: text("Point 2"),
      pointThree: text("Point 3"),
      pointFour: text("Point 4"),
      pointFive: text("Point 5"),
    },
  }),
  serviceText: singleton({
    key: "serviceText",
    label: "Service text",
    adminPath: "/edit-service",
    editPath: "/servicetext-edit/:id",
    api: { list: "/service", one: "/service/:id", create: "/add-Service", update: "/service/:id" },
    saved: "Service Text is Updated",
    fields: { servicesubHeading: text("Sub heading"), serviceHeading: text("Heading") },
  }),
  serviceItems: list({
    key: "serviceItems",
    label: "Service items",
    adminPath: "/edit-service",
    editPath: "/service-edit/:id",
    aliasEditPaths: ["/main-service-edit/:id"],
    // gap: the spec names no create call for service items.
    api: { list: "/service-items", one: "/service-item/:id", create: "/add-service-item", update: "/service-item/:id" },
    saved: "Service is Updated",
    admin: { titleField: "serviceTitle" },
    fields: { serviceIcon: image("Icon"), serviceTitle: text("Title"), serviceDetails: formatted("Details", { max: 1000 }) },
  }),
  videoText: singleton({
    key: "videoText",
    label: "Video section",
    adminPath: "/edit-video",
    editPath: "/videotext-edit/:id",
    api: { list: "/videos", one: "/videos/:id", create: "/add-video", update: "/update-videos/:id" },
    saved: { create: "Video Section is Updated", update: "Video Text is Updated" },
    fields: { headingVideo: text("Heading"), videoImage: image("Cover image"), videoLink: url("Video link (YouTube)") },
  }),
  videoItems: list({
    key: "videoItems",
    label: "Video section items",
    adminPath: "/edit-video",
    editPath: "/video/:id",
    api: { list: "/videos-items", one: "/videos-items/:id", create: "/add-video-item", update: "/videos-items/:id" },
    // The spec's text after adding a video item, as written there.
    saved: { create: "Team Members Item is Added", update: "Video Section is Updated" },
    admin: { titleField: "videoItemTitle", grid: true },
    fields: { videoItemIcon: image("Icon"), videoItemTitle: text("Title"), videoItemDetails: longText("Details", { max: 1000 }) },
  }),
  steps: list({
    key: "steps",
    label: "Steps",
    adminPath: "/step-section",
    editPath: "/edit-step/:id",
    api: { list: "/steps", one: "/step-item/:id", create: "/add-step", update: "/step-item/:id" },
    saved: "Step Section is Updated",
    admin: { titleField: "stepTitle", detail: stepDetail },
    fields: { stepNumber: stepNumberField, stepTitle: text("Title"), stepDetails: longText("Details", { max: 1000 }) },
  }),
  workSteps: list({
    key: "workSteps",
    label: "Work steps",
    adminPath: "/edit-work",
    editPath: "/edit-work/:id",
    api: { list: "/worksec", one: "/worksec/:id", create: "/add-worksec", update: "/update-worksec/:id" },
    saved: { create: "Work Section is Updated", update: "Work Step is Updated" },
    admin: { titleField: "stepTitle", detail: stepDetail },
    fields: {
      stepNumber: stepNumberField,
      stepTitle: text("Title"),
      stepDetails: longText("Details", { max: 1000 }),
      stapIcon: image("Icon"),
    },
  }),
  contacts: list({
    key: "contacts",
    label: "Contact details",
    adminPath: "/add-contact",
    editPath: "/edit-contact-page/:id",
    api: { list: "/contacts", one: "/contacts/:id", create: "/add-contact", update: "/contacts/:id" },
    saved: "Contcat Section is Updated",
    admin: { titleField: "contactTitle" },
    fields: { contactImg: image("Icon"), contactTitle: text("Title"), contactDetails: text("Details") },
  }),
  footerAbout: singleton({
    key: "footerAbout",
    label: "Footer about",
    adminPath: "/add-about-footer",
    editPath: "/edit-about-footer/:id",
    api: { list: "/footer-about", one: "/footer-about/:id", create: "/add-footer-about", update: "/footer-about/:id" },
    saved: "Footer About is Updated",
    fields: { aboutFooterText: text("Heading"), aboutFooterDetails: longText("Text", { max: 1000 }) },
  }),
  footerAddress: singleton({
    key: "footerAddress",
    label: "Office address",
    adminPath: "/add-address-footer",
    editPath: "/edit-address-footer/:id",
    api: { list: "/footer-address", one: "/footer-address/:id", create: "/add-footer-address", update: "/footer-address/:id" },
    saved: "Footer Address is Updated",
    fields: { phoneNumber: text("Phone number", { max: 40 }), emailAddress: email("Email address"), location: text("Location") },
  }),
  footerSocial: singleton({
    key: "footerSocial",
    label: "Footer social links",
    adminPath: "/add-social-footer",
    editPath: "/edit-social-footer/:id",
    api: { list: "/footer-social", one: "/footer-social/:id", create: "/add-footer-social", update: "/footer-social/:id" },
    saved: "Social Link is Updated",
    // Each network is optional: an empty link hides its icon on the site.
    fields: {
      aboutText: text("Text beside the links"),
      youlink: url("YouTube link", { optional: true }),
      fblink: url("Facebook link", { optional: true }),
      inslink: url("Instagram link", { optional: true }),
    },
  }),
  copyright: singleton({
    key: "copyright",
    label: "Copyright",
    adminPath: "/add-copyright",
    editPath: "/edit-copyright/:id",
    api: { list: "/copyrights", one: "/copyrights/:id", create: "/add-footer-copyright", update: "/copyrights/:id" },
    saved: "Footer Copy Right Updated",
    fields: { copyrightText: text("Copyright text") },
  }),
  counters: singleton({
    key: "counters",
    label: "Counters",
    adminPath: "/edit-counter",
    editPath: "/counters/:id",
    api: { list: "/counters", one: "/counters/:id", create: "/add-counter", update: "/update-counters/:id" },
    saved: { create: "Counter is Updated", update: "Counters is Updated" },
    // The public service page also reads the award counter, so it is part of the form.
    fields: {
      happyClientsNumber: number("Happy clients: number"),
      happyClientsText: text("Happy clients: label"),
      projectCompleteNumber: number("Projects completed: number"),
      projectCompleteText: text("Projects completed: label"),
      yearofExperienceNumber: number("Years of experience: number"),
      yearofExperienceText: text("Years of experience: label"),
      teamNumber: number("Team: number"),
      teamText: text("Team: label"),
      winingAwardNumber: number("Awards: number"),
      winingAwardText: text("Awards: label"),
    },
  }),
  callToAction: singleton({
    key: "callToAction",
    label: "Call to action",
    adminPath: "/update-calltoaction",
    editPath: "/edit-call/:id",
    api: { list: "/actions", one: "/actions/:id", create: "/add-action", update: "/update-actions/:id" },
    saved: "Action is Updated",
    fields: { heading: text("Heading"), subHeading: text("Sub heading"), buttonText: text("Button text", { max: 60 }), buttonLink: url("Button link") },
  }),
  experience: singleton({
    key: "experience",
    label: "Experience",
    adminPath: "/edit-experience",
    editPath: "/edit-experience/:id",
    api: { list: "/experiences", one: "/experiences/:id", create: "/add-experience", update: "/update-experiences/:id" },
    saved: "Experience Section is Updated",
    fields: {
      experienceText: text("Small heading"),
      experienceHeading: text("Heading"),
      experienceDetails: longText("Details", { max: 1000 }),
      skillOneText: text("Skill 1"),
      skillOneNumber: number("Skill 1 percent", { upper: 100 }),
      skillTwoText: text("Skill 2"),
      skillTwoNumber: number("Skill 2 percent", { upper: 100 }),
      skillThreeText: text("Skill 3"),
      skillThreeNumber: number("Skill 3 percent", { upper: 100 }),
    },
  }),
  faqText: singleton({
    key: "faqText",
    label: "FAQ heading",
    adminPath: "/edit-faq",
    editPath: "/faqtext-edit/:id",
    api: { list: "/faq", one: "/faq/:id", create: "/add-faq", update: "/faq/:id" },
    saved: { create: "FAQ is Updated", update: "FAQ Text is Updated" },
    fields: { faqText: text("Small heading"), faqHeading: text("Heading") },
  }),
  faqItems: list({
    key: "faqItems",
    label: "FAQ items",
    adminPath: "/edit-faq",
    editPath: "/faq-edit/:id",
    api: { list: "/faq-items", one: "/faq-item/:id", create: "/add-faq-item", update: "/faq-item/:id" },
    saved: { create: "FAQ Item is Added", update: "FAQ Item is Updated" },
    admin: { titleField: "accodingTitle" },
    fields: { accodingTitle: text("Question"), accodingText: formatted("Answer", { max: 2000 }) },
  }),
  testimonialText: singleton({
    key: "testimonialText",
    label: "Testimonial heading",
    adminPath: "/edit-testimonial",
    editPath: "/testimonialtext-edit/:id",
    api: { list: "/testimonialtext", one: "/testimonialtext/:id", create: "/add-testimonial-text", update: "/testimonialtext/:id" },
    saved: "Testimonial Text Is Updated",
    fields: { testimonialText: text("Small heading"), testimonialHeading: text("Heading") },
  }),
  testimonials: list({
    key: "testimonials",
    label: "Testimonials",
    adminPath: "/edit-testimonial",
    editPath: "/edit-testimonial/:id",
    // gap: no create call in the spec, and no success text (chosen here).
    api: { list: "/testimonials", one: "/testimonial/:id", create: "/add-testimonial", update: "/testimonial/:id" },
    saved: { create: "Testimonial is Added", update: "Testimonial is Updated" },
    admin: { titleField: "personName" },
    fields: { image: image("Photo"), personName: text("Name"), personTitle: text("Title"), desc: longText("Testimonial", { max: 1000 }) },
  }),
  featuresText: singleton({
    key: "featuresText",
    label: "Features heading",
    adminPath: "/edit-services-features",
    editPath: "/featurestext-edit/:id",
    api: { list: "/featurestext", one: "/featurestext/:id", create: "/add-feature-text", update: "/featurestext/:id" },
    saved: { create: "Features Text is Updated", update: "Feature Text Is Updated" },
    fields: { FeaturesText: text("Small heading"), FeaturesHeading: text("Heading") },
  }),
  featureItems: list({
    key: "featureItems",
    label: "Feature items",
    adminPath: "/edit-services-features",
    editPath: "/edit-feature-items/:id",
    api: { list: "/featureitems", one: "/featureitems/:id", create: "/add-feature-Item", update: "/update-featureitems/:id" },
    saved: { create: "Features Services Section is Updated", update: "Feature Items Section is Updated" },
    admin: { titleField: "FeaturesText" },
    fields: {
      FeaturesImg: image("Image"),
      FeaturesIcon: image("Icon"),
      FeaturesText: text("Title"),
      FeaturesDesc: longText("Description", { max: 1000 }),
    },
  }),
  teamText: singleton({
    key: "teamText",
    label: "Team heading",
    adminPath: "/edit-team-text",
    editPath: "/team-text-edit/:id",
    // gap: the spec names no create call for the team text.
    api: { list: "/teamstext", one: "/teamstext/:id", create: "/add-team-text", update: "/teamstext/:id" },
    saved: "Team Text Is Updated",
    fields: { teamHeading: text("Heading"), teamText: text("Small heading") },
  }),
  teamMembers: list({
    key: "teamMembers",
    label: "Team members",
    adminPath: "/edit-team-text",
    editPath: "/edit-team-items/:id",
    api: { list: "/teamitems", one: "/teamitems/:id", create: "/add-team-Item", update: "/update-teamitems/:id" },
    saved: "Team Member Items Section is Updated",
    admin: { titleField: "teamMemberName" },
    fields: { teamMemberImg: image("Photo"), teamMemberName: text("Name"), teamMemberTitle: text("Title") },
  }),
  pricingPlans: list({
    key: "pricingPlans",
    label: "Pricing plans",
    adminPath: "/add-pricing",
    editPath: "/package-edit/:id",
    // gap: the spec names no create call for plans.
    api: { list: "/pricings", one: "/pricing/:id", create: "/add-pricing", update: "/pricing/:id" },
    saved: { create: "Pricing Plan is Added", update: "Pricing One Is Updated" },
    // One plan per package: the public pages show one card per name (docs/decisions/0023-wording.md).
    unique: ["packageName"],
    admin: { titleField: "packageName", detail: (plan) => formatPrice(plan.packagePrice ?? ""), grid: true },
    fields: {
      packageName: choice("Package name", PLAN_NAMES),
      packagePrice: number("Price in US dollars", { min: 1, upper: 1_000_000 }),
      packageButtonText: text("Button text", { max: 60 }),
      // Counted from the customer's brief; past it the order is overdue (admins see it).
      deliveryDays: number("Delivery time in days", { min: 1, upper: 365 }, { optional: true, hint: "Counted from the customer's brief; leave empty for none" }),
      // The plan cards show it as a badge (issue 21); plans are shown by price, cheapest first.
      mostPopular: choice("Most popular", MOST_POPULAR, { optional: true, hint: "“Yes” shows a Most popular badge on this plan" }),
      ...planPointFields,
    },
  }),
  // The SEO fields of the spec's pages (issue 23), one entry per page; pages and articles carry
  // the same fields on their own entries. See docs/decisions/0032-seo-panel-and-report.md.
  searchAppearance: list({
    key: "searchAppearance",
    label: "Search appearance",
    adminPath: "/admin/search-appearance",
    editPath: "/admin/search-appearance/:id",
    // gap: not in the spec; the same shape as every list's calls.
    api: { list: "/search-appearance", one: "/search-appearance/:id", create: "/add-search-appearance", update: "/search-appearance/:id" },
    saved: { create: "Search appearance is Added", update: "Search appearance is Updated" },
    unique: ["page"],
    admin: { titleField: "page", publicPath: (record) => seoSitePath(record.page) },
    fields: {
      page: choice("Page", SEO_SITE_PAGE_LABELS, { hint: "The page of the site these settings are for; one entry per page." }),
      ...seoFields,
    },
  }),
  // Issue 23: pages and articles are list entries like any other, so drafts, preview, schedule,
  // history, trash, audit and the Editor role apply as they are (docs/decisions/0030-pages-and-articles.md).
  pages: list({
    key: "pages",
    label: "Pages",
    adminPath: "/admin/pages",
    editPath: "/admin/pages/:id",
    api: { list: "/pages", one: "/pages/:id", create: "/pages", update: "/pages/:id" },
    saved: { create: "Page is Added", update: "Page is Updated" },
    unique: ["slug"],
    publicPath: (values) => pagePath(values.slug ?? ""),
    admin: { titleField: "title", detail: (page) => pagePath(page.slug ?? "") },
    fields: {
      slug: slug("Address (slug)", "page"),
      title: text("Title", { max: 150 }),
      heroHeading: text("Hero heading", { optional: true, hint: "The large heading at the top; empty: the title." }),
      heroText: longText("Hero text", { optional: true, max: 1000 }),
      heroImage: image("Hero image", { optional: true }),
      blocks: blocks("Blocks", {
        optional: true,
        hint: `One block a line, in the order the page shows them: text (this page's body) or a block of the landing page: ${PAGE_BLOCK_NAMES.filter((n) => n !== "text").join(", ")}. Empty: the body alone.`,
      }),
      body: formatted("Body", { optional: true, max: 20_000 }),
      ...seoFields,
    },
  }),
  articles: list({
    key: "articles",
    label: "Articles",
    adminPath: "/admin/articles",
    editPath: "/admin/articles/:id",
    api: { list: "/articles", one: "/articles/:id", create: "/articles", update: "/articles/:id" },
    saved: { create: "Article is Added", update: "Article is Updated" },
    unique: ["slug"],
    publicPath: (values) => articlePath(values.slug ?? ""),
    admin: { titleField: "title", detail: (article) => `${articlePath(article.slug ?? "")}${article.publishDate ? ` · ${article.publishDate}` : ""}` },
    fields: {
      slug: slug("Address (slug)", "article"),
      title: text("Title", { max: 150 }),
      excerpt: longText("Excerpt", { max: 500, hint: "One or two sentences shown on /blog/ and in search results." }),
      coverImage: image("Cover image", { optional: true }),
      body: articleBody("Body"),
      author: text("Author", { max: 100 }),
      publishDate: date("Publish date", { optional: true, hint: "The day shown and used to order /blog/ (YYYY-MM-DD); empty: the day it is first published." }),
      tags: tags("Tags", { optional: true }),
      ...seoFields,
    },
  }),
  paymentAccount: singleton({
    key: "paymentAccount",
    label: "Payment account",
    adminPath: "/add-paypal-Email",
    editPath: "/paypal-email/:id",
    api: { list: "/paypal-email", one: "/paypal-email/:id", create: "/add-email", update: "/paypal-email/:id" },
    saved: { create: "Paypal Email Added", update: "Paypal Email Updated" },
    // Who receives the money is the Admin's business, not an Editor's.
    read: "Admin",
    write: "Admin",
    // A setting, not page content: saved at once, no draft to publish.
    drafts: false,
    admin: { navGroup: "Settings" },
    auditKind: "payment-account",
    sensitive: true,
    fields: { paypalEmail: email("PayPal email that receives payments") },
  }),
} as const satisfies Record<string, SectionDef>;

export type SectionKey = keyof typeof sections;

/** A section's definition, typed as every section's (the one lookup: callers never cast). */
export const sectionDef = (key: SectionKey): SectionDef => sections[key];

/**
 * The section a stored or submitted name refers to; undefined for a name the registry does not
 * have (a section removed since the row was written, a tampered form).
 */
export const findSection = (name: string): SectionDef | undefined => (Object.hasOwn(sections, name) ? sectionDef(name as SectionKey) : undefined);

const registryOrder: readonly SectionDef[] = Object.values(sections);

/** Every section, in registry order. */
export const allSections = (): readonly SectionDef[] => registryOrder;

/** The admin edit screen of one record. */
export const editUrl = (def: SectionDef, id: string) => def.editPath.replace(":id", encodeURIComponent(id));

/** A stored record as the API and pages see it: `_id` plus the section's fields as text. */
export type SectionRecord<K extends SectionKey> = { _id: string } & { [F in keyof (typeof sections)[K]["fields"]]: string };

/**
 * A record as the public pages get it: formatted fields also come rendered, as sanitised HTML made
 * on the server (`_html`) and as plain text for meta descriptions (`_text`); library images come
 * with their alt text and focal point (`_images`).
 */
export type PageRecord<K extends SectionKey> = SectionRecord<K> & {
  _html?: Record<string, string>;
  _text?: Record<string, string>;
  /** Image fields holding a library file: its alt text and focal point (media/image-facts.server.ts). */
  _images?: Record<string, ImageFacts>;
};
