import { describe, expect, it } from "vitest";
import { formattedAsText, formattedProblem, isFormattedLink, renderFormatted, withFormatted } from "./formatted.server.ts";
import { formatted, text } from "./fields.ts";

describe("renderFormatted", () => {
  it("renders the subset: paragraphs, line breaks, bold, italic, links and lists", () => {
    expect(renderFormatted("One **two** *three*\nfour\n\n[site](/pricing/) [web](https://example.com/a?b=1) [mail](mailto:a@b.io)\n\n1. x\n2. y")).toBe(
      '<p>One <strong>two</strong> <em>three</em><br>\nfour</p>\n<p><a href="/pricing/">site</a> <a href="https://example.com/a?b=1">web</a> <a href="mailto:a@b.io">mail</a></p>\n<ol>\n<li>x</li>\n<li>y</li>\n</ol>',
    );
  });

  it("leaves everything else as escaped text", () => {
    expect(renderFormatted("# Not a heading\n> not a quote\n`not code`")).toBe("<p># Not a heading<br>\n&gt; not a quote<br>\n`not code`</p>");
    expect(renderFormatted("")).toBe("");
  });

  // Whatever an attacker types, the output holds only these tags, and links only safe addresses.
  const hostile = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[x](javascript:alert(1))",
    "[x](JaVaScRiPt:alert(1))",
    "[x](java\tscript:alert(1))",
    "[x](vbscript:msgbox(1))",
    "[x](data:text/html;base64,PHNjcmlwdD4=)",
    "[x](//evil.example/path)",
    "[x](/\\evil.example)",
    "<javascript:alert(1)>",
    "![x](https://example.com/x.png)",
    '[x](https://example.com "title" onmouseover="alert(1)")',
    "<a href=\"https://example.com\" onclick=\"alert(1)\">x</a>",
    "[x]: javascript:alert(1)\n\n[y][x]",
    "&lt;script&gt;alert(1)&lt;/script&gt;",
    "*<svg/onload=alert(1)>*",
    "<!-- <script>alert(1)</script> -->",
    "[a](mailto:x@y.z?subject=<script>)",
  ];
  const allowedTag = /^<\/?(p|br|strong|em|ul|ol|li|a( href="(https?:\/\/[^"\s]+|mailto:[^"\s]+|\/(?![/\\])[^"\s]*|#[\w-]*)")?)>$/;
  for (const input of hostile) {
    it(`outputs only safe markup for ${JSON.stringify(input)}`, () => {
      const html = renderFormatted(input);
      for (const tag of html.match(/<[^>]*>/g) ?? []) expect(tag).toMatch(allowedTag);
      // Anything dangerous is at most visible text (escaped), never markup.
      expect(html).not.toMatch(/<(script|img|svg|iframe)/i);
    });
  }
});

describe("formattedProblem", () => {
  it("accepts the subset and plain text with < or & in it", () => {
    expect(formattedProblem("Answer", "**Yes**, see [prices](/pricing/) or <https://example.com>; 1 < 2 & 3 > 2.\n\n- a\n- b")).toBeUndefined();
  });

  it("names raw HTML, images and unsafe links", () => {
    expect(formattedProblem("Answer", "<b>bold</b>")).toBe("Answer cannot contain HTML tags; use **bold**, *italic* or [link text](https://…) instead");
    expect(formattedProblem("Answer", "<div>\nblock\n</div>")).toBe("Answer cannot contain HTML tags; use **bold**, *italic* or [link text](https://…) instead");
    expect(formattedProblem("Answer", "![alt](/images/x.svg)")).toBe("Answer cannot show images; use an image field for pictures");
    for (const href of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "ftp://example.com", "mailto:not-an-address"]) {
      expect(formattedProblem("Answer", `[x](${href})`), href).toBe("Answer: links must start with https://, http://, mailto: or / (a page of this site)");
    }
    expect(formattedProblem("Answer", "<javascript:alert(1)>")).toBe("Answer: links must start with https://, http://, mailto: or / (a page of this site)");
  });
});

describe("isFormattedLink", () => {
  it("allows http(s) with a host, mailto with an address, site paths and anchors", () => {
    for (const ok of ["https://example.com", "http://example.com/x", "mailto:a@b.io", "/pricing/", "#faq"]) expect(isFormattedLink(ok), ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "https://", "//host", "/\\host", "mailto:", "mailto:a@b@c", "tel:123", "relative/path"]) expect(isFormattedLink(bad), bad).toBe(false);
  });
});

describe("plain text and records", () => {
  it("gives the text without markup for meta descriptions", () => {
    expect(formattedAsText("**We** grow [your](/x) traffic &amp; sales.\n\n- fast\n- fair")).toBe("We grow your traffic & sales. fast fair");
  });

  it("adds _html and _text for formatted fields only", () => {
    const record = withFormatted({ title: text("Title"), body: formatted("Body") }, { _id: "1", title: "*T*", body: "*B*" });
    expect(record).toEqual({ _id: "1", title: "*T*", body: "*B*", _html: { body: "<p><em>B</em></p>" }, _text: { body: "B" } });
    expect(withFormatted({ title: text("Title") }, { title: "x" })).toEqual({ title: "x" });
  });
});
