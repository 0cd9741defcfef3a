/**
 * An order's life, in one place: its stages, the moves between them, and the spec's two status
 * fields derived from the stage. The orders module is the only writer (`moveOrder`); pages, the
 * API and payments ask the predicates below instead of comparing status strings. Pure data and
 * functions, shared by the server, the browser and the database types.
 *
 * A new stage is one line in STAGES (and the moves that reach it), plus a migration that calls
 * `allowStages` so the database's CHECK accepts it (docs/layers.md shows one).
 */

/** The spec's payment status, as stored and answered by the API ("UnPaid" spelled as the spec has it). */
export const PAYMENT_STATUSES = ["UnPaid", "Paid", "Cancelled", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The spec's order status, as stored and answered by the API. */
export const ORDER_STATUSES = ["Pending", "Delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Who must act next on an order in a stage: the customer, the agency, or nobody (it is settled). */
export type WaitingOn = "customer" | "agency" | null;

interface StageDef {
  /** How the stage reads on every page and mail, to customers and admins alike. */
  label: string;
  /** The spec's payment status of an order in this stage. */
  payment: PaymentStatus;
  /** The spec's order status; `keep` leaves the one the order had (a refund does not undo a delivery). */
  orderStatus: OrderStatus | "keep";
  waitingOn: WaitingOn;
  /** The customer may still change the brief (until the agency starts the work). */
  briefOpen: boolean;
}

export const STAGES = {
  ordered: { label: "Waiting for payment", payment: "UnPaid", orderStatus: "Pending", waitingOn: "customer", briefOpen: true },
  paid: { label: "Paid", payment: "Paid", orderStatus: "Pending", waitingOn: "customer", briefOpen: true },
  "brief-received": { label: "Brief received", payment: "Paid", orderStatus: "Pending", waitingOn: "agency", briefOpen: true },
  "in-progress": { label: "In progress", payment: "Paid", orderStatus: "Pending", waitingOn: "agency", briefOpen: false },
  delivered: { label: "Delivered", payment: "Paid", orderStatus: "Delivered", waitingOn: "customer", briefOpen: false },
  "changes-requested": { label: "Changes requested", payment: "Paid", orderStatus: "Pending", waitingOn: "agency", briefOpen: false },
  approved: { label: "Approved", payment: "Paid", orderStatus: "Delivered", waitingOn: null, briefOpen: false },
  cancelled: { label: "Cancelled", payment: "Cancelled", orderStatus: "keep", waitingOn: null, briefOpen: false },
  refunded: { label: "Refunded", payment: "Refunded", orderStatus: "keep", waitingOn: null, briefOpen: false },
} as const satisfies Record<string, StageDef>;

export type Stage = keyof typeof STAGES;
export const STAGE_NAMES = Object.keys(STAGES) as Stage[];

const stagesWhere = (test: (def: StageDef) => boolean) => STAGE_NAMES.filter((stage) => test(STAGES[stage]));

/** Stages in which the order's money has been received and not returned: they count as sales. */
export const PAID_STAGES = stagesWhere((def) => def.payment === "Paid");
/** Stages that wait for the customer's payment. */
export const UNPAID_STAGES = stagesWhere((def) => def.payment === "UnPaid");

/**
 * Every move an order can make, from where, to where. `moveOrder` (orders module) applies one in a
 * conditional update: an order that is not in a `from` stage any more is left as it is.
 */
export const TRANSITIONS = {
  /** A verified PayPal capture or notification. */
  pay: { from: UNPAID_STAGES, to: "paid" },
  /** The customer gives up before paying. */
  cancel: { from: UNPAID_STAGES, to: "cancelled" },
  /** The customer sends the brief (on payment, when they sent it before paying). */
  submitBrief: { from: ["paid"], to: "brief-received" },
  /** The agency starts the work, or starts on the changes asked for. */
  start: { from: ["brief-received", "changes-requested"], to: "in-progress" },
  /** The agency hands over the work (also the spec's order status "Delivered"). */
  deliver: { from: ["paid", "brief-received", "in-progress", "changes-requested"], to: "delivered" },
  /** The spec's order status set back to "Pending" after a delivery: the work goes on. */
  reopen: { from: ["delivered"], to: "in-progress" },
  /** The customer accepts the delivered work. */
  approve: { from: ["delivered"], to: "approved" },
  /** The customer asks for changes to the delivered work. */
  requestChanges: { from: ["delivered"], to: "changes-requested" },
  /** The whole payment came back (PayPal refund). */
  refund: { from: PAID_STAGES, to: "refunded" },
} as const satisfies Record<string, { from: readonly Stage[]; to: Stage }>;

export type Transition = keyof typeof TRANSITIONS;

/** True when an order in `stage` may make `move`. */
export const canMove = (stage: Stage, move: Transition): boolean => (TRANSITIONS[move].from as readonly Stage[]).includes(stage);

/** The payment status an order in `stage` shows. */
export const paymentStatusOf = (stage: Stage): PaymentStatus => STAGES[stage].payment;

/** The order status an order gets on entering `stage`, given the one it had. */
export function orderStatusOf(stage: Stage, before: OrderStatus): OrderStatus {
  const status = STAGES[stage].orderStatus;
  return status === "keep" ? before : status;
}

/** The stage an order with the spec's two statuses is in (orders placed before stages existed). */
export function stageFromStatuses(payment: PaymentStatus, order: OrderStatus): Stage {
  if (payment === "Paid") return order === "Delivered" ? "delivered" : "paid";
  // (Stages after "paid" exist only since they were recorded: no statuses lead to them.)
  if (payment === "UnPaid") return "ordered";
  return payment === "Cancelled" ? "cancelled" : "refunded";
}

// Named questions about an order, so no page or service compares status strings itself.
type Staged = { stage: Stage };
/** Stages in which `side` must act next (the agency's "waiting on us", the customer's to-do). */
export const stagesWaitingOn = (side: "customer" | "agency") => stagesWhere((def) => def.waitingOn === side);
/** Past its due date while the agency still works on it. */
export const isOverdue = (o: Staged & { dueAt: string | null }, now: string) => o.dueAt !== null && o.dueAt < now && STAGES[o.stage].waitingOn === "agency";

/** The customer may pay (Pay now is offered). */
export const isPayable = (o: Staged) => canMove(o.stage, "pay");
/** The customer may still cancel it. */
export const isCancellable = (o: Staged) => canMove(o.stage, "cancel");
/** Its money is in and counts in Total Sales and Total Spent. */
export const isPaid = (o: Staged) => PAID_STAGES.includes(o.stage);
export const isCancelled = (o: Staged) => o.stage === "cancelled";
export const isRefunded = (o: Staged) => o.stage === "refunded";
/** The agency may deliver the work now. */
export const canDeliver = (o: Staged) => canMove(o.stage, "deliver");
/** Paid, and the agency waits for the customer's brief. */
export const needsBrief = (o: Staged) => canMove(o.stage, "submitBrief");
/** The customer may still change the brief: until the agency starts the work. */
export const isBriefOpen = (o: Staged) => STAGES[o.stage].briefOpen;
/** The customer asked for changes to a delivery, and the agency has not started on them yet. */
export const changesAsked = (o: Staged) => o.stage === "changes-requested";

/** The move that sets the spec's order status `status` (the admin's status page, PUT /order-status). */
export const ORDER_STATUS_MOVES: Record<OrderStatus, Transition> = { Delivered: "deliver", Pending: "reopen" };

/**
 * The order statuses the admin's status page offers an order: the one it has, and each one a move
 * from its stage reaches (a cancelled order offers nothing else, so it has nothing to choose).
 */
export const orderStatusChoices = (o: Staged & { orderStatus: OrderStatus }): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => status === o.orderStatus || canMove(o.stage, ORDER_STATUS_MOVES[status]));

/** How a payment status reads on the pages (the API keeps the stored value, "UnPaid"). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { UnPaid: "Unpaid", Paid: "Paid", Cancelled: "Cancelled", Refunded: "Refunded" };

/** How an order's stage reads, to its customer and to admins. */
export const stageLabel = (o: Staged): string => STAGES[o.stage].label;
