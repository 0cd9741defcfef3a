import { describe, expect, it } from "vitest";
import { sectionSchema } from "../content.server.ts";
import { DEMO_IMAGES, demoContent } from "./demo-content.server.ts";
import { type SectionKey, sectionDef, sections } from "../registry/sections.ts";

const imagesUsed: string[] = [];
const content = demoContent((name) => {
  imagesUsed.push(name);
  return `/media/${"0".repeat(32)}-64x64-${name}.svg`;
}, 2026) as Record<string, Record<string, string>[]>;

describe("demo content", () => {
  it("fills every section but the payment account, one record for each singleton", () => {
    const keys = Object.keys(sections).filter((k) => k !== "paymentAccount");
    expect(Object.keys(content).sort()).toEqual(keys.sort());
    for (const [key, records] of Object.entries(content)) {
      const def = sectionDef(key as SectionKey);
      expect(records.length, key).toBeGreaterThan(0);
      if (def.kind === "singleton") expect(records, key).toHaveLength(1);
    }
  });

  it("passes the same validation as the admin forms", () => {
    for (const [key, records] of Object.entries(content)) {
      for (const record of records) {
        const parsed = sectionSchema(sections[key as SectionKey]).safeParse(record);
        expect(parsed.success, `${key}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  it("has the three plans with 7, 10 and 7 points", () => {
    const points = (p: Record<string, string>) => Object.entries(p).filter(([k, v]) => k.startsWith("packagePoint") && v).length;
    const plans = Object.fromEntries(content.pricingPlans!.map((p) => [p.packageName, points(p)]));
    expect(plans).toEqual({ Basic: 7, Premium: 10, Standard: 7 });
  });

  it("uses only the demo images it ships, and every one of them", () => {
    expect(imagesUsed.filter((name) => !(name in DEMO_IMAGES))).toEqual([]);
    expect(Object.keys(DEMO_IMAGES).filter((name) => !imagesUsed.includes(name))).toEqual([]);
    for (const svg of Object.values(DEMO_IMAGES)) expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  });
});
