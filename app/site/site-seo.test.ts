import { describe, expect, it } from "vitest";
import { pricingFallback, sitePageMeta } from "./site-seo.ts";

const entry = (values: Record<string, string>) => ({ page: "Pricing", metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", noindex: "", ...values });
const meta = (values?: Record<string, string>) => sitePageMeta(false, { siteUrl: "https://x.example", path: "/pricing/", ...pricingFallback([]) }, values ? [entry(values)] : []);
const find = (tags: ReturnType<typeof meta>, pick: (t: Record<string, unknown>) => boolean) => tags.find((t) => pick(t as Record<string, unknown>)) as Record<string, string> | undefined;

describe("a spec page's meta with its search appearance", () => {
  it("falls back to the content when the fields are empty or there is no entry", () => {
    for (const tags of [meta(), meta({})]) {
      expect(find(tags, (t) => "title" in t)?.title).toBe("SEO packages and prices | Rankwell");
      expect(find(tags, (t) => t.rel === "canonical")?.href).toBe("https://x.example/pricing/");
      expect(find(tags, (t) => t.name === "robots")).toBeUndefined();
    }
  });
  it("uses the editor's title, description, canonical URL, social image and noindex", () => {
    const tags = meta({ metaTitle: "Cheap SEO", metaDescription: "Plans from $49.", canonicalUrl: "/service/", socialImage: "/media/a.png", noindex: "Yes" });
    expect(find(tags, (t) => "title" in t)?.title).toBe("Cheap SEO");
    expect(find(tags, (t) => t.name === "description")?.content).toBe("Plans from $49.");
    expect(find(tags, (t) => t.rel === "canonical")?.href).toBe("https://x.example/service/");
    expect(find(tags, (t) => t.property === "og:image")?.content).toBe("https://x.example/media/a.png");
    expect(find(tags, (t) => t.name === "robots")?.content).toBe("noindex");
  });
  it("ignores another page's entry", () => {
    const tags = sitePageMeta(false, { siteUrl: "", path: "/", title: "Home", description: "d" }, [entry({ metaTitle: "Cheap SEO" })]);
    expect(find(tags, (t) => "title" in t)?.title).toBe("Home");
  });
});
