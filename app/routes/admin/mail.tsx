import { Form, useActionData } from "react-router";
import { pageParam } from "~/db/paging.ts";
import { formValues } from "~/forms.server.ts";
import { listOutbox, outboxCounts, resendMail } from "~/mail/outbox.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { FilterLinks } from "~/ui/filter-links.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/mail";

export const meta: Route.MetaFunction = () => [{ title: "Mail | Rankwell admin" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 20;

/** Mail waiting to go out (default) or, with `?status=failed`, mail that failed for good. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const status = url.searchParams.get("status") === "failed" ? "failed" : "pending";
  const [mail, counts] = await Promise.all([listOutbox(services.db, status, pageParam(url), PAGE_SIZE), outboxCounts(services.db)]);
  return { status, mail, counts };
}

/** Resend: the mail goes back in line now, with a fresh count of attempts. */
export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const { id = "" } = await formValues(request);
  return { resent: await resendMail(services, id) };
}

/** "2026-11-23 14:21 UTC": the same text on the server and in the browser. */
const when = (iso: string | null) => (iso ? `${iso.slice(0, 16).replace("T", " ")} UTC` : "—");

export default function Mail({ loaderData }: Route.ComponentProps) {
  const { status, mail, counts } = loaderData;
  const result = useActionData<typeof action>();
  const failed = status === "failed";
  const filters = [
    { to: "/admin/mail", label: `Waiting to be sent (${counts.pending})`, current: !failed },
    { to: "/admin/mail?status=failed", label: `Failed (${counts.failed})`, current: failed },
  ];
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">Mail</h1>
      <p className="mb-4 text-gray-700">
        Every mail the site sends (password resets, receipts, new-order notes) is kept here until the mail server has taken it. A mail the server
        refuses for good, or that still fails after its last try, is listed under Failed: check the address or the mail settings, then resend it.
      </p>
      {result && (
        <StatusMessage kind={result.resent ? "success" : "error"}>
          {result.resent ? "The mail is being sent again." : "That mail cannot be resent (it was sent, or is being sent right now)."}
        </StatusMessage>
      )}
      <FilterLinks label="Mail filters" filters={filters} />
      <Table
        caption={failed ? `Failed mail (${mail.total}), newest first` : `Mail waiting to be sent (${mail.total}), newest first`}
        headers={["To", "Subject", "Queued", "Attempts", failed ? "Failed" : "Next try", "Last error", "Action"]}
        empty={failed ? "No mail has failed." : "No mail is waiting: everything was sent."}
      >
        {mail.items.map((m) => (
          <tr key={m.id}>
            <Cell>
              <span className="break-all">{m.to}</span>
            </Cell>
            <Cell>{m.subject}</Cell>
            <Cell>
              <span className="whitespace-nowrap">{when(m.queuedAt)}</span>
            </Cell>
            <Cell>
              {m.attempts} of {m.maxAttempts}
            </Cell>
            <Cell>
              <span className="whitespace-nowrap">{when(failed ? m.failedAt : m.nextTryAt)}</span>
            </Cell>
            <Cell>
              <span className="block max-w-xs text-xs break-words text-gray-700">{m.lastError ?? "—"}</span>
            </Cell>
            <Cell>
              {(failed || m.attempts > 0) && (
                <Form method="post">
                  <input type="hidden" name="id" value={m.id} />
                  <Button variant="secondary" aria-label={`${failed ? "Resend" : "Send now"}: ${m.subject} to ${m.to}`}>
                    {failed ? "Resend" : "Send now"}
                  </Button>
                </Form>
              )}
            </Cell>
          </tr>
        ))}
      </Table>
      <Pagination page={mail.page} pageCount={mail.pageCount} label="Mail pages" />
    </>
  );
}
