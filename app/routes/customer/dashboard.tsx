import { Form, Link } from "react-router";
import { unreadForCustomer } from "~/orders/conversation.server.ts";
import { nextStep } from "~/orders/next-step.ts";
import { shortDate } from "~/shared/dates.ts";
import { stagesWaitingOn, UNPAID_STAGES } from "~/shared/order-stages.ts";
import { roleWaitMessage, roleWaitPath } from "~/auth/confirmation.ts";
import { signedInUser } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { pageParam } from "~/db/paging.ts";
import { Card } from "~/orders/cards.tsx";
import { formatUsd } from "~/shared/money.ts";
import { CustomerOrdersTable } from "~/orders/order-table.tsx";
import { listOrders, paidTotalCents } from "~/orders/orders.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { onlinePaymentOpen } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/layout/page.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const [orders, spentCents, unread, todo, payOnline] = await Promise.all([
    listOrders(services.db, { userId: user.id }, pageParam(new URL(request.url)), ORDER_PAGE_SIZES.customerDashboard),
    paidTotalCents(services.db, { userId: user.id }),
    unreadForCustomer(services.db, user.id),
    // Paid orders that wait for the customer: a brief to fill in, work to review.
    listOrders(services.db, { userId: user.id, stages: stagesWaitingOn("customer").filter((stage) => !UNPAID_STAGES.includes(stage)) }, 1, 5),
    onlinePaymentOpen(services.db),
  ]);
  const { roleWait } = context.get(viewerContext);
  // An Admin or Editor whose role waits (second factor, verified address): say so, with the way there.
  const waiting = roleWait ? { message: roleWaitMessage(roleWait), path: roleWaitPath(roleWait, "/admin") } : null;
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    waiting,
    orders,
    totalSpent: formatUsd(spentCents),
    payOnline,
    unread,
    todo: todo.items.map((order) => ({ id: order._id, packageName: order.packageName, date: order.orderDate, step: nextStep(order.stage, "customer").text })),
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { email, emailVerified, waiting, orders, totalSpent, unread, todo } = loaderData;
  return (
    <Page>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="min-w-0 text-3xl font-bold wrap-anywhere">Welcome, {email}</h1>
        <Form method="post" action="/logout">
          <Button variant="secondary" className="min-h-11">
            Sign out
          </Button>
        </Form>
      </div>
      {waiting && (
        <p role="status" className="mt-6 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          {waiting.message}{" "}
          <Link to={waiting.path} className="underline">
            Continue
          </Link>
        </p>
      )}
      {!emailVerified && !waiting && (
        <Form method="post" action="/account" className="mt-6 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <input type="hidden" name="intent" value="send-verification" />
          <p className="mb-2 font-medium">Please verify your address: open the link we mailed to {email}. You can order and pay meanwhile.</p>
          <Button variant="secondary">Send the link again</Button>
        </Form>
      )}
      <nav aria-label="Your account" className="mt-8">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <li>
            <Card to="/my-order" title="My Orders">
              {orders.total}
            </Card>
          </li>
          <li>
            <Card to="/" title="Total Spent">
              {totalSpent}
            </Card>
          </li>
          <li>
            <Card to={unread.newestOrderId ? `/orders/${unread.newestOrderId}` : "/my-order"} title="Messages from us">
              {unread.count === 0 ? "No unread messages" : `${unread.count} unread`}
            </Card>
          </li>
          <li>
            <Card to="/contact" title="Support">
              Contact us
            </Card>
          </li>
        </ul>
      </nav>
      {todo.length > 0 && (
        <section aria-labelledby="todo" className="mt-8 rounded-lg border border-amber-700 bg-amber-50 p-4">
          <h2 id="todo" className="text-xl font-bold">
            Waiting for you
          </h2>
          <ul className="mt-2 space-y-1">
            {todo.map((item) => (
              <li key={item.id}>
                <Link to={`/orders/${item.id}`} className="font-semibold text-brand-800 underline">
                  {item.step}
                </Link>{" "}
                for your {item.packageName} order of {shortDate(item.date)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="mt-10">
        <CustomerOrdersTable payOnline={loaderData.payOnline} caption="My Orders" orders={orders.items} columns={["number", "date", "package", "amount", "orderStatus", "payment"]} />
        <Pagination page={orders.page} pageCount={orders.pageCount} label="My Orders pages" />
      </section>
    </Page>
  );
}
