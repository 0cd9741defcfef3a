import type { Stage } from "../shared/order-stages.ts";
import type { Side } from "./sides.ts";

/**
 * What the person looking at an order should do next, or what happens next, by stage and side:
 * the line at the top of the order's page. `action` names the part of the page that does it.
 */
export type StepAction = "pay" | "brief" | "review" | "start" | "deliver";

export interface NextStep {
  text: string;
  action?: StepAction;
}

const STEPS: Record<Stage, Record<Side, NextStep>> = {
  ordered: { customer: { text: "Pay for your order", action: "pay" }, agency: { text: "Waiting for the customer's payment" } },
  paid: { customer: { text: "Fill in your brief", action: "brief" }, agency: { text: "Waiting for the customer's brief" } },
  "brief-received": { customer: { text: "We have your brief and will start soon" }, agency: { text: "Brief received, start the work", action: "start" } },
  "in-progress": { customer: { text: "We are working on your order" }, agency: { text: "Deliver the work", action: "deliver" } },
  delivered: { customer: { text: "Review the report", action: "review" }, agency: { text: "Waiting for the customer's review" } },
  "changes-requested": { customer: { text: "We are working on the changes you asked for" }, agency: { text: "Changes requested, start on them", action: "start" } },
  approved: { customer: { text: "You approved the work. Thank you!" }, agency: { text: "Approved: nothing more to do" } },
  cancelled: { customer: { text: "This order is cancelled" }, agency: { text: "Cancelled by the customer" } },
  refunded: { customer: { text: "This order was refunded" }, agency: { text: "Refunded" } },
};

/** An unpaid order's step for its customer while no payment account is set up: no Pay now to press. */
const PAYMENT_NOT_OPEN: NextStep = { text: "Online payment is not open yet. Your order is kept: Pay now appears here once it opens, or contact us to arrange payment." };

/** `payOnline`: whether online payment can work now (a payment account is set up). */
export const nextStep = (stage: Stage, side: Side, payOnline = true): NextStep => {
  const step = STEPS[stage][side];
  return step.action === "pay" && !payOnline ? PAYMENT_NOT_OPEN : step;
};
