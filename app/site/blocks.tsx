import type { SectionKey, SectionRecord } from "../content/sections.ts";
import { ContactForm } from "../inbox/contact-form.tsx";
import type { SiteChrome } from "./chrome.ts";
import {
  counterItems,
  formatPrice,
  type Plan,
  percent,
  pickPlans,
  planPoints,
  pointLimit,
  shownWorkSteps,
  sortedSteps,
  telHref,
} from "./format.ts";

/**
 * The public pages' content blocks, one per section of the spec. Each takes its section's
 * records and renders nothing when there is nothing to show, so a missing record never breaks
 * a page. Headings: the page's h1 is the banner (landing) or the page title; blocks use h2 and
 * their cards h3.
 */

type R<K extends SectionKey> = SectionRecord<K>;

export const buttonPrimary =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-6 py-3 text-base font-semibold text-white shadow-sm hover:bg-brand-800";
const container = "mx-auto max-w-6xl px-4";

/** An image below the fold: lazy, async-decoded, with its box reserved (width/height). */
export function Img({
  src,
  alt,
  width,
  height,
  eager,
  className,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
}) {
  if (!src) return null;
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      fetchPriority={eager ? "high" : undefined}
      className={className}
    />
  );
}

function Section({
  id,
  heading,
  className = "",
  children,
}: {
  id?: string;
  heading: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${heading}-heading`} className={`scroll-mt-4 py-16 md:py-20 ${className}`}>
      <div className={container}>{children}</div>
    </section>
  );
}

/** Small coloured line above an h2 (the sections' "text" / "sub heading" fields). */
function Heading({ id, eyebrow, title, center = true }: { id: string; eyebrow?: string; title: string; center?: boolean }) {
  return (
    <div className={`mb-10 ${center ? "mx-auto max-w-2xl text-center" : ""}`}>
      {eyebrow && <p className="text-sm font-bold uppercase tracking-wider text-brand-700">{eyebrow}</p>}
      <h2 id={`${id}-heading`} className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}

const Check = () => (
  <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false" className="mt-0.5 h-5 w-5 flex-none text-emerald-700">
    <path fill="currentColor" d="M8.1 14.6 3.5 10l1.4-1.4 3.2 3.2 7-7 1.4 1.4z" />
  </svg>
);

export function Banner({ banner }: { banner?: R<"banner"> }) {
  if (!banner) return null;
  return (
    <section id="home" aria-labelledby="home-heading" className="scroll-mt-4 bg-brand-50">
      <div className={`${container} grid items-center gap-10 py-12 md:grid-cols-2 md:py-20`}>
        <div>
          <h1 id="home-heading" className="text-4xl font-extrabold tracking-tight text-ink sm:text-5xl">
            {banner.bannerHeading}
            {banner.bannerText && <span className="mt-2 block text-brand-700">{banner.bannerText}</span>}
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-gray-700">{banner.bannerDetails}</p>
          {banner.buttonText && (
            <p className="mt-8">
              <a href={banner.buttonURL} className={buttonPrimary}>
                {banner.buttonText}
              </a>
            </p>
          )}
        </div>
        <Img eager src={banner.imageOne} alt={banner.bannerHeading} width={560} height={440} className="mx-auto h-auto w-full max-w-md md:max-w-lg" />
      </div>
    </section>
  );
}

/** The service item cards: on the landing page and on /service/. */
export function ServiceCards({ items }: { items: R<"serviceItems">[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <li key={item._id} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
          <Img src={item.serviceIcon} alt={item.serviceTitle} width={56} height={56} className="h-14 w-14" />
          <h3 className="mt-4 text-xl font-bold text-ink">{item.serviceTitle}</h3>
          <p className="mt-2 leading-relaxed text-gray-700">{item.serviceDetails}</p>
        </li>
      ))}
    </ul>
  );
}

export function Services({ text, items, id = "services" }: { text?: R<"serviceText">; items: R<"serviceItems">[]; id?: string }) {
  if (!text && !items.length) return null;
  return (
    <Section id={id} heading={id}>
      <Heading id={id} eyebrow={text?.servicesubHeading} title={text?.serviceHeading ?? "Our services"} />
      <ServiceCards items={items} />
    </Section>
  );
}

export function About({ about }: { about?: R<"about"> }) {
  if (!about) return null;
  const points = [about.pointOne, about.pointTwo, about.pointThree, about.pointFour, about.pointFive].filter(Boolean);
  return (
    <Section id="about" heading="about" className="bg-gray-50">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <Img src={about.aboutImgOne} alt={about.aboutHeading} width={520} height={420} className="mx-auto h-auto w-full max-w-md" />
        <div>
          <Heading id="about" eyebrow={about.aboutText} title={about.aboutHeading} center={false} />
          <p className="-mt-4 leading-relaxed text-gray-700">{about.aboutDetails}</p>
          {points.length > 0 && (
            <ul className="mt-6 grid gap-3 sm:grid-cols-2">
              {points.map((point) => (
                <li key={point} className="flex gap-2 font-medium text-ink">
                  <Check />
                  {point}
                </li>
              ))}
            </ul>
          )}
          <p className="mt-8">
            <a href="/#contact" className={buttonPrimary}>
              Contact Us
            </a>
          </p>
        </div>
      </div>
    </Section>
  );
}

/** Counters with a + suffix (public service page; also on the landing page). */
export function Counters({ counters }: { counters?: R<"counters"> }) {
  const items = counters ? counterItems(counters) : [];
  if (!items.length) return null;
  return (
    <section aria-label="Rankwell in numbers" className="bg-brand-800 py-12 text-white">
      <dl className={`${container} grid grid-cols-2 gap-8 text-center sm:grid-cols-3 lg:grid-cols-5`}>
        {items.map((item) => (
          <div key={item.label} className="flex flex-col-reverse">
            <dt className="mt-1 text-sm font-medium text-brand-100">{item.label}</dt>
            <dd className="text-4xl font-extrabold">{`${item.value}+`}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function Features({ text, items }: { text?: R<"featuresText">; items: R<"featureItems">[] }) {
  if (!items.length) return null;
  return (
    <Section id="features" heading="features">
      <Heading id="features" eyebrow={text?.FeaturesText} title={text?.FeaturesHeading ?? "Why choose us"} />
      <ul className="grid gap-6 md:grid-cols-3">
        {items.map((item) => (
          <li key={item._id} className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
            <Img src={item.FeaturesImg} alt="" width={360} height={200} className="h-auto w-full" />
            <div className="p-6">
              <div className="flex items-center gap-3">
                <Img src={item.FeaturesIcon} alt="" width={48} height={48} className="h-12 w-12" />
                <h3 className="text-xl font-bold text-ink">{item.FeaturesText}</h3>
              </div>
              <p className="mt-3 leading-relaxed text-gray-700">{item.FeaturesDesc}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Video({ video, items }: { video?: R<"videoText">; items: R<"videoItems">[] }) {
  if (!video && !items.length) return null;
  return (
    <Section id="video" heading="video" className="bg-ink text-white">
      {video && (
        <>
          <h2 id="video-heading" className="mx-auto mb-10 max-w-3xl text-center text-3xl font-extrabold tracking-tight sm:text-4xl">
            {video.headingVideo}
          </h2>
          <a
            href={video.videoLink}
            target="_blank"
            rel="noopener noreferrer"
            className="group relative mx-auto block max-w-4xl overflow-hidden rounded-2xl focus-visible:outline-white"
          >
            <Img src={video.videoImage} alt="" width={960} height={540} className="h-auto w-full opacity-90 group-hover:opacity-100" />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex items-center gap-3 rounded-full bg-white px-6 py-3 text-base font-bold text-brand-800 shadow-lg">
                <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
                  <path fill="currentColor" d="M5 3.5v13l11-6.5z" />
                </svg>
                Watch the video
                <span className="sr-only">: {video.headingVideo} (opens in a new tab)</span>
              </span>
            </span>
          </a>
        </>
      )}
      {!video && <h2 id="video-heading" className="sr-only">Highlights</h2>}
      {items.length > 0 && (
        <ul className="mt-12 grid gap-8 md:grid-cols-3">
          {items.map((item) => (
            <li key={item._id} className="flex gap-4">
              <Img src={item.videoItemIcon} alt="" width={48} height={48} className="h-12 w-12 flex-none" />
              <div>
                <h3 className="text-lg font-bold">{item.videoItemTitle}</h3>
                <p className="mt-1 leading-relaxed text-gray-200">{item.videoItemDetails}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** The work process: only steps 01 to 04. */
export function WorkSteps({ steps }: { steps: R<"workSteps">[] }) {
  const shown = shownWorkSteps(steps);
  if (!shown.length) return null;
  return (
    <Section id="process" heading="process">
      <Heading id="process" eyebrow="Our process" title="How we work" />
      <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {shown.map(({ label, step }) => (
          <li key={step._id} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
            <div className="flex items-center justify-between">
              <span className="text-4xl font-extrabold text-brand-700" aria-hidden="true">
                {label}
              </span>
              <Img src={step.stapIcon} alt="" width={48} height={48} className="h-12 w-12" />
            </div>
            <h3 className="mt-4 text-xl font-bold text-ink">
              <span className="sr-only">Step {label}: </span>
              {step.stepTitle}
            </h3>
            <p className="mt-2 leading-relaxed text-gray-700">{step.stepDetails}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Steps({ steps }: { steps: R<"steps">[] }) {
  if (!steps.length) return null;
  return (
    <Section id="get-started" heading="get-started" className="bg-brand-50">
      <Heading id="get-started" eyebrow="Getting started" title="From order to results in a few steps" />
      <ol className="grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {sortedSteps(steps).map((step) => (
          <li key={step._id} className="flex gap-4">
            <span aria-hidden="true" className="flex h-11 w-11 flex-none items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white">
              {step.stepNumber}
            </span>
            <div>
              <h3 className="text-lg font-bold text-ink">
                <span className="sr-only">Step {step.stepNumber}: </span>
                {step.stepTitle}
              </h3>
              <p className="mt-1 leading-relaxed text-gray-700">{step.stepDetails}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A labelled bar; the bar itself is decoration, the text says the percent. */
export function SkillBar({ label, value }: { label: string; value: number }) {
  return (
    <li>
      <div className="flex justify-between gap-4 font-semibold text-ink">
        <span>{label}</span>
        <span>{`${value}%`}</span>
      </div>
      <div aria-hidden="true" className="mt-2 h-3 overflow-hidden rounded-full bg-brand-100">
        <div className="h-full rounded-full bg-brand-700" style={{ width: `${value}%` }} />
      </div>
    </li>
  );
}

export function Experience({ experience }: { experience?: R<"experience"> }) {
  if (!experience) return null;
  const skills = [
    [experience.skillOneText, experience.skillOneNumber],
    [experience.skillTwoText, experience.skillTwoNumber],
    [experience.skillThreeText, experience.skillThreeNumber],
  ].filter(([label]) => label);
  return (
    <Section id="experience" heading="experience">
      <div className="grid items-center gap-10 md:grid-cols-2">
        <div>
          <Heading id="experience" eyebrow={experience.experienceText} title={experience.experienceHeading} center={false} />
          <p className="-mt-4 leading-relaxed text-gray-700">{experience.experienceDetails}</p>
        </div>
        <ul className="space-y-6">
          {skills.map(([label, value]) => (
            <SkillBar key={label} label={label!} value={percent(value!)} />
          ))}
        </ul>
      </div>
    </Section>
  );
}

export function PlanCard({ plan, limit, withCents, level }: { plan: Plan; limit: number; withCents: boolean; level: 2 | 3 }) {
  const featured = plan.packageName === "Premium";
  const Name = level === 2 ? "h2" : "h3";
  const buttonText = plan.packageButtonText || "Order Now";
  return (
    <article
      aria-labelledby={`plan-${plan._id}`}
      className={`flex flex-col rounded-2xl border bg-white p-8 shadow-sm ${featured ? "border-2 border-brand-700 lg:-my-4 lg:py-12" : "border-gray-200"}`}
    >
      <Name id={`plan-${plan._id}`} className="text-2xl font-bold text-ink">
        {plan.packageName}
      </Name>
      <p className="mt-4 text-5xl font-extrabold tracking-tight text-ink">
        {formatPrice(plan.packagePrice, withCents)}
        <span className="sr-only"> US dollars</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {planPoints(plan, limit).map((point) => (
          <li key={point} className="flex gap-2 text-gray-800">
            <Check />
            {point}
          </li>
        ))}
      </ul>
      <a href={`/order-now/${plan._id}`} className={`${buttonPrimary} mt-8 w-full`}>
        {buttonText}
        {!buttonText.includes(plan.packageName) && <span className="sr-only"> ({plan.packageName} plan)</span>}
      </a>
    </article>
  );
}

/** The three plans Basic, Premium, Standard; `level` is their heading level (h2 on /pricing/, h3 in a section). */
export function PlanGrid({
  plans,
  limits,
  withCents,
  level,
}: {
  plans: Plan[];
  limits: Parameters<typeof pointLimit>[0];
  withCents: boolean;
  level: 2 | 3;
}) {
  const picked = pickPlans(plans);
  if (!picked.length) return null;
  return (
    <div className="grid items-stretch gap-8 lg:grid-cols-3">
      {picked.map((plan) => (
        <PlanCard key={plan._id} plan={plan} limit={pointLimit(limits, plan)} withCents={withCents} level={level} />
      ))}
    </div>
  );
}

export function Pricing({ plans, limits }: { plans: Plan[]; limits: Parameters<typeof pointLimit>[0] }) {
  if (!pickPlans(plans).length) return null;
  return (
    <Section id="pricing" heading="pricing" className="bg-brand-50">
      <Heading id="pricing" eyebrow="Pricing" title="Choose the plan that fits your site" />
      <PlanGrid plans={plans} limits={limits} withCents level={3} />
    </Section>
  );
}

export function Team({ text, members }: { text?: R<"teamText">; members: R<"teamMembers">[] }) {
  if (!members.length) return null;
  return (
    <Section id="team" heading="team">
      <Heading id="team" eyebrow={text?.teamText} title={text?.teamHeading ?? "Our team"} />
      <ul className="grid grid-cols-2 gap-6 lg:grid-cols-4">
        {members.map((m) => (
          <li key={m._id} className="text-center">
            <Img src={m.teamMemberImg} alt={m.teamMemberName} width={160} height={160} className="mx-auto h-32 w-32 rounded-full object-cover sm:h-40 sm:w-40" />
            <h3 className="mt-4 text-lg font-bold text-ink">{m.teamMemberName}</h3>
            <p className="text-gray-700">{m.teamMemberTitle}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function Testimonials({ text, items }: { text?: R<"testimonialText">; items: R<"testimonials">[] }) {
  if (!items.length) return null;
  return (
    <Section id="testimonial" heading="testimonial" className="bg-gray-50">
      <Heading id="testimonial" eyebrow={text?.testimonialText} title={text?.testimonialHeading ?? "What our clients say"} />
      <ul className="grid gap-6 md:grid-cols-3">
        {items.map((t) => (
          <li key={t._id}>
            <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm">
              <blockquote className="flex-1 leading-relaxed text-gray-800">
                <p>“{t.desc}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-4">
                <Img src={t.image} alt={t.personName} width={160} height={160} className="h-14 w-14 rounded-full object-cover" />
                <span>
                  <span className="block font-bold text-ink">{t.personName}</span>
                  <span className="block text-sm text-gray-700">{t.personTitle}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** FAQ as native disclosures: keyboard and screen readers work without any script. */
export function Faq({ text, items }: { text?: R<"faqText">; items: R<"faqItems">[] }) {
  if (!items.length) return null;
  return (
    <Section id="faq" heading="faq">
      <Heading id="faq" eyebrow={text?.faqText} title={text?.faqHeading ?? "Frequently asked questions"} />
      <div className="mx-auto max-w-3xl divide-y divide-gray-200 rounded-2xl border border-gray-200">
        {items.map((item) => (
          <details key={item._id} className="group px-6 py-2">
            <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-2 text-lg font-semibold text-ink [&::-webkit-details-marker]:hidden">
              {item.accodingTitle}
              <span aria-hidden="true" className="text-2xl leading-none text-brand-700 group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="pb-4 leading-relaxed text-gray-700">{item.accodingText}</p>
          </details>
        ))}
      </div>
    </Section>
  );
}

export function CallToAction({ cta }: { cta?: R<"callToAction"> }) {
  if (!cta) return null;
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-700 py-14 text-white">
      <div className={`${container} flex flex-col items-start justify-between gap-6 md:flex-row md:items-center`}>
        <div>
          <h2 id="cta-heading" className="text-3xl font-extrabold tracking-tight">
            {cta.heading}
          </h2>
          <p className="mt-2 text-lg text-brand-100">{cta.subHeading}</p>
        </div>
        {cta.buttonText && cta.buttonLink && (
          <a
            href={cta.buttonLink}
            className="inline-flex min-h-11 flex-none items-center rounded-md bg-white px-6 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus-visible:outline-white"
          >
            {cta.buttonText}
          </a>
        )}
      </div>
    </section>
  );
}

/** Phone, email and location (the office address), the contact details, and the message form. */
export function Contact({ address, details }: { address?: SiteChrome["footerAddress"]; details: R<"contacts">[] }) {
  return (
    <Section id="contact" heading="contact">
      <Heading id="contact" eyebrow="Contact Us" title="Talk to an SEO specialist" />
      <div className="grid gap-10 lg:grid-cols-5">
        <div className="lg:col-span-2">
          {address && (
            <dl className="space-y-5">
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Phone</dt>
                <dd className="mt-1 text-lg font-semibold">
                  <a href={telHref(address.phoneNumber)} className="text-brand-700 underline-offset-2 hover:underline">
                    {address.phoneNumber}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Email</dt>
                <dd className="mt-1 break-all text-lg font-semibold">
                  <a href={`mailto:${address.emailAddress}`} className="text-brand-700 underline-offset-2 hover:underline">
                    {address.emailAddress}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-sm font-bold uppercase tracking-wider text-gray-700">Location</dt>
                <dd className="mt-1 text-lg font-semibold text-ink">{address.location}</dd>
              </div>
            </dl>
          )}
          {details.length > 0 && (
            <ul className="mt-8 space-y-4">
              {details.map((d) => (
                <li key={d._id} className="flex gap-4 rounded-xl bg-gray-50 p-4">
                  <Img src={d.contactImg} alt="" width={48} height={48} className="h-12 w-12 flex-none" />
                  <div>
                    <h3 className="font-bold text-ink">{d.contactTitle}</h3>
                    <p className="text-gray-700">{d.contactDetails}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="rounded-2xl border border-gray-200 p-6 shadow-sm lg:col-span-3">
          <h3 className="mb-4 text-2xl font-bold text-ink">Send Us a Message</h3>
          <ContactForm />
        </div>
      </div>
    </Section>
  );
}
