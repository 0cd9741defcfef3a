import { pageParam } from "~/db/paging.ts";
import { AdminOrdersTable } from "~/orders/admin-orders-table.tsx";
import { listOrders } from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { requestContext } from "~/services.server.ts";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/total-orders";

export const meta: Route.MetaFunction = () => [{ title: "All orders | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return listOrders(services.db, {}, pageParam(new URL(request.url)), ORDER_PAGE_SIZES.allOrders);
}

export default function TotalOrders({ loaderData }: Route.ComponentProps) {
  const orders = loaderData;
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">All orders</h1>
      <AdminOrdersTable caption={`Orders (${orders.total}), newest first`} orders={orders.items} offset={orders.offset} />
      <Pagination page={orders.page} pageCount={orders.pageCount} label="Order pages" />
    </>
  );
}
