import { describe, expect, it } from "vitest";
import { cutText, displayUrl, serpResult, serpWarnings } from "./serp.ts";

const kinds = (title: string, description: string) => serpWarnings({ title, description }).map((w) => w.kind);
const words = (n: number) => "x".repeat(n);

describe("search result rules", () => {
  it("warns about a title over 60 characters, not at 60", () => {
    expect(kinds(words(60), words(100))).toEqual([]);
    expect(kinds(words(61), words(100))).toEqual(["title-long"]);
    expect(serpWarnings({ title: words(70), description: words(100) })[0]!.message).toContain("70 characters");
  });
  it("warns about a description over 160 or under 70 characters", () => {
    expect(kinds("T", words(70))).toEqual([]);
    expect(kinds("T", words(160))).toEqual([]);
    expect(kinds("T", words(161))).toEqual(["description-long"]);
    expect(kinds("T", words(69))).toEqual(["description-short"]);
  });
  it("warns about a missing title or description; spaces alone count as missing", () => {
    expect(kinds("  ", "\n")).toEqual(["title-missing", "description-missing"]);
  });
  it("counts characters as people do (an emoji is one)", () => {
    expect(kinds("🚀".repeat(60), words(100))).toEqual([]);
  });
  it("cuts long text on a word with an ellipsis", () => {
    expect(cutText("short", 60)).toBe("short");
    const cut = cutText("word ".repeat(30), 60);
    expect(cut.endsWith("word…")).toBe(true);
    expect([...cut].length).toBeLessThanOrEqual(60);
  });
  it("shows the address as a search engine does", () => {
    expect(displayUrl("https://rankwell.example", "/blog/my-post/")).toBe("rankwell.example › blog › my-post");
    expect(displayUrl("https://rankwell.example", "/")).toBe("rankwell.example");
  });
  it("shows the fallback when the fields are empty, and says so", () => {
    const result = serpResult({ siteUrl: "https://a.example", path: "/pricing/", metaTitle: " ", fallback: { title: "Prices | Rankwell", description: "From $49." } });
    expect(result).toMatchObject({ title: "Prices | Rankwell", description: "From $49.", fallbackTitle: true, fallbackDescription: true, url: "a.example › pricing" });
    expect(result.warnings.map((w) => w.kind)).toEqual(["description-short"]);
    const own = serpResult({ siteUrl: "https://a.example", metaTitle: "Mine", metaDescription: words(100), fallback: { title: "F", description: "F" } });
    expect(own).toMatchObject({ title: "Mine", fallbackTitle: false, fallbackDescription: false, warnings: [] });
  });
});
