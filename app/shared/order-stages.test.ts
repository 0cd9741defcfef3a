import { describe, expect, it } from "vitest";
import { canMove, isBriefOpen, isOverdue, isPaid, needsBrief, stagesWaitingOn, orderStatusOf, PAID_STAGES, PAYMENT_STATUS_LABELS, paymentStatusOf, STAGE_NAMES, stageFromStatuses, stageLabel, TRANSITIONS } from "./order-stages.ts";

describe("order stages", () => {
  it("a paid order never reads Pending: the stage decides the wording", () => {
    expect(stageLabel({ stage: "ordered" })).toBe("Waiting for payment");
    expect(stageLabel({ stage: "paid" })).toBe("Paid");
    expect(stageLabel({ stage: "in-progress" })).toBe("In progress");
    expect(stageLabel({ stage: "cancelled" })).toBe("Cancelled");
    expect(stageLabel({ stage: "refunded" })).toBe("Refunded");
    expect(stageLabel({ stage: "delivered" })).toBe("Delivered");
  });

  it("pages say Unpaid, not the stored UnPaid", () => {
    expect(PAYMENT_STATUS_LABELS.UnPaid).toBe("Unpaid");
  });

  it("the spec's two statuses follow from the stage, and back", () => {
    for (const stage of ["ordered", "paid", "delivered", "cancelled", "refunded"] as const) {
      expect(stageFromStatuses(paymentStatusOf(stage), orderStatusOf(stage, "Pending"))).toBe(stage);
    }
    expect(STAGE_NAMES.filter((stage) => orderStatusOf(stage, "Pending") === "Delivered")).toEqual(["delivered", "approved"]);
    expect(STAGE_NAMES.filter((stage) => paymentStatusOf(stage) === "Paid")).toEqual(["paid", "brief-received", "in-progress", "delivered", "changes-requested", "approved"]);
    // A refund does not undo a delivery in the spec's order status.
    expect(orderStatusOf("refunded", "Delivered")).toBe("Delivered");
  });

  it("every move starts and ends at a known stage; money moves only in and out of paid stages", () => {
    for (const [name, move] of Object.entries(TRANSITIONS)) {
      expect(STAGE_NAMES, name).toContain(move.to);
      for (const from of move.from) expect(STAGE_NAMES, name).toContain(from);
    }
    expect(canMove("ordered", "pay")).toBe(true);
    expect(canMove("cancelled", "pay")).toBe(false);
    expect(canMove("ordered", "deliver")).toBe(false);
    expect(canMove("paid", "approve")).toBe(false);
    expect(canMove("delivered", "approve")).toBe(true);
    expect(canMove("changes-requested", "deliver")).toBe(true);
    expect(canMove("delivered", "refund")).toBe(true);
    expect(PAID_STAGES.every((stage) => isPaid({ stage }))).toBe(true);
    expect(isPaid({ stage: "refunded" })).toBe(false);
  });

  it("the brief is open until the work starts, and needed once the order is paid", () => {
    expect(STAGE_NAMES.filter((stage) => isBriefOpen({ stage }))).toEqual(["ordered", "paid", "brief-received"]);
    expect(STAGE_NAMES.filter((stage) => needsBrief({ stage }))).toEqual(["paid"]);
    expect(stagesWaitingOn("agency")).toEqual(["brief-received", "in-progress", "changes-requested"]);
    expect(isOverdue({ stage: "in-progress", dueAt: "2020-01-01T00:00:00.000Z" }, "2026-01-01T00:00:00.000Z")).toBe(true);
    expect(isOverdue({ stage: "delivered", dueAt: "2020-01-01T00:00:00.000Z" }, "2026-01-01T00:00:00.000Z")).toBe(false);
  });
});
