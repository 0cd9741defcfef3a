import { describe, expect, it } from "vitest";
import { describeChanges, describeValues, excerpt, quoted } from "./summary.ts";

describe("audit summaries", () => {
  const labels = { heading: "Heading", link: "Button link" };

  it("name only the fields that changed, old and new, in the labels' order", () => {
    expect(describeChanges({ heading: "Old", link: "/a" }, { heading: "Old", link: "/b" }, labels)).toBe("Button link: “/a” → “/b”");
    expect(describeChanges({ heading: "A", link: "/a" }, { link: "/b", heading: "B" }, labels)).toBe("Heading: “A” → “B”; Button link: “/a” → “/b”");
    expect(describeChanges({ heading: "A" }, { heading: "A", id: "x" }, labels)).toBe("Saved without changes");
  });

  it("cut names short, show values of a length people enter whole, cut longer ones, fold whitespace", () => {
    expect(quoted("line one\n\n  line two")).toBe("“line one line two”");
    expect(quoted("x".repeat(100))).toBe(`“${"x".repeat(59)}…”`);
    const url = `https://example.com/${"x".repeat(180)}`;
    expect(excerpt(url)).toBe(`“${url}”`);
    expect(excerpt("x".repeat(300))).toBe(`“${"x".repeat(250)}…”`);
    expect(describeValues({ link: url }, labels)).toBe(`Button link: “${url}”`);
    expect(describeValues({ heading: "H", link: "" }, labels)).toBe("Heading: “H”");
    expect(describeChanges({ heading: "a".repeat(5000) }, { heading: "b" }, labels).length).toBeLessThan(600);
  });

  it("tell apart two long values that differ only near their end", () => {
    const before = `https://example.com/${"x".repeat(400)}/first`;
    const after = `https://example.com/${"x".repeat(400)}/second`;
    const summary = describeChanges({ link: before }, { link: after }, labels);
    const [old, updated] = summary.replace("Button link: ", "").split(" → ");
    expect(old).not.toBe(updated);
    expect(old).toMatch(/^“….*\/first”$/);
    expect(updated).toMatch(/^“….*\/second”$/);
    // Two 200-character URLs show whole.
    const short = (tail: string) => `https://example.com/${"y".repeat(170)}/${tail}`;
    expect(describeChanges({ link: short("a") }, { link: short("b") }, labels)).toBe(`Button link: “${short("a")}” → “${short("b")}”`);
  });
});
