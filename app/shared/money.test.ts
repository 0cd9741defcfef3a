import { describe, expect, it } from "vitest";
import { amountToCents, centsToAmount, formatPrice, formatUsd } from "./money.ts";

describe("money", () => {
  it("parses plan prices exactly, without floating point", () => {
    expect(amountToCents("49")).toBe(4900);
    expect(amountToCents("149.99")).toBe(14999);
    expect(amountToCents("49.5")).toBe(4950);
    expect(amountToCents("0.29")).toBe(29);
    expect(amountToCents(" 10.00 ")).toBe(1000);
  });

  it("refuses anything that is not a plain non-negative amount", () => {
    for (const bad of ["", "-1", "1.999", "abc", "1e3", "$49", "49,00", "1.", ".5"]) expect(amountToCents(bad), bad).toBeNull();
  });

  it("formats cents as PayPal amounts and as US dollars", () => {
    expect(centsToAmount(4900)).toBe("49.00");
    expect(centsToAmount(14999)).toBe("149.99");
    expect(centsToAmount(5)).toBe("0.05");
    expect(formatUsd(0)).toBe("$0.00");
    expect(formatUsd(14999)).toBe("$149.99");
    expect(formatUsd(123456789)).toBe("$1,234,567.89");
  });

  it("shows stored plan prices in the same format as amounts", () => {
    expect(formatPrice("49")).toBe("$49.00");
    expect(formatPrice("49.5")).toBe("$49.50");
    expect(formatPrice("1200")).toBe("$1,200.00");
    expect(formatPrice(" 99.99 ")).toBe("$99.99");
    expect(formatPrice("ask us")).toBe("$ask us");
  });
});
