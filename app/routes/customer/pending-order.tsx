import { Link } from "react-router";
import { signedInUser } from "~/auth/permissions.server.ts";
import { pageParam } from "~/db/paging.ts";
import { isId } from "~/db/ids.server.ts";
import { CustomerOrdersTable } from "~/orders/order-table.tsx";
import { PAYMENT_TEXTS } from "~/orders/texts.ts";
import { listOrders, ownOrder } from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { onlinePaymentOpen } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { isPayable, UNPAID_STAGES } from "~/shared/order-stages.ts";
import { Page } from "~/layout/page.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/pending-order";

export const meta: Route.MetaFunction = () => [{ title: "Pending orders | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * Pending orders: the customer's orders still to pay (unpaid; cancelled and paid ones are in My
 * orders). Arriving from "Place order" (`?placed=<id>`), the page first confirms that order with
 * its Pay Now, so the next step is in view on a phone too.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const placedId = url.searchParams.get("placed");
  const [orders, placed, payOnline] = await Promise.all([
    listOrders(services.db, { userId: user.id, stages: UNPAID_STAGES }, pageParam(url), ORDER_PAGE_SIZES.customerOrders),
    // Someone else's id or a malformed one shows no confirmation, as if none had been asked for.
    placedId && isId(placedId) ? ownOrder(services.db, user, placedId).catch(() => undefined) : undefined,
    onlinePaymentOpen(services.db),
  ]);
  return {
    orders,
    payOnline,
    placed: placed && { id: placed.id, packageName: placed.package_name, amount: formatUsd(placed.price_cents), unpaid: isPayable(placed), payOnline },
  };
}

function OrderPlaced({ placed }: { placed: NonNullable<Route.ComponentProps["loaderData"]["placed"]> }) {
  return (
    <section aria-labelledby="order-placed" className="mb-8 rounded-lg border border-green-700 bg-green-50 p-4 text-green-950">
      <h2 id="order-placed" className="text-xl font-bold">
        Thank you, your order is placed
      </h2>
      <p role="status" className="mt-1">
        {placed.packageName} plan, {placed.amount}.{placed.unpaid && placed.payOnline ? " Pay now to get started, or later from your dashboard." : ""}
      </p>
      {placed.unpaid && !placed.payOnline && <p className="mt-1">{PAYMENT_TEXTS.notOpenLong}</p>}
      {placed.unpaid && placed.payOnline && (
        <Link
          to={`/pay-now/${placed.id}`}
          className="mt-3 inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 sm:w-auto"
        >
          Pay now<span className="sr-only"> for the {placed.packageName} plan</span>
        </Link>
      )}
    </section>
  );
}

export default function PendingOrder({ loaderData }: Route.ComponentProps) {
  const { orders, placed } = loaderData;
  return (
    <Page>
      <h1 className="mb-2 text-3xl font-bold">Pending orders</h1>
      <p className="mb-6 text-gray-700">
        Orders waiting for payment. Paid and cancelled orders are in{" "}
        <Link to="/my-order" className="font-semibold text-brand-700 underline">
          My orders
        </Link>
        .
      </p>
      {placed && <OrderPlaced placed={placed} />}
      <CustomerOrdersTable payOnline={loaderData.payOnline} caption="Orders to pay" orders={orders.items} columns={["number", "date", "package", "amount", "payment"]} empty="You have no orders to pay." />
      <Pagination page={orders.page} pageCount={orders.pageCount} label="Pending orders pages" />
    </Page>
  );
}
