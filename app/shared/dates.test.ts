import { describe, expect, it } from "vitest";
import { formatDateTime, shortDate } from "./dates.ts";

describe("dates", () => {
  it("shows the UTC calendar date as MM/DD/YYYY", () => {
    expect(shortDate("2025-09-01T23:30:00.000Z")).toBe("09/01/2025");
    expect(shortDate("2024-12-31T00:00:00.000Z")).toBe("12/31/2024");
    expect(shortDate("nonsense")).toBe("");
  });

  it("shows a date and time for people in UTC, saying so", () => {
    expect(formatDateTime("2026-11-24T16:05:09.000Z")).toBe("Nov 24, 2026, 16:05 UTC");
    expect(formatDateTime("2026-01-02T00:00:00.000Z")).toBe("Jan 2, 2026, 00:00 UTC");
    expect(formatDateTime("nonsense")).toBe("");
  });
});
