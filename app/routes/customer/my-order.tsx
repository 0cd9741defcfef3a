import { signedInUser } from "~/auth/permissions.server.ts";
import { pageParam } from "~/db/paging.ts";
import { CustomerOrdersTable } from "~/orders/order-table.tsx";
import { listOrders } from "~/orders/orders.server.ts";
import { documentPath, invoicesOf } from "~/invoices/documents.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { onlinePaymentOpen } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/my-order";

export const meta: Route.MetaFunction = () => [{ title: "My orders | Rankwell" }, { name: "robots", content: "noindex" }];

/** My Orders: the signed-in customer's own orders only. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const [orders, payOnline] = await Promise.all([
    listOrders(services.db, { userId: user.id }, pageParam(new URL(request.url)), ORDER_PAGE_SIZES.customerOrders),
    onlinePaymentOpen(services.db),
  ]);
  const invoices = await invoicesOf(services.db, orders.items.map((o) => o._id));
  const invoice = (id: string) => {
    const doc = invoices.get(id);
    return doc ? { number: doc.number, href: documentPath(doc) } : null;
  };
  return { orders: { ...orders, items: orders.items.map((o) => ({ ...o, invoice: invoice(o._id) })) }, payOnline };
}

export default function MyOrder({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <Page>
      <h1 className="mb-6 text-3xl font-bold">My orders</h1>
      <CustomerOrdersTable payOnline={loaderData.payOnline} caption="Your orders, newest first" orders={orders.items} columns={["number", "date", "package", "amount", "orderStatus", "payment", "invoice"]} />
      <Pagination page={orders.page} pageCount={orders.pageCount} label="My Orders pages" />
    </Page>
  );
}
