import { describe, expect, it } from "vitest";
import { PLAN_POINT_FIELDS } from "../content/plans.ts";
import {
  counterItems,
  formatPrice,
  LANDING_POINTS,
  type Plan,
  PRICING_PAGE_POINTS,
  percent,
  pickPlans,
  planPoints,
  pointLimit,
  shownWorkSteps,
  sortedSteps,
  telHref,
  truncate,
} from "./display.ts";

const plan = (name: string, id: string, points = 10): Plan =>
  ({
    _id: id,
    packageName: name,
    packagePrice: "49",
    packageButtonText: "Order",
    ...Object.fromEntries(PLAN_POINT_FIELDS.map((field, i) => [field, i < points ? `${name} point ${i + 1}` : ""])),
  }) as Plan;

describe("plans", () => {
  it("picks the first plan of each name, in the order Basic, Premium, Standard", () => {
    const picked = pickPlans([plan("Standard", "s"), plan("Premium", "p"), plan("Basic", "b"), plan("Basic", "b2")]);
    expect(picked.map((p) => p._id)).toEqual(["b", "p", "s"]);
    expect(pickPlans([plan("Premium", "p")]).map((p) => p._id)).toEqual(["p"]);
  });

  it("shows up to 7 points (Premium 10) on the landing page and 7 (Premium 8) on /pricing/", () => {
    expect(planPoints(plan("Basic", "b"), pointLimit(LANDING_POINTS, plan("Basic", "b")))).toHaveLength(7);
    expect(planPoints(plan("Premium", "p"), pointLimit(LANDING_POINTS, plan("Premium", "p")))).toHaveLength(10);
    expect(planPoints(plan("Standard", "s"), pointLimit(LANDING_POINTS, plan("Standard", "s")))).toHaveLength(7);
    expect(planPoints(plan("Premium", "p"), pointLimit(PRICING_PAGE_POINTS, plan("Premium", "p")))).toHaveLength(8);
    expect(planPoints(plan("Basic", "b"), pointLimit(PRICING_PAGE_POINTS, plan("Basic", "b")))).toEqual(
      PLAN_POINT_FIELDS.slice(0, 7).map((_, i) => `Basic point ${i + 1}`),
    );
  });

  it("skips empty points", () => {
    const p = plan("Premium", "p", 3);
    expect(planPoints(p, 10)).toEqual(["Premium point 1", "Premium point 2", "Premium point 3"]);
  });

  it("formats prices: $ and cents on the landing page, $ prefix as stored on /pricing/", () => {
    expect(formatPrice("49", true)).toBe("$49.00");
    expect(formatPrice("49.5", true)).toBe("$49.50");
    expect(formatPrice("1200", true)).toBe("$1,200.00");
    expect(formatPrice("49", false)).toBe("$49");
  });
});

describe("steps and numbers", () => {
  it("shows only work steps 1 to 4, sorted, as 01 to 04", () => {
    const steps = ["5", "2", "4", "1", "3", "0", "x"].map((n) => ({ stepNumber: n, id: n }));
    expect(shownWorkSteps(steps).map((s) => [s.label, s.step.id])).toEqual([
      ["01", "1"],
      ["02", "2"],
      ["03", "3"],
      ["04", "4"],
    ]);
  });

  it("sorts ordinary steps by number", () => {
    expect(sortedSteps([{ stepNumber: "3" }, { stepNumber: "1" }, { stepNumber: "2" }]).map((s) => s.stepNumber)).toEqual(["1", "2", "3"]);
  });

  it("lists counters that have a number and a label", () => {
    const items = counterItems({
      _id: "c",
      happyClientsNumber: "320",
      happyClientsText: "Happy clients",
      projectCompleteNumber: "540",
      projectCompleteText: "Projects",
      yearofExperienceNumber: "12",
      yearofExperienceText: "Years",
      teamNumber: "18",
      teamText: "Team",
      winingAwardNumber: "",
      winingAwardText: "",
    });
    expect(items.map((i) => `${i.value} ${i.label}`)).toEqual(["320 Happy clients", "540 Projects", "12 Years", "18 Team"]);
  });

  it("clamps percents", () => {
    expect([percent("85"), percent("150"), percent("-3"), percent("abc")]).toEqual([85, 100, 0, 0]);
  });
});

describe("text helpers", () => {
  it("truncates at a word boundary", () => {
    expect(truncate("short text")).toBe("short text");
    const long = "word ".repeat(60);
    const cut = truncate(long, 160);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith("word…")).toBe(true);
  });

  it("makes tel: links from phone numbers", () => {
    expect(telHref("+1 (212) 555-0147")).toBe("tel:+12125550147");
  });
});
