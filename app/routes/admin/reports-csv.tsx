import { AppError, parseInput } from "~/errors.ts";
import { csvRow } from "~/inbox/csv.ts";
import { MONEY_CSV_HEADER, moneyCsvRow } from "~/reports/money-csv.ts";
import { movementBatches } from "~/reports/money.server.ts";
import { instants, reportRangeSchema } from "~/reports/range.ts";
import { requestContext } from "~/services.server.ts";
import type { Route } from "./+types/reports-csv";

/**
 * /admin/reports/money.csv?from=YYYY-MM-DD&to=YYYY-MM-DD (Admin): one row per money movement
 * of the range (reports/money.server.ts), oldest first, UTF-8 with a header, streamed a batch at
 * a time; cells are formula-safe (inbox/csv.ts). A bad date answers 400 naming the field.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  let range;
  try {
    range = parseInput(reportRangeSchema, { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return Response.json({ error: error.message, fields: error.fields }, { status: 400, headers: { "Cache-Control": "no-store" } });
  }
  const batches = movementBatches(services.db, instants(range));
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(MONEY_CSV_HEADER)));
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map(moneyCsvRow).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rankwell-money-${range.from}-to-${range.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
