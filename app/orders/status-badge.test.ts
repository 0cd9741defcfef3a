import { describe, expect, it } from "vitest";
import { STAGE_NAMES } from "../shared/order-stages.ts";
import { statusBadge } from "./status-badge.ts";

describe("status badge: one wording for customers and Admins", () => {
  it("names each stage in its own words, with the tone of whose move it is", () => {
    expect(STAGE_NAMES.map((stage) => [stage, statusBadge(stage).label, statusBadge(stage).tone])).toEqual([
      ["ordered", "Waiting for payment", "customer"],
      ["paid", "Paid", "customer"],
      ["brief-received", "Brief received", "agency"],
      ["in-progress", "In progress", "agency"],
      ["delivered", "Delivered", "customer"],
      ["changes-requested", "Changes requested", "agency"],
      ["approved", "Approved", "done"],
      ["cancelled", "Cancelled", "closed"],
      ["refunded", "Refunded", "closed"],
    ]);
  });

  it("never shows the spec's bare order status, and no two stages read alike", () => {
    const labels = STAGE_NAMES.map((stage) => statusBadge(stage).label);
    expect(labels).not.toContain("Pending");
    expect(new Set(labels).size).toBe(labels.length);
  });
});
