import { describe, expect, it } from "vitest";
import type { Plan } from "./display.ts";
import { faqLd, graphLd, offersLd, organizationLd, pageMeta, serializeJsonLd } from "./seo.ts";

describe("meta tags", () => {
  it("has title, description, canonical and Open Graph tags with absolute URLs", () => {
    const meta = pageMeta({ siteUrl: "https://rankwell.example", path: "/pricing/", title: "Pricing", description: "Plans", image: "/images/x.png" });
    expect(meta).toContainEqual({ title: "Pricing" });
    expect(meta).toContainEqual({ name: "description", content: "Plans" });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://rankwell.example/pricing/" });
    expect(meta).toContainEqual({ property: "og:url", content: "https://rankwell.example/pricing/" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://rankwell.example/images/x.png" });
    expect(meta).toContainEqual({ property: "og:type", content: "website" });
  });

  it("shares a PNG instead of an SVG (social networks do not show SVG)", () => {
    const meta = pageMeta({ siteUrl: "https://r.example", path: "/", title: "T", description: "D", image: "/images/banner.svg" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://r.example/images/og-image.png" });
    const external = pageMeta({ siteUrl: "https://r.example", path: "/", title: "T", description: "D", image: "https://cdn.example/a.jpg" });
    expect(external).toContainEqual({ property: "og:image", content: "https://cdn.example/a.jpg" });
  });
});

describe("JSON-LD", () => {
  it("escapes < so content cannot close the script, and parses back unchanged", () => {
    const value = { text: "</script><script>alert(1)</script> & \u2028" };
    const json = serializeJsonLd(value);
    expect(json).not.toContain("<");
    expect(json).not.toContain(">");
    expect(JSON.parse(json)).toEqual(value);
  });

  it("describes the organisation, the offers in USD and the FAQ", () => {
    const plan = { _id: "abc", packageName: "Basic", packagePrice: "49", packageButtonText: "Go" } as Plan;
    const doc = graphLd([
      organizationLd({ siteUrl: "https://r.example", logo: "/images/logo.svg" }),
      ...offersLd("https://r.example", [plan], () => ["one", "two"]),
      faqLd([{ _id: "f", accodingTitle: "Q?", accodingText: "A." }]),
      faqLd([]),
    ]);
    const graph = doc["@graph"] as Record<string, unknown>[];
    expect(graph.map((n) => n["@type"])).toEqual(["Organization", "Product", "FAQPage"]);
    expect(graph[0]).toMatchObject({ name: "Rankwell", url: "https://r.example/", logo: "https://r.example/images/logo.svg" });
    expect(graph[1]).toMatchObject({ name: "Rankwell Basic SEO package", offers: { "@type": "Offer", price: "49.00", priceCurrency: "USD" } });
    expect(graph[2]).toMatchObject({ mainEntity: [{ "@type": "Question", name: "Q?", acceptedAnswer: { "@type": "Answer", text: "A." } }] });
  });
});
