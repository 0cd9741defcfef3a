import { PLAN_NAMES, PLAN_POINT_FIELDS } from "../content/registry/plans.ts";
import { stepLabel } from "../content/registry/step-order.ts";
import type { SectionRecord } from "../content/registry/sections.ts";

/** How the public pages turn stored content text into what a visitor reads. Pure, no I/O. */

export type Plan = SectionRecord<"pricingPlans">;

/**
 * The plan cards: the first plan of each name, cheapest first (issue 21: the spec's order Basic,
 * Premium, Standard read $49, $199, $99); equal prices keep the spec's order of names.
 */
export function pickPlans(plans: Plan[]): Plan[] {
  const picked = PLAN_NAMES.map((name) => plans.find((p) => p.packageName === name)).filter((p): p is Plan => p !== undefined);
  const price = (plan: Plan) => {
    const n = Number(plan.packagePrice);
    return Number.isFinite(n) ? n : Infinity;
  };
  return picked.map((plan, i) => ({ plan, i })).sort((a, b) => price(a.plan) - price(b.plan) || a.i - b.i).map(({ plan }) => plan);
}

/** Every non-empty point of a plan, in field order: the same list on `/` and `/pricing/`. */
export function planPoints(plan: Plan): string[] {
  return PLAN_POINT_FIELDS.map((f) => plan[f].trim()).filter(Boolean);
}

/** The schema.org price: digits with a dot, no thousands separator. */
export const plainPrice = (price: string) => (Number.isFinite(Number(price)) ? Number(price).toFixed(2) : price);

export interface NumberedStep<T> {
  label: string;
  step: T;
}

/** Steps in the list's order, numbered by place (content/registry/step-order.ts); the stored stepNumber does not order. */
export function numberedSteps<T>(steps: T[], limit = Infinity): NumberedStep<T>[] {
  return steps.slice(0, limit).map((step, index) => ({ label: stepLabel(index), step }));
}

/** The work process shows the first four work steps of the list. */
export const WORK_STEPS_SHOWN = 4;

/** The counters that have a number, as [number, label] pairs, in the spec's order. */
export function counterItems(c: SectionRecord<"counters">): { value: string; label: string }[] {
  return [
    [c.happyClientsNumber, c.happyClientsText],
    [c.projectCompleteNumber, c.projectCompleteText],
    [c.yearofExperienceNumber, c.yearofExperienceText],
    [c.teamNumber, c.teamText],
    [c.winingAwardNumber, c.winingAwardText],
  ]
    .filter(([value, label]) => value && label)
    .map(([value, label]) => ({ value: value!, label: label! }));
}

/** The skill bars (label and percent) of the experience section: the one source for `/` and `/service/`. */
export function skillBars(experience: SectionRecord<"experience"> | undefined): { label: string; value: number }[] {
  if (!experience) return [];
  const pairs: [string, string][] = [
    [experience.skillOneText, experience.skillOneNumber],
    [experience.skillTwoText, experience.skillTwoNumber],
    [experience.skillThreeText, experience.skillThreeNumber],
  ];
  return pairs
    .filter(([label]) => label.trim())
    .map(([label, value]) => ({ label, value: percent(value) }));
}

/** A percent for a skill bar: a whole number from 0 to 100. */
export const percent = (value: string | number) => Math.max(0, Math.min(100, Math.round(Number(value) || 0)));

/** Shortens text to at most `max` characters at a word boundary (meta descriptions). */
export function truncate(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:\s]+$/, "")}…`;
}

/** `tel:` link target: digits and a leading plus only. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
