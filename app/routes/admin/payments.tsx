import { Form, useActionData } from "react-router";
import { pageParam } from "~/db/paging.ts";
import { formValues } from "~/forms.server.ts";
import { attentionCount, listEvents, retryEvent } from "~/payments/events.server.ts";
import { PaymentEventsTable } from "~/payments/events-table.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { FilterLinks } from "~/ui/filter-links.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/payments";

export const meta: Route.MetaFunction = () => [{ title: "Payments | Rankwell admin" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 20;

/** Every payment notification and event, newest first; `?attention=1` shows only what needs a person. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const attention = url.searchParams.get("attention") === "1";
  const [events, needingAttention] = await Promise.all([listEvents(services.db, { attention }, pageParam(url), PAGE_SIZE), attentionCount(services.db)]);
  return { attention, events, needingAttention };
}

/** Try again: a notification whose processing gave up goes back in line. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { id = "" } = await formValues(request);
  const retried = await retryEvent(services, id);
  return { retried };
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { attention, events, needingAttention } = loaderData;
  const result = useActionData<typeof action>();
  const filters = [
    { to: "/admin/payments", label: "All notifications and events", current: !attention },
    { to: "/admin/payments?attention=1", label: `Needs attention (${needingAttention})`, current: attention },
  ];
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">Payments</h1>
      <p className="mb-4 text-gray-700">
        Every PayPal notification (webhooks, IPN) as it was received, and every capture, return and reconciliation, with what became of it. Needs
        attention: amount or payee mismatches, payments for cancelled or already paid orders, refunds, reversals, and notifications still failing after
        the last retry.
      </p>
      {result && (
        <StatusMessage kind={result.retried ? "success" : "error"}>
          {result.retried ? "The notification is being processed again." : "That notification cannot be tried again."}
        </StatusMessage>
      )}
      <FilterLinks label="Payment filters" filters={filters} />
      <PaymentEventsTable
        caption={attention ? `Needs attention (${events.total}), newest first` : `Payment notifications and events (${events.total}), newest first`}
        events={events.items}
        empty={attention ? "Nothing needs attention." : undefined}
        action={(e) =>
          e.status === "failed" && (
            <Form method="post" className="mt-2">
              <input type="hidden" name="id" value={e.id} />
              <Button variant="secondary">Try again</Button>
            </Form>
          )
        }
      />
      <Pagination page={events.page} pageCount={events.pageCount} label="Payment pages" />
    </>
  );
}
