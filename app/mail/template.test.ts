import { describe, expect, it } from "vitest";
import { absoluteUrl, contentFromText, escapeHtml, mailHtml, mailText } from "./template.ts";

const brand = { name: "Rankwell", appUrl: "https://r.example" };

describe("mailText", () => {
  it("writes paragraphs, the table as label: value lines and the button as label: address, between blank lines", () => {
    const text = mailText({
      title: "Payment received",
      paragraphs: ["Hello Ada,", "Thank you."],
      table: [
        ["Order", "abc"],
        ["Amount", "$49.00 (USD)"],
      ],
      button: { label: "Your orders", url: "https://r.example/my-order" },
      after: ["Bye."],
    });
    expect(text).toBe("Hello Ada,\n\nThank you.\n\nOrder: abc\nAmount: $49.00 (USD)\n\nYour orders: https://r.example/my-order\n\nBye.");
  });
});

describe("mailHtml", () => {
  it("escapes everything a person typed: names, table values, titles", () => {
    const html = mailHtml({ title: "<script>x</script>", paragraphs: [`Hello <img src=x onerror=alert(1)> "&",`], table: [["Name", "<b>Bob</b>"]] }, brand);
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("<b>Bob");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Hello &lt;img src=x onerror=alert(1)&gt; &quot;&amp;&quot;,");
    expect(html).toContain("&lt;b&gt;Bob&lt;/b&gt;");
  });

  it("makes the button absolute to APP_URL and refuses a javascript: address", () => {
    expect(mailHtml({ title: "t", paragraphs: [], button: { label: "Open", url: "/orders/1" } }, brand)).toContain('href="https://r.example/orders/1"');
    const bad = mailHtml({ title: "t", paragraphs: [], button: { label: "Open", url: "javascript:alert(1)" } }, brand);
    expect(bad).not.toContain('href="javascript');
    expect(absoluteUrl("data:text/html,x", brand.appUrl)).toBeUndefined();
  });

  it("shows the logo when mail clients can show it, else the site's name; layout in tables with inline styles", () => {
    const withLogo = mailHtml({ title: "t", paragraphs: ["p"] }, { ...brand, logo: { url: "/media/logo.png", width: 200, height: 50 } });
    expect(withLogo).toContain('<img src="https://r.example/media/logo.png" alt="Rankwell" height="40" width="160"');
    const plain = mailHtml({ title: "t", paragraphs: ["p"] }, brand);
    expect(plain).not.toContain("<img");
    expect(plain).toContain(">Rankwell</span>");
    expect(plain).toContain('role="presentation"');
    expect(plain).not.toContain("<style");
  });

  it("turns addresses in paragraphs into links, escaped", () => {
    const html = mailHtml(contentFromText("Subject", "Open:\nhttps://r.example/a?b=1&c=2\n\nBye"), brand);
    expect(html).toContain('<a href="https://r.example/a?b=1&amp;c=2"');
    expect(html).toContain(">Subject</h1>");
    expect(escapeHtml(`'"`)).toBe("&#39;&quot;");
  });
});
