import { Link } from "react-router";
import { requireUser } from "~/auth/permissions.server.ts";
import { pageParam } from "~/db/paging.ts";
import { CustomerOrdersTable } from "~/orders/order-table.tsx";
import { listOrders } from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/pending-order";

export const meta: Route.MetaFunction = () => [{ title: "Pending orders | Rankwell" }, { name: "robots", content: "noindex" }];

/** Pending orders: the customer's UnPaid and Paid orders (cancelled ones are in My Orders). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = context.get(requestContext);
  const filter = { userId: user.id, paymentStatuses: ["UnPaid", "Paid"] as const };
  return { orders: await listOrders(services.db, filter, pageParam(new URL(request.url)), ORDER_PAGE_SIZES.customerOrders) };
}

export default function PendingOrder({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <Page>
      <h1 className="mb-2 text-3xl font-bold">Pending orders</h1>
      <p className="mb-6 text-gray-700">
        Pay for an order with Pay Now. Cancelled orders are listed in{" "}
        <Link to="/my-order" className="font-semibold text-brand-700 underline">
          My Orders
        </Link>
        .
      </p>
      <CustomerOrdersTable caption="Orders to pay and paid orders" orders={orders.items} offset={orders.offset} columns={["sl", "date", "name", "amount", "orderStatus", "payment"]} />
      <Pagination page={orders.page} pageCount={orders.pageCount} label="Pending orders pages" />
    </Page>
  );
}
