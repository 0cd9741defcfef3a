import { describe, expect, it } from "vitest";
import { sanitiseSvg } from "./svg-sanitise.server.ts";

describe("SVG sanitising", () => {
  it("keeps a plain drawing as it is", () => {
    const plain = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#eef2ff"/></svg>';
    const result = sanitiseSvg(plain)!;
    expect(result.removed).toEqual([]);
    expect(result.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="16" fill="#eef2ff"></rect></svg>');
  });

  it("takes out scripts, handlers, outside and javascript: links, and says so", () => {
    const result = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" onload="x()"><script>x()</script>' +
        '<a xlink:href="javascript:x()"><text>hi</text></a><image href="https://tracker.example/p.png"/><use href="#ok"/>' +
        '<image href="data:image/png;base64,iVBORw0KGgo="/></svg>',
    )!;
    expect(result.svg).not.toMatch(/script|onload|javascript|tracker/);
    expect(result.svg).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(result.removed).toEqual(expect.arrayContaining(["onload", "<script>", "xlink:href", "href"]));
  });

  it("writes what XML understands, and declares the namespaces a file on its own needs", () => {
    const result = sanitiseSvg('<svg viewBox="0 0 10 10"><text>a\u00a0b &amp; c</text><a xlink:href="#x"><rect/></a></svg>')!;
    expect(result.svg).toMatch(/^<svg xmlns:xlink="http:\/\/www.w3.org\/1999\/xlink" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 10 10">/);
    expect(result.svg).toContain("a&#160;b &amp; c");
  });

  it("finds no SVG in other markup", () => {
    expect(sanitiseSvg("<p>hello</p>")).toBeUndefined();
    expect(sanitiseSvg("")).toBeUndefined();
  });

  it("takes every reference outside the file out of its CSS: @import, url() in <style>, style and fill; #id and embedded data stay", () => {
    const result = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p.svg#g) } circle { fill: url(#ok) }</style>' +
        '<rect style="fill:url(\'https://evil.example/q\');stroke:red" width="5" height="5"/><circle fill="url(https://evil.example/r)" r="2"/>' +
        '<path fill="url(#ok)" d="M0 0h1"/><rect style="background:url(data:image/png;base64,iVBORw0KGgo=)"/></svg>',
    )!;
    expect(result.svg).not.toContain("evil.example");
    expect(result.svg).not.toContain("@import");
    expect(result.svg).toContain("fill: url(#ok)");
    expect(result.svg).toContain('fill="url(#ok)"');
    expect(result.svg).toContain("stroke:red");
    expect(result.svg).toContain("url(data:image/png;base64,iVBORw0KGgo=)");
    expect(result.removed).toEqual(expect.arrayContaining(["@import", "url(…)"]));
  });

  it("drops CSS that hides a reference behind escapes or comments", () => {
    const result = sanitiseSvg('<svg xmlns="http://www.w3.org/2000/svg"><style>rect { fill: u\\72l(https://evil.example/x) } @im/**/port "y.css";</style><rect style="fill:\\75rl(https://evil.example/y)"/></svg>')!;
    expect(result.svg).not.toContain("evil.example");
    expect(result.svg).not.toContain("port");
  });
});
