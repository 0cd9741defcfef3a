import { describe, expect, it } from "vitest";
import { attributesOf, internalPath, pageFacts, wordCount } from "./html-checks.ts";

const page = (head: string, body: string) => `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`;

describe("reading a rendered page", () => {
  it("reads the title, description and robots noindex, entities decoded", () => {
    const facts = pageFacts(page('<meta charset="utf-8"><title>Prices &amp; plans | Rankwell</title><meta name="description" content="From $49 &quot;Basic&quot;."><meta name="robots" content="noindex">', "<main></main>"));
    expect(facts).toMatchObject({ title: "Prices & plans | Rankwell", description: 'From $49 "Basic".', noindex: true });
    expect(pageFacts(page("<title></title>", "")).title).toBe("");
    expect(pageFacts(page("", "")).noindex).toBe(false);
  });

  it("counts h1 elements, not h1 inside scripts or comments or other tags that start with h1", () => {
    expect(pageFacts(page("", "<h1>One</h1><h2>x</h2>")).h1Count).toBe(1);
    expect(pageFacts(page("", "<h1 class='a'>One</h1><section><h1>Two</h1></section>")).h1Count).toBe(2);
    expect(pageFacts(page("", "<p>none</p><!-- <h1>old</h1> --><script>'<h1>'</script><h10>")).h1Count).toBe(0);
  });

  it("finds images without an alt attribute; alt=\"\" (decorative) counts as present", () => {
    const facts = pageFacts(page("", '<img src="/a.png" alt="A dog"><img src="/b.png" alt=""><img src="/c.png"><img alt src="/d.png"><img data-alt="x" src=/e.png>'));
    expect(facts.images).toEqual([
      { src: "/a.png", hasAlt: true },
      { src: "/b.png", hasAlt: true },
      { src: "/c.png", hasAlt: false },
      { src: "/d.png", hasAlt: true },
      { src: "/e.png", hasAlt: false },
    ]);
  });

  it("lists links and keeps those that lead to pages of the site", () => {
    const facts = pageFacts(page("", '<a href="/pricing/">P</a><a href="https://x.example/service/?a=1#b">S</a><a href="https://other.example/">O</a><a href="#top">T</a><a href="mailto:a@b.c">M</a><a>none</a>'));
    expect(facts.links).toEqual(["/pricing/", "https://x.example/service/?a=1#b", "https://other.example/", "#top", "mailto:a@b.c"]);
    const paths = facts.links.map((href) => internalPath(href, "/blog/post/", "https://x.example"));
    expect(paths).toEqual(["/pricing/", "/service/", undefined, undefined, undefined]);
    expect(internalPath("next/", "/blog/", "https://x.example")).toBe("/blog/next/");
    expect(internalPath("/media/abc.png", "/", "https://x.example")).toBeUndefined();
  });

  it("counts the words of the article, else of main, not of the header or footer", () => {
    expect(pageFacts(page("", "<header>Menu words here</header><main><p>One two</p><p>three &mdash; four.</p></main><footer>x y z</footer>")).words).toBe(4);
    expect(pageFacts(page("", "<main><article><h1>Title here</h1><p>a b c</p></article><aside>more words</aside></main>")).words).toBe(5);
    expect(wordCount(" — a, b ")).toBe(2);
  });

  it("reads attributes in every quoting style", () => {
    expect(attributesOf(`<a href='/x' data-a="1" hidden b=c>`)).toEqual({ href: "/x", "data-a": "1", hidden: "", b: "c" });
  });
});
