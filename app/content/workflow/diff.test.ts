import { describe, expect, it } from "vitest";
import { diffValues, sameValues } from "./diff.ts";
import { sections } from "../registry/sections.ts";

const def = sections.faqItems;

describe("diffValues", () => {
  it("lists the changed fields in the section's order, with their labels", () => {
    expect(diffValues(def, { accodingTitle: "Q1", accodingText: "A1" }, { accodingTitle: "Q1", accodingText: "A2" })).toEqual([
      { name: "accodingText", label: "Answer", before: "A1", after: "A2" },
    ]);
  });

  it("treats a missing version or field as empty (a create, a delete)", () => {
    expect(diffValues(def, null, { accodingTitle: "Q", accodingText: "" })).toEqual([{ name: "accodingTitle", label: "Question", before: "", after: "Q" }]);
    expect(diffValues(def, { accodingTitle: "Q", accodingText: "A" }, null).map((c) => c.after)).toEqual(["", ""]);
  });

  it("ignores keys that are not fields of the section", () => {
    expect(sameValues(def, { accodingTitle: "Q", accodingText: "A", _id: "1" }, { accodingTitle: "Q", accodingText: "A" })).toBe(true);
  });
});
