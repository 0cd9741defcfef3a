import { Link, useSearchParams } from "react-router";
import { pageParam } from "~/db/paging.ts";
import { shortDate } from "~/shared/dates.ts";
import { ITEMS_PAGE_SIZE, listItems } from "~/items/items.server.ts";
import { ITEM_TEXTS } from "~/items/schema.ts";
import { StatusMessage } from "~/ui/status.tsx";
import { requestContext } from "~/services.server.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/items";

export const meta: Route.MetaFunction = () => [{ title: "Template items | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return listItems(services.db, pageParam(new URL(request.url)), ITEMS_PAGE_SIZE);
}

export default function Items({ loaderData }: Route.ComponentProps) {
  const list = loaderData;
  const [params] = useSearchParams();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold">Template items</h1>
        <Link to="/add-item" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
          Add item
        </Link>
      </div>
      {params.get("deleted") === "1" && (
        <div className="mt-4">
          <StatusMessage kind="success">{ITEM_TEXTS.deleted}</StatusMessage>
        </div>
      )}
      <div className="mt-6">
        <Table caption={`Items (${list.total})`} headers={["Image", "Format", "Category", "Free or paid", "Canva", "Added", "Actions"]} empty="No items yet.">
          {list.items.map((item) => (
            <tr key={item._id}>
              <Cell>
                <img src={item.imageLink} alt={`${item.category} ${item.format} template`} width={80} height={80} loading="lazy" className="h-20 w-20 rounded object-cover" />
              </Cell>
              <Cell>{item.format}</Cell>
              <Cell>{item.category}</Cell>
              <Cell>{item.freeOrPaid}</Cell>
              <Cell>
                <a href={item.canvaLink} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline">
                  Open in Canva<span className="sr-only"> ({item.category}, opens in a new tab)</span>
                </a>
              </Cell>
              <Cell>{shortDate(item.createdAt)}</Cell>
              <Cell>
                <Link to={`/edit-item/${item._id}`} className="font-semibold text-brand-700 underline">
                  Edit<span className="sr-only"> {item.category}</span>
                </Link>
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={list.page} pageCount={list.pageCount} label="Item pages" />
      </div>
    </>
  );
}
