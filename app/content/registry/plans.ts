/**
 * The pricing plans' names and point fields (the spec's), apart from the registry so the public
 * pages' browser code can use them without loading every section definition.
 */
export const PLAN_NAMES = ["Basic", "Premium", "Standard"] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** The one value of a plan's optional "Most popular" field: set, the plan card shows the badge. */
export const MOST_POPULAR = ["Yes"] as const;
export const isMostPopular = (plan: { mostPopular?: string }) => plan.mostPopular === MOST_POPULAR[0];

const ORDINALS = ["One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"] as const;

/** A plan's ten point fields, packagePointOne to packagePointTen. */
export const PLAN_POINT_FIELDS = ORDINALS.map((o) => `packagePoint${o}` as const);
export type PlanPointField = (typeof PLAN_POINT_FIELDS)[number];
