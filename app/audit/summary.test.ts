import { describe, expect, it } from "vitest";
import { describeChanges, describeValues, quoted } from "./summary.ts";

describe("audit summaries", () => {
  const labels = { heading: "Heading", link: "Button link" };

  it("name only the fields that changed, old and new, in the labels' order", () => {
    expect(describeChanges({ heading: "Old", link: "/a" }, { heading: "Old", link: "/b" }, labels)).toBe("Button link: “/a” → “/b”");
    expect(describeChanges({ heading: "A", link: "/a" }, { link: "/b", heading: "B" }, labels)).toBe("Heading: “A” → “B”; Button link: “/a” → “/b”");
    expect(describeChanges({ heading: "A" }, { heading: "A", id: "x" }, labels)).toBe("Saved without changes");
  });

  it("cut long values and whitespace to what a table cell shows", () => {
    expect(quoted("line one\n\n  line two")).toBe("“line one line two”");
    expect(quoted("x".repeat(100))).toBe(`“${"x".repeat(59)}…”`);
    expect(describeValues({ heading: "H", link: "" }, labels)).toBe("Heading: “H”");
    expect(describeChanges({ heading: "a".repeat(5000) }, { heading: "b" }, labels).length).toBeLessThan(200);
  });
});
