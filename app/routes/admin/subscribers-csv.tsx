import { csvRow } from "~/inbox/csv.ts";
import { allSubscribers } from "~/inbox/subscribers.server.ts";
import { requestContext } from "~/services.server.ts";
import type { Route } from "./+types/subscribers-csv";

/**
 * /all-subscriber/csv: every subscriber as a CSV download (admin only), newest first, streamed a
 * batch at a time. Cells are formula-safe (see inbox/csv.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const batches = allSubscribers(services.db);
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvRow(["email", "subscribed_at"])));
      }
      const next = await batches.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(next.value.map((s) => csvRow([s.subemail, s.createdAt])).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="rankwell-subscribers-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
