import { pageParam } from "~/db/paging.ts";
import { shortDate } from "~/shared/dates.ts";
import { INBOX_PAGE_SIZES } from "~/inbox/page-sizes.ts";
import { listSubscribers } from "~/inbox/subscribers.server.ts";
import { requestContext } from "~/services.server.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/all-subscriber";

export const meta: Route.MetaFunction = () => [{ title: "Subscribers | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return listSubscribers(services.db, pageParam(new URL(request.url)), INBOX_PAGE_SIZES.subscribers);
}

export default function AllSubscriber({ loaderData }: Route.ComponentProps) {
  const list = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Subscribers</h1>
        {/* A resource route: a plain link so the browser downloads the file. */}
        <a href="/all-subscriber/csv" download className="rounded-md border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          Download CSV
        </a>
      </div>
      <div className="mt-6">
        <Table caption={`Subscribers (${list.total})`} headers={["Email", "Subscribed on"]} empty="No subscribers yet.">
          {list.items.map((s) => (
            <tr key={s._id}>
              <Cell>{s.subemail}</Cell>
              <Cell>{shortDate(s.createdAt)}</Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={list.page} pageCount={list.pageCount} label="Subscriber pages" />
      </div>
    </>
  );
}
