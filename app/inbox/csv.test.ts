import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv.ts";

describe("csv", () => {
  it("quotes every cell and doubles quotes inside", () => {
    expect(csvCell("a@b.io")).toBe('"a@b.io"');
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvRow(["a", "b"])).toBe('"a","b"\r\n');
  });

  it("defuses values a spreadsheet would run as formulas", () => {
    for (const value of ["=HYPERLINK(\"x\")", "+1@x.io", "-2+3@x.io", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(value).startsWith(`"'`)).toBe(true);
    }
    expect(csvCell("plain@x.io")).toBe('"plain@x.io"');
  });

  it("leaves a negative amount a number, and still defuses anything more after a minus", () => {
    expect(csvCell("-149.99")).toBe('"-149.99"');
    expect(csvCell("-5")).toBe('"-5"');
    for (const value of ["-1+1", "-149.99)*cmd", "-1.2.3", "- 1"]) expect(csvCell(value).startsWith(`"'`)).toBe(true);
  });
});
