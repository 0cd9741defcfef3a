import { describe, expect, it } from "vitest";
import { formatDateTime, formatPrice } from "./format.ts";

describe("display format", () => {
  it("shows stored plan prices in the same format", () => {
    expect(formatPrice("49")).toBe("$49.00");
    expect(formatPrice("49.5")).toBe("$49.50");
    expect(formatPrice("1200")).toBe("$1,200.00");
    expect(formatPrice(" 99.99 ")).toBe("$99.99");
    expect(formatPrice("ask us")).toBe("$ask us");
  });

  it("shows date and time in UTC", () => {
    expect(formatDateTime("2026-11-24T16:05:09.000Z")).toBe("Nov 24, 2026, 16:05 UTC");
    expect(formatDateTime("2026-01-02T00:00:00.000Z")).toBe("Jan 2, 2026, 00:00 UTC");
    expect(formatDateTime("nonsense")).toBe("");
  });
});
