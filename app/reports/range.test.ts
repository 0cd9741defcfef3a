import { describe, expect, it } from "vitest";
import { instants, monthLabel, monthsBack, nextMonthStart, reportRangeSchema } from "./range.ts";

describe("report months and ranges (UTC)", () => {
  it("counts twelve months back across the turn of the year, oldest first", () => {
    const months = monthsBack(new Date("2026-02-10T00:30:00Z"), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2025-03");
    expect(months.at(-1)).toBe("2026-02");
    expect(nextMonthStart("2025-12")).toBe("2026-01-01T00:00:00.000Z");
    expect(monthLabel("2025-12")).toBe("Dec 2025");
  });

  it("takes both days in: to the start of the day after the last", () => {
    expect(instants({ from: "2026-02-01", to: "2026-02-28" })).toEqual({ from: "2026-02-01T00:00:00.000Z", toExclusive: "2026-03-01T00:00:00.000Z" });
  });

  it("refuses impossible dates and a To before From, naming the field; empty is this month so far", () => {
    const issue = (input: object) => reportRangeSchema.safeParse(input).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(issue({ from: "2026-02-30", to: "" })).toEqual([["from", "From must be a date (YYYY-MM-DD)"]]);
    expect(issue({ from: "2026-03-02", to: "2026-03-01" })).toEqual([["to", "To must not be before From"]]);
    const today = new Date().toISOString().slice(0, 10);
    expect(reportRangeSchema.parse({})).toEqual({ from: `${today.slice(0, 7)}-01`, to: today });
  });
});
