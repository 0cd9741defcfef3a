import { PLAN_NAMES, PLAN_POINT_FIELDS, type PlanName } from "../content/plans.ts";
import type { SectionRecord } from "../content/sections.ts";

/** How the public pages turn stored content text into what a visitor reads. Pure, no I/O. */

export type Plan = SectionRecord<"pricingPlans">;

/** Points shown per plan: the landing page shows up to 7 (Premium up to 10), /pricing/ 7 (Premium 8). */
export const LANDING_POINTS: Record<PlanName, number> = { Basic: 7, Premium: 10, Standard: 7 };
export const PRICING_PAGE_POINTS: Record<PlanName, number> = { Basic: 7, Premium: 8, Standard: 7 };

/** The service page's skill bars are fixed (spec), whatever the labels. */
export const SERVICE_SKILL_PERCENTS = [85, 65, 79] as const;

/** The three plan cards, in the spec's order Basic, Premium, Standard: the first plan of each name. */
export function pickPlans(plans: Plan[]): Plan[] {
  return PLAN_NAMES.map((name) => plans.find((p) => p.packageName === name)).filter((p): p is Plan => p !== undefined);
}

/** A plan's non-empty points, at most `limit`. */
export function planPoints(plan: Plan, limit: number): string[] {
  return PLAN_POINT_FIELDS.map((f) => plan[f].trim())
    .filter(Boolean)
    .slice(0, limit);
}

export const pointLimit = (limits: Record<PlanName, number>, plan: Plan) => limits[plan.packageName as PlanName] ?? 7;

/** "$49.00" (landing page, always cents) or "$49" / "$49.5" as stored (pricing page, "$ prefix"). */
export function formatPrice(price: string, withCents: boolean): string {
  const n = Number(price);
  if (!withCents || !Number.isFinite(n)) return `$${price}`;
  return `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The schema.org price: digits with a dot, no thousands separator. */
export const plainPrice = (price: string) => (Number.isFinite(Number(price)) ? Number(price).toFixed(2) : price);

export interface NumberedStep<T> {
  label: string;
  step: T;
}

/** Work steps: only numbers 1 to 4, in number order, labelled 01 to 04. */
export function shownWorkSteps<T extends { stepNumber: string }>(steps: T[]): NumberedStep<T>[] {
  return steps
    .map((step) => ({ n: Number(step.stepNumber), step }))
    .filter(({ n }) => Number.isInteger(n) && n >= 1 && n <= 4)
    .sort((a, b) => a.n - b.n)
    .map(({ n, step }) => ({ label: String(n).padStart(2, "0"), step }));
}

/** Ordinary steps: in number order (ties keep the admin's order). */
export function sortedSteps<T extends { stepNumber: string }>(steps: T[]): T[] {
  return [...steps].sort((a, b) => Number(a.stepNumber) - Number(b.stepNumber));
}

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
