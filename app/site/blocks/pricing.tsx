import { isMostPopular } from "../../content/registry/plans.ts";
import { formatPrice } from "../../shared/money.ts";
import { type Plan, pickPlans, planPoints } from "../display.ts";
import { buttonPrimary, checkPoint, Heading, Section } from "./primitives.tsx";

function PlanCard({ plan, level }: { plan: Plan; level: 2 | 3 }) {
  const featured = isMostPopular(plan);
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
      {featured && <p className="mt-2 w-fit rounded-full border border-brand-700 bg-brand-50 px-3 py-0.5 text-sm font-semibold text-brand-900">Most popular</p>}
      <p className="mt-4 text-5xl font-extrabold tracking-tight text-ink">
        {formatPrice(plan.packagePrice)}
        <span className="sr-only"> US dollars</span>
      </p>
      <ul className="mt-6 flex-1 space-y-3">
        {planPoints(plan).map((point) => (
          <li key={point} className={`${checkPoint} text-gray-800`}>
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

/** The plans, cheapest first, the most popular one marked; `level` is their heading level (h2 on /pricing/, h3 in a section). */
export function PlanGrid({ plans, level }: { plans: Plan[]; level: 2 | 3 }) {
  const picked = pickPlans(plans);
  if (!picked.length) return null;
  return (
    <div className="grid items-stretch gap-8 lg:grid-cols-3">
      {picked.map((plan) => (
        <PlanCard key={plan._id} plan={plan} level={level} />
      ))}
    </div>
  );
}

export function Pricing({ plans }: { plans: Plan[] }) {
  if (!pickPlans(plans).length) return null;
  return (
    <Section id="pricing" heading="pricing" className="bg-brand-50">
      <Heading id="pricing" eyebrow="Pricing" title="Choose the plan that fits your site" />
      <PlanGrid plans={plans} level={3} />
    </Section>
  );
}
