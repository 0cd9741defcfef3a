import { data, Form } from "react-router";
import { AppError, parseInput } from "~/errors.ts";
import { movementTotals } from "~/reports/money.server.ts";
import { instants, reportRangeSchema } from "~/reports/range.ts";
import { requestContext } from "~/services.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/reports";

export const meta: Route.MetaFunction = () => [{ title: "Reports | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** The money of a date range (this month so far unless asked), from the query string: a plain GET form, so the address can be shared. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  try {
    const range = parseInput(reportRangeSchema, asked);
    return { asked: range, errors: {} as Record<string, string>, totals: await movementTotals(services.db, instants(range)) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ asked, errors: error.fields ?? {}, totals: null }, { status: 400 });
  }
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { asked, errors, totals } = loaderData;
  const csv = `/admin/reports/money.csv?${new URLSearchParams(asked).toString()}`;
  return (
    <>
      <h1 className="mb-4 text-3xl font-bold">Reports</h1>
      <p className="mb-6 max-w-3xl text-gray-700">
        Money that came in and went back between two days (UTC, both included): every payment and every refund recorded from PayPal, one row each in the CSV
        file for your bookkeeper.
      </p>
      <Form method="get" className="mb-6 grid max-w-2xl gap-x-4 sm:grid-cols-2" aria-label="Choose the dates">
        <Field label="From" name="from" type="date" defaultValue={asked.from} error={errors.from} />
        <Field label="To" name="to" type="date" defaultValue={asked.to} error={errors.to} />
        <div className="sm:col-span-2">
          <Button>Show</Button>
        </div>
      </Form>
      {!totals ? (
        <StatusMessage kind="error">Please check the dates.</StatusMessage>
      ) : (
        <>
          <Table caption={`Money from ${asked.from} to ${asked.to}`} headers={["Movements", "How many", "Amount"]}>
            <tr>
              <Cell>Payments</Cell>
              <Cell>{totals.received}</Cell>
              <Cell>{formatUsd(totals.receivedCents)}</Cell>
            </tr>
            <tr>
              <Cell>Refunds and reversals</Cell>
              <Cell>{totals.returned}</Cell>
              <Cell>{formatUsd(totals.returnedCents ? -totals.returnedCents : 0)}</Cell>
            </tr>
            <tr>
              <Cell>Net</Cell>
              <Cell>{totals.received + totals.returned}</Cell>
              <Cell>{formatUsd(totals.netCents)}</Cell>
            </tr>
          </Table>
          <p className="mt-6">
            <a href={csv} download className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
              Download CSV ({asked.from} to {asked.to})
            </a>
          </p>
          <p className="mt-2 max-w-3xl text-sm text-gray-700">
            Columns: date (UTC), type (payment, refund, reversal, reversal-cancelled), order, package, customer, PayPal reference, the payment it refunds,
            amount (negative when money went back) and currency.
          </p>
        </>
      )}
    </>
  );
}
