import { data } from "react-router";
import { loadPageSections } from "~/content/public/pages.server.ts";
import { PREVIEW_HEADERS } from "~/content/public/preview.ts";
import { previewOptions } from "~/content/public/preview.server.ts";
import { CallToAction } from "~/site/blocks/call-to-action.tsx";
import { Counters } from "~/site/blocks/counters.tsx";
import { Formatted, Heading, SkillBar } from "~/site/blocks/primitives.tsx";
import { ServiceCards } from "~/site/blocks/services.tsx";
import { skillBars } from "~/site/display.ts";
import { siteUrlFrom } from "~/site/seo.ts";
import { serviceFallback, sitePageMeta } from "~/site/site-seo.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import type { Route } from "./+types/service";

/**
 * /service/: counters with a + suffix, the service heading with its item boxes, an about block
 * with the experience section's skill bars (the same labels and percents as the landing page),
 * and the call-to-action band. One query.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const options = await previewOptions(context, request);
  const { preview } = options;
  const { services } = context.get(requestContext);
  const s = await loadPageSections(services.db, ["counters", "serviceText", "serviceItems", "about", "experience", "callToAction", "searchAppearance"], options);
  return data(
    { counters: s.counters[0], serviceText: s.serviceText[0], items: s.serviceItems, about: s.about[0], skills: skillBars(s.experience[0]), cta: s.callToAction[0], searchAppearance: s.searchAppearance, preview },
    { headers: preview ? PREVIEW_HEADERS : {} },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const fallback = serviceFallback(loaderData?.serviceText?.serviceHeading, loaderData?.items.map((i) => i.serviceTitle) ?? [], loaderData?.about?.aboutImgOne);
  return sitePageMeta(loaderData?.preview, { siteUrl: siteUrlFrom(matches), path: "/service/", ...fallback }, loaderData?.searchAppearance);
};

export default function Service({ loaderData }: Route.ComponentProps) {
  const { counters, serviceText, items, about, skills, cta } = loaderData;
  return (
    <Page>
      <h1 className="text-center text-4xl font-extrabold tracking-tight text-ink">Our services</h1>
      <div className="mt-10 overflow-hidden rounded-2xl">
        <Counters counters={counters} />
      </div>
      {(serviceText || items.length > 0) && (
        <section aria-labelledby="service-heading" className="py-14">
          <Heading id="service" eyebrow={serviceText?.servicesubHeading} title={serviceText?.serviceHeading ?? "What we do"} />
          <ServiceCards items={items} />
        </section>
      )}
      {about && (
        <section aria-labelledby="service-about-heading" className="grid items-center gap-10 rounded-2xl bg-gray-50 p-6 md:grid-cols-2 md:p-10">
          <div>
            <Heading id="service-about" eyebrow={about.aboutText} title={about.aboutHeading} center={false} />
            <Formatted record={about} field="aboutDetails" className="-mt-4 leading-relaxed text-gray-700" />
          </div>
          <ul className="space-y-6">
            {skills.map((s) => (
              <SkillBar key={s.label} label={s.label} value={s.value} />
            ))}
          </ul>
        </section>
      )}
      <div className="mt-14 overflow-hidden rounded-2xl">
        <CallToAction cta={cta} />
      </div>
    </Page>
  );
}

/** No JavaScript: served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
