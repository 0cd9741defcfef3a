import { type Stage, STAGES } from "../shared/order-stages.ts";

/**
 * How an order's status reads wherever it is shown, to its customer and to Admins alike (issue 21:
 * one order read "In progress" to one and "Pending" to the other): the stage's label, and a tone
 * saying whose move it is. Pages, tables and mails take the words from here; the badge component
 * (status-badge-view.tsx) maps the tone to colours.
 */
export type BadgeTone = "customer" | "agency" | "done" | "closed";

export interface StatusBadgeText {
  label: string;
  tone: BadgeTone;
}

/** The words and tone of `stage`: who must act (customer, agency), settled well (done), or ended without the work (closed). */
export function statusBadge(stage: Stage): StatusBadgeText {
  const def = STAGES[stage];
  const tone: BadgeTone = def.waitingOn ?? (def.payment === "Paid" ? "done" : "closed");
  return { label: def.label, tone };
}
