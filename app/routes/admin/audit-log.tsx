import { data, Form, Link } from "react-router";
import { actionLabel, AUDIT_KINDS, COMMAND_LINE } from "~/audit/actions.ts";
import { auditActors, listAudit } from "~/audit/audit.server.ts";
import { auditFilterSchema } from "~/audit/schema.ts";
import { pageParam } from "~/db/paging.ts";
import { AppError, parseInput } from "~/errors.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/audit-log";

export const meta: Route.MetaFunction = () => [{ title: "Audit log | Rankwell admin" }, { name: "robots", content: "noindex" }];

const PAGE_SIZE = 25;

const KIND_OPTIONS = Object.entries(AUDIT_KINDS).map(([value, label]) => ({ value, label }));

/** The log, newest first, filtered by the query string (a plain GET form: links can be shared). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const asked = { actor: url.searchParams.get("actor") ?? "", kind: url.searchParams.get("kind") ?? "", from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  const actors = await auditActors(services.db);
  try {
    const filter = parseInput(auditFilterSchema, asked);
    return { asked, actors, errors: {} as Record<string, string>, log: await listAudit(services.db, filter, pageParam(url), PAGE_SIZE) };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ asked, actors, errors: error.fields ?? {}, log: null }, { status: 400 });
  }
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { asked, actors, errors, log } = loaderData;
  const filtered = Object.values(asked).some(Boolean);
  return (
    <>
      <h1 className="mb-4 text-3xl font-bold">Audit log</h1>
      <p className="mb-6 max-w-3xl text-gray-700">
        Every change made in the admin area and every sign-in to it: who, when (UTC), from which address, and what changed. Entries are written with the
        change itself and cannot be edited or deleted.
      </p>
      <Form method="get" className="mb-6 grid max-w-4xl gap-x-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter the audit log">
        <SelectField
          label="Person"
          name="actor"
          required={false}
          placeholder="Everyone"
          options={actors.map((a) => (a === COMMAND_LINE ? { value: a, label: "Command line (server)" } : a))}
          defaultValue={asked.actor}
          error={errors.actor}
        />
        <SelectField label="Kind of action" name="kind" required={false} placeholder="All kinds" options={KIND_OPTIONS} defaultValue={asked.kind} error={errors.kind} />
        <Field label="From" name="from" type="date" defaultValue={asked.from} error={errors.from} />
        <Field label="To" name="to" type="date" defaultValue={asked.to} error={errors.to} />
        <div className="flex items-center gap-4 sm:col-span-2 lg:col-span-4">
          <Button>Show</Button>
          {filtered && (
            <Link to="/admin/audit-log" className="font-semibold text-brand-700 underline">
              Clear filters
            </Link>
          )}
        </div>
      </Form>
      {!log ? (
        <StatusMessage kind="error">Please check the filters.</StatusMessage>
      ) : (
        <>
          <Table caption={`Entries (${log.total})`} headers={["When", "Who", "From", "Action", "Target", "What changed"]} empty={filtered ? "No entries match these filters." : "Nothing recorded yet."}>
            {log.items.map((e) => (
              <tr key={e._id}>
                <Cell>
                  <span className="whitespace-nowrap">{utcDateTime(e.at)}</span>
                </Cell>
                <Cell>{e.actor === COMMAND_LINE ? "Command line (server)" : e.actor}</Cell>
                <Cell>{e.ip ?? "—"}</Cell>
                <Cell>{actionLabel(e.action)}</Cell>
                <Cell>{e.target}</Cell>
                <Cell>{e.summary}</Cell>
              </tr>
            ))}
          </Table>
          <Pagination page={log.page} pageCount={log.pageCount} label="Audit log pages" />
        </>
      )}
    </>
  );
}
