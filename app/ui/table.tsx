import { Children, cloneElement, isValidElement, useId } from "react";
import { wrapClass } from "./wrap.ts";

/**
 * A plain data table with a caption (visible: it names the table for everyone).
 *
 * Below 640 px every row becomes a card: its cells stack, each under its column's name, so every
 * value and action is in view without sideways scrolling (docs/decisions/0024). Wider, it is an
 * ordinary table; should it still be wider than its box, the box scrolls and is a labelled,
 * focusable region, so keyboard users can scroll it too. A cell holding an email address or a URL
 * lets it break anywhere (ui/wrap.ts), so such values neither widen the page nor clip a column.
 */
export function Table({ caption, headers, children, empty }: { caption: string; headers: string[]; children: React.ReactNode; empty?: string }) {
  const rows = Children.toArray(children);
  const captionId = useId();
  return (
    // A scrollable box must be reachable by keyboard (axe: scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-lg border border-gray-200">
      <table className="table-cards min-w-full text-left text-sm sm:divide-y sm:divide-gray-200">
        <caption id={captionId} className="bg-gray-50 px-4 py-3 text-left text-base font-semibold text-ink">
          {caption}
        </caption>
        <thead className="bg-gray-50 max-sm:sr-only">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-semibold text-gray-900">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white">
          {rows.length ? (
            rows.map((row) => labelCells(row, headers))
          ) : (
            <tr>
              <td colSpan={headers.length} className="px-4 py-6 text-center text-gray-700">
                {empty ?? "Nothing here yet."}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Gives each Cell of a row its column's name, shown above the value when rows are cards. */
function labelCells(row: React.ReactNode, headers: string[]): React.ReactNode {
  if (!isValidElement<{ children?: React.ReactNode }>(row) || row.type !== "tr") return row;
  const cells = Children.toArray(row.props.children).map((cell, i) => (isValidElement<CellProps>(cell) && cell.type === Cell ? cloneElement(cell, { label: headers[i] }) : cell));
  return cloneElement(row, {}, ...cells);
}

interface CellProps {
  children: React.ReactNode;
  /** The column's name; set by Table. */
  label?: string;
}

export function Cell({ children, label }: CellProps) {
  // As a card (app.css, .table-cards) the cell shows its column's name from data-label, as
  // generated text with empty alt text: screen readers hear the column header from the table.
  return (
    <td data-label={label} className={`px-4 py-2 align-top text-gray-900 ${wrapClass(children)}`}>
      {children}
    </td>
  );
}
