import { Card } from "../orders/cards.tsx";
import { formatUsd } from "../shared/money.ts";
import { BarChart } from "../ui/bar-chart.tsx";
import { Cell, Table } from "../ui/table.tsx";
import type { Glance } from "./glance.server.ts";
import { monthLabel } from "./range.ts";

/**
 * The admin dashboard's figures: orders waiting for payment and refunds as cards, revenue by
 * month and sales by package as charts (SVG, drawn on the server), each with its numbers as a
 * table in a details element, for screen readers and for anyone who wants the exact figures.
 */
export function BusinessAtAGlance({ glance }: { glance: Glance }) {
  const { months, packages, waiting, refunds } = glance;
  const first = monthLabel(months[0]!.month);
  const last = monthLabel(months.at(-1)!.month);
  const yearNet = months.reduce((sum, m) => sum + m.netCents, 0);
  const packageTotal = packages.reduce((sum, p) => sum + p.cents, 0);
  return (
    <section aria-labelledby="at-a-glance" className="mt-8">
      <h2 id="at-a-glance" className="mb-3 text-xl font-bold">
        The business at a glance
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Card to="/total-orders?stage=ordered" title="Waiting for payment">
            {waiting.orders === 1 ? "1 order" : `${waiting.orders} orders`}, {formatUsd(waiting.cents)}
          </Card>
        </li>
        <li>
          <Card to="/admin/reports" title="Refunds">
            {refunds.count === 1 ? "1 refund" : `${refunds.count} refunds`}, {formatUsd(refunds.cents)}
          </Card>
        </li>
      </ul>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <figure className="rounded-lg border border-gray-200 bg-white p-4">
          <figcaption className="mb-3 font-semibold">
            Revenue by month, {first} to {last}: {formatUsd(yearNet)}
          </figcaption>
          <BarChart
            layout="columns"
            title={`Revenue by month, ${first} to ${last}`}
            description={months.map((m) => `${monthLabel(m.month)}: ${formatUsd(m.netCents)}`).join("; ")}
            bars={months.map((m) => ({ label: monthLabel(m.month, true), value: m.netCents, display: formatUsd(m.netCents) }))}
          />
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-700 underline">Revenue by month as a table</summary>
            <div className="mt-3">
              <Table caption="Revenue by month (payments less refunds)" headers={["Month", "Payments", "Refunds", "Revenue"]}>
                {months.map((m) => (
                  <tr key={m.month}>
                    <Cell>{monthLabel(m.month)}</Cell>
                    <Cell>{`${formatUsd(m.receivedCents)} (${m.received})`}</Cell>
                    <Cell>{`${formatUsd(m.returnedCents)} (${m.returned})`}</Cell>
                    <Cell>{formatUsd(m.netCents)}</Cell>
                  </tr>
                ))}
              </Table>
            </div>
          </details>
        </figure>
        <figure className="rounded-lg border border-gray-200 bg-white p-4">
          <figcaption className="mb-3 font-semibold">Sales by package (paid orders): {formatUsd(packageTotal)}</figcaption>
          {packages.length ? (
            <BarChart
              layout="rows"
              title="Sales by package"
              description={packages.map((p) => `${p.packageName}: ${formatUsd(p.cents)} from ${p.orders} orders`).join("; ")}
              bars={packages.map((p) => ({ label: p.packageName, value: p.cents, display: formatUsd(p.cents) }))}
            />
          ) : (
            <p className="text-gray-700">No paid orders yet.</p>
          )}
          <details className="mt-3">
            <summary className="cursor-pointer font-semibold text-brand-700 underline">Sales by package as a table</summary>
            <div className="mt-3">
              <Table caption="Sales by package" headers={["Package", "Paid orders", "Sales"]} empty="No paid orders yet.">
                {packages.map((p) => (
                  <tr key={p.packageName}>
                    <Cell>{p.packageName}</Cell>
                    <Cell>{p.orders}</Cell>
                    <Cell>{formatUsd(p.cents)}</Cell>
                  </tr>
                ))}
              </Table>
            </div>
          </details>
        </figure>
      </div>
    </section>
  );
}
