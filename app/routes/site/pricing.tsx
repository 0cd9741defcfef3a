import { data } from "react-router";
import { loadPageSections } from "~/content/public/pages.server.ts";
import { PREVIEW_HEADERS } from "~/content/public/preview.ts";
import { previewOptions } from "~/content/public/preview.server.ts";
import { PlanGrid } from "~/site/blocks/pricing.tsx";
import { pickPlans, planPoints } from "~/site/display.ts";
import { JsonLd } from "~/site/json-ld.tsx";
import { graphLd, offersLd, siteUrlFrom } from "~/site/seo.ts";
import { pricingFallback, sitePageMeta } from "~/site/site-seo.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { useRootData } from "~/layout/root-data.ts";
import { STATIC_PAGE } from "~/site/cached-pages.ts";
import type { Route } from "./+types/pricing";

/** /pricing/: the three plans with their price, every point and order button (as on the landing page). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const options = await previewOptions(context, request);
  const { preview } = options;
  const { services } = context.get(requestContext);
  const { pricingPlans, searchAppearance } = await loadPageSections(services.db, ["pricingPlans", "searchAppearance"], options);
  return data({ plans: pickPlans(pricingPlans), searchAppearance, preview }, { headers: preview ? PREVIEW_HEADERS : {} });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  sitePageMeta(loaderData?.preview, { siteUrl: siteUrlFrom(matches), path: "/pricing/", ...pricingFallback(loaderData?.plans ?? []) }, loaderData?.searchAppearance);

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { siteUrl } = useRootData();
  const { plans } = loaderData;
  return (
    <Page>
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-ink">Pricing</h1>
        <p className="mt-4 text-lg text-gray-700">Three SEO packages with clear prices in US dollars. Pick one and order it online.</p>
      </div>
      {plans.length ? (
        <PlanGrid plans={plans} level={2} />
      ) : (
        <p className="text-center text-gray-700">Our plans are being updated. Please check back soon or contact us.</p>
      )}
      <JsonLd data={graphLd(offersLd(siteUrl, plans, planPoints))} />
    </Page>
  );
}

/** No JavaScript: served from the page cache to anonymous visitors (site/cached-pages.ts). */
export const handle = STATIC_PAGE;
