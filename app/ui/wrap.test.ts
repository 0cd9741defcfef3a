import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { hasLongToken, textOf, wrapClass } from "./wrap.ts";

describe("wrapping long tokens", () => {
  it("reads the text of strings, numbers, arrays and nested elements", () => {
    expect(textOf(["Paid ", 3, createElement("a", { href: "/x" }, createElement("strong", null, "now"))])).toBe("Paid 3now");
    expect(textOf(null)).toBe("");
    expect(textOf(true)).toBe("");
  });

  it("lets an email address or a URL break anywhere, and ordinary words only between words", () => {
    const email = "maximilian.konstantin.hohenzollern@marketing.example-enterprises.co.uk";
    const url = `https://www.example.com/${"a".repeat(180)}`;
    expect(wrapClass(createElement("span", null, "Signed in as ", email))).toBe("wrap-anywhere");
    expect(wrapClass(createElement("a", { href: url }, url))).toBe("wrap-anywhere");
    expect(wrapClass("PAYMENT.CAPTURE.COMPLETED")).toBe("wrap-anywhere");
    expect(wrapClass("Payment capture completed")).toBe("wrap-break-word");
    expect(wrapClass("Nov 26, 2026, 18:28 UTC")).toBe("wrap-break-word");
  });

  it("counts a token from 24 characters without a space", () => {
    expect(hasLongToken("x".repeat(23))).toBe(false);
    expect(hasLongToken(`a ${"x".repeat(24)} b`)).toBe(true);
  });
});
