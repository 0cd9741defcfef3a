import { Link, useSearchParams } from "react-router";
import { pageParam } from "~/db/paging.ts";
import { formatDateTime } from "~/shared/dates.ts";
import { PAGE_TEXTS } from "~/inbox/texts.ts";
import { StatusMessage } from "~/ui/status.tsx";
import { INBOX_PAGE_SIZES } from "~/inbox/page-sizes.ts";
import { listMessages, type MessageRecord } from "~/inbox/messages.server.ts";
import { requestContext } from "~/services.server.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/all-messages";

export const meta: Route.MetaFunction = () => [{ title: "Messages | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** Two tables, Unread and Read, each paged on its own (?unread=2&read=1). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const [unread, read] = await Promise.all([
    listMessages(services.db, "UnRead", pageParam(url, "unread"), INBOX_PAGE_SIZES.messages),
    listMessages(services.db, "Read", pageParam(url, "read"), INBOX_PAGE_SIZES.messages),
  ]);
  return { unread, read };
}

function MessageTable({ caption, list, param }: { caption: string; list: { items: MessageRecord[]; page: number; pageCount: number; total: number }; param: string }) {
  return (
    <section className="mt-8">
      <Table caption={`${caption} (${list.total})`} headers={["Received", "Name", "Email", "Subject", "Message"]} empty={`No ${caption.toLowerCase()} messages.`}>
        {list.items.map((m) => (
          <tr key={m._id}>
            <Cell>
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            </Cell>
            <Cell>{m.name}</Cell>
            <Cell>{m.email}</Cell>
            <Cell>{m.subject}</Cell>
            <Cell>
              <Link to={`/view/${m._id}`} className="font-semibold text-brand-700 underline">
                View message<span className="sr-only"> from {m.name}: {m.subject}</span>
              </Link>
            </Cell>
          </tr>
        ))}
      </Table>
      <Pagination page={list.page} pageCount={list.pageCount} param={param} label={`${caption} message pages`} />
    </section>
  );
}

export default function AllMessages({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <h1 className="text-3xl font-bold">Messages</h1>
      {params.get("deleted") === "1" && (
        <div className="mt-4">
          <StatusMessage kind="success">{PAGE_TEXTS.messageDeleted}</StatusMessage>
        </div>
      )}
      <MessageTable caption="Unread" list={loaderData.unread} param="unread" />
      <MessageTable caption="Read" list={loaderData.read} param="read" />
    </>
  );
}
