import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Cell, Table } from "./table.tsx";

describe("Table", () => {
  const html = renderToStaticMarkup(
    <Table caption="People" headers={["Name", "Email"]}>
      <tr>
        <Cell>Payment capture completed</Cell>
        <Cell>
          <a href="mailto:x">maximilian.konstantin.hohenzollern@marketing.example-enterprises.co.uk</a>
        </Cell>
      </tr>
    </Table>,
  );

  it("lets a cell with an email address break it anywhere, and other cells only between words", () => {
    const cells = [...html.matchAll(/<td data-label="([^"]+)" class="([^"]+)"/g)].map(([, label, cls]) => [label, cls!.split(" ").filter((c) => c.startsWith("wrap-"))]);
    expect(cells).toEqual([
      ["Name", ["wrap-break-word"]],
      ["Email", ["wrap-anywhere"]],
    ]);
  });

  it("scrolls inside a focusable region named by its caption when it is still too wide", () => {
    expect(html).toMatch(/^<div role="region" aria-labelledby="([^"]+)" tabindex="0" class="overflow-x-auto[^"]*"><table[^>]*><caption id="\1"/);
  });
});
