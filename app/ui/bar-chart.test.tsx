import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart } from "./bar-chart.tsx";

const bars = [
  { label: "Jan", value: 4900, display: "$49.00" },
  { label: "Feb", value: 0, display: "$0.00" },
  { label: "Mar", value: -1000, display: "-$10.00" },
];

describe("BarChart", () => {
  it("is one image named by its title and described by its numbers", () => {
    const html = renderToStaticMarkup(<BarChart layout="columns" title="Revenue by month" description="Jan: $49.00" bars={bars} />);
    const [, labelledBy] = /aria-labelledby="([^"]+)"/.exec(html)!;
    const [titleId, descId] = labelledBy!.split(" ");
    expect(html).toMatch(/^<svg role="img"/);
    expect(html).toContain(`<title id="${titleId}">Revenue by month</title>`);
    expect(html).toContain(`<desc id="${descId}">Jan: $49.00</desc>`);
    expect(html).not.toContain("<script");
  });

  it("draws a column per value, a negative one below the zero line in red, and the highest value written out", () => {
    const html = renderToStaticMarkup(<BarChart layout="columns" title="t" description="d" bars={bars} />);
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain('fill="#b91c1c"');
    expect(html).toContain("Highest: $49.00");
    expect(html).toMatch(/height="0"/);
  });

  it("draws rows with their names and values", () => {
    const html = renderToStaticMarkup(<BarChart layout="rows" title="Sales by package" description="d" bars={[{ label: "A very long package name", value: 10, display: "$0.10" }]} />);
    expect(html).toContain("A very long …");
    expect(html).toContain("$0.10");
  });
});
