import { describe, expect, it } from "vitest";
import { PLAN_POINT_FIELDS } from "../content/registry/plans.ts";
import {
  counterItems,
  numberedSteps,
  type Plan,
  percent,
  pickPlans,
  planPoints,
  skillBars,
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

  it("shows every point a plan has, skipping empty ones", () => {
    expect(planPoints(plan("Premium", "p"))).toEqual(PLAN_POINT_FIELDS.map((_, i) => `Premium point ${i + 1}`));
    expect(planPoints(plan("Basic", "b", 3))).toEqual(["Basic point 1", "Basic point 2", "Basic point 3"]);
  });
});

describe("steps and numbers", () => {
  it("keeps the list's order and numbers steps by place, whatever their stored number", () => {
    const steps = ["5", "2", "9"].map((n) => ({ stepNumber: n, id: n }));
    expect(numberedSteps(steps).map((s) => [s.label, s.step.id])).toEqual([
      ["01", "5"],
      ["02", "2"],
      ["03", "9"],
    ]);
    expect(numberedSteps(steps, 2)).toHaveLength(2);
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

  it("takes skill bars from the experience section, labelled ones only", () => {
    const experience = { skillOneText: "SEO", skillOneNumber: "90", skillTwoText: "", skillTwoNumber: "50", skillThreeText: "Links", skillThreeNumber: "150" } as never;
    expect(skillBars(experience)).toEqual([
      { label: "SEO", value: 90 },
      { label: "Links", value: 100 },
    ]);
    expect(skillBars(undefined)).toEqual([]);
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
