import { pageParam } from "~/db/paging.ts";
import { AdminOrdersTable } from "~/orders/admin-orders-table.tsx";
import { adminFilter, listOrders } from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { requestContext } from "~/services.server.ts";
import { STAGE_NAMES, STAGES } from "~/shared/order-stages.ts";
import { FilterLinks } from "~/ui/filter-links.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/total-orders";

export const meta: Route.MetaFunction = () => [{ title: "All orders | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** What the list shows: every order, those waiting on the agency or the customer, overdue ones, or one stage. */
const WAITING = [
  ["us", "Waiting on us"],
  ["customer", "Waiting on the customer"],
  ["overdue", "Overdue"],
] as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const view = { waiting: url.searchParams.get("waiting"), stage: url.searchParams.get("stage") };
  const orders = await listOrders(services.db, adminFilter(view), pageParam(url), ORDER_PAGE_SIZES.allOrders);
  return { orders, view };
}

export default function TotalOrders({ loaderData }: Route.ComponentProps) {
  const { orders, view } = loaderData;
  const current = view.waiting ?? (view.stage ? `stage:${view.stage}` : "all");
  const chosen = WAITING.find(([key]) => key === view.waiting)?.[1] ?? (view.stage && view.stage in STAGES ? STAGES[view.stage as keyof typeof STAGES].label : undefined);
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">All orders</h1>
      <FilterLinks
        label="Show orders"
        filters={[
          { to: "/total-orders", label: "All", current: current === "all" },
          ...WAITING.map(([key, label]) => ({ to: `/total-orders?waiting=${key}`, label, current: current === key })),
        ]}
      />
      <FilterLinks
        label="Show orders in one stage"
        filters={STAGE_NAMES.map((stage) => ({ to: `/total-orders?stage=${stage}`, label: STAGES[stage].label, current: current === `stage:${stage}` }))}
      />
      <AdminOrdersTable caption={`${chosen ? `${chosen}: orders` : "Orders"} (${orders.total}), newest first`} orders={orders.items} />
      <Pagination page={orders.page} pageCount={orders.pageCount} label="Order pages" />
    </>
  );
}
