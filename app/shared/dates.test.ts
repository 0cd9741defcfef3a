import { describe, expect, it } from "vitest";
import { shortDate } from "./dates.ts";

describe("dates", () => {
  it("shows the UTC calendar date as MM/DD/YYYY", () => {
    expect(shortDate("2025-09-01T23:30:00.000Z")).toBe("09/01/2025");
    expect(shortDate("2024-12-31T00:00:00.000Z")).toBe("12/31/2024");
    expect(shortDate("nonsense")).toBe("");
  });
});
