import { signedInUser } from "~/auth/permissions.server.ts";
import { hasRole } from "~/auth/roles.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { unpublishedCount } from "~/content/workflow/drafts.server.ts";
import { pageParam } from "~/db/paging.ts";
import { shortDate } from "~/shared/dates.ts";
import { listSubscribers } from "~/inbox/subscribers.server.ts";
import { AdminOrdersTable } from "~/orders/admin-orders-table.tsx";
import { Card } from "~/orders/cards.tsx";
import { formatUsd } from "~/shared/money.ts";
import { unreadCount } from "~/inbox/messages.server.ts";
import { listOrders, paidTotalCents } from "~/orders/orders.server.ts";
import { orderWork } from "~/orders/portal.server.ts";
import { paymentAccountLink } from "~/payments/payments.server.ts";
import { ORDER_PAGE_SIZES } from "~/orders/page-sizes.ts";
import { INBOX_PAGE_SIZES } from "~/inbox/page-sizes.ts";
import { outboxCounts } from "~/mail/outbox.server.ts";
import { attentionCount } from "~/payments/events.server.ts";
import { businessAtAGlance } from "~/reports/glance.server.ts";
import { BusinessAtAGlance } from "~/reports/glance.tsx";
import { requestContext } from "~/services.server.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/admin";

export const meta: Route.MetaFunction = () => [{ title: "Admin | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const viewer = context.get(viewerContext);
  const { services } = context.get(requestContext);
  const unpublished = await unpublishedCount(services.db, viewer);
  // An Editor's dashboard: the content shortcuts only. Orders, sales and people are the Admin's.
  if (!hasRole(viewer, "Admin")) return { email: user.email, unpublished, admin: null };
  const url = new URL(request.url);
  const [salesCents, orders, subscribers, payment, needingAttention, mail, unreadMessages, work, glance] = await Promise.all([
    paidTotalCents(services.db),
    listOrders(services.db, {}, pageParam(url, "orders"), ORDER_PAGE_SIZES.adminDashboard),
    listSubscribers(services.db, pageParam(url, "subscribers"), INBOX_PAGE_SIZES.dashboardSubscribers),
    paymentAccountLink(services.db),
    attentionCount(services.db),
    outboxCounts(services.db),
    unreadCount(services.db),
    orderWork(services.db),
    businessAtAGlance(services.db),
  ]);
  return {
    email: user.email,
    unpublished,
    admin: { totalSales: formatUsd(salesCents), orders, subscribers, payment, needingAttention, failedMail: mail.failed, unreadMessages, work, glance },
  };
}

/** The content shortcuts every role of the admin area gets. */
const contentShortcuts = (unpublished: number): [string, string, string][] => [
  ["/setting", "Setting", "Site content"],
  ["/admin/drafts", "Unpublished changes", unpublished === 0 ? "Nothing to publish" : `${unpublished} to preview and publish`],
  ["/items", "Template items", "Items of the template"],
];

export default function Admin({ loaderData }: Route.ComponentProps) {
  const { email, admin, unpublished } = loaderData;
  const content = contentShortcuts(unpublished);
  if (!admin) {
    return (
      <>
        <h1 className="text-3xl font-bold">Admin dashboard</h1>
        <p className="mt-2 text-gray-700">Signed in as {email} (Editor: the site's content)</p>
        <Shortcuts shortcuts={content} />
      </>
    );
  }
  const { totalSales, orders, subscribers, payment, needingAttention, failedMail, unreadMessages, work, glance } = admin;
  const shortcuts: [string, string, string][] = [
    content[0]!,
    content[1]!,
    ["/total-orders", "Orders", `${orders.total} in all`],
    ["/all-messages", "Messages", unreadMessages === 0 ? "No unread messages" : `${unreadMessages} unread`],
    ["/all-subscriber", "Subscribers", `${subscribers.total} in all`],
    ["/add-user", "Admin", "Add an admin"],
    [payment.path, "Payment", payment.isSet ? "PayPal email" : "Set the PayPal email"],
    ["/admin/payments", "Payments", needingAttention ? `${needingAttention} need attention` : "Notifications and events"],
    ["/admin/reports", "Reports", "Payments and refunds as CSV"],
  ];
  return (
    <>
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="mt-2 text-gray-700">Signed in as {email}</p>
      {!payment.isSet && (
        <p role="alert" className="mt-6 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 font-medium text-amber-900">
          No payment account email is set, so customers cannot pay online.{" "}
          <a href={payment.path} className="underline">
            Set the PayPal email
          </a>
          .
        </p>
      )}
      {needingAttention > 0 && (
        <p role="alert" className="mt-6 rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-900">
          {needingAttention === 1 ? "1 payment needs" : `${needingAttention} payments need`} your attention.{" "}
          <a href="/admin/payments?attention=1" className="underline">
            See what needs attention
          </a>
          .
        </p>
      )}
      {failedMail > 0 && (
        <p role="alert" className="mt-6 rounded-md border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-900">
          {failedMail === 1 ? "1 mail" : `${failedMail} mails`} could not be sent.{" "}
          <a href="/admin/mail?status=failed" className="underline">
            See the failed mail
          </a>
          .
        </p>
      )}
      <Shortcuts shortcuts={shortcuts} />
      <OrderWork work={work} />
      <BusinessAtAGlance glance={glance} />
      <section aria-labelledby="total-sales" className="mt-8 rounded-lg border border-gray-200 bg-gray-50 p-5">
        <h2 id="total-sales" className="text-sm font-semibold uppercase tracking-wide text-gray-700">
          Total Sales
        </h2>
        <p className="mt-2 text-3xl font-bold">{totalSales}</p>
      </section>
      <section className="mt-10">
        <AdminOrdersTable caption={`Orders (${orders.total})`} orders={orders.items} />
        <Pagination page={orders.page} pageCount={orders.pageCount} param="orders" label="Order pages" />
      </section>
      <section className="mt-10">
        <Table caption={`Subscribers (${subscribers.total})`} headers={["No.", "Email", "Subscribed on"]} empty="No subscribers yet.">
          {subscribers.items.map((s, i) => (
            <tr key={s._id}>
              <Cell>{subscribers.offset + i + 1}</Cell>
              <Cell>{s.subemail}</Cell>
              <Cell>{shortDate(s.createdAt)}</Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={subscribers.page} pageCount={subscribers.pageCount} param="subscribers" label="Subscriber pages" />
      </section>
    </>
  );
}

/** The orders' work at a glance: each count links to the list it counts. */
function OrderWork({ work }: { work: { waitingOnUs: number; waitingOnCustomer: number; overdue: number; unreadOrderMessages: number } }) {
  const items: [string, string, number][] = [
    ["/total-orders?waiting=us", "Waiting on us", work.waitingOnUs],
    ["/total-orders?waiting=customer", "Waiting on the customer", work.waitingOnCustomer],
    ["/total-orders?waiting=overdue", "Overdue", work.overdue],
    ["/total-orders?waiting=us", "Unread order messages", work.unreadOrderMessages],
  ];
  return (
    <section aria-labelledby="order-work" className="mt-8">
      <h2 id="order-work" className="mb-3 text-xl font-bold">
        Orders to work on
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map(([to, title, count]) => (
          <li key={title}>
            <Card to={to} title={title}>
              <span className={`text-2xl font-bold ${title === "Overdue" && count > 0 ? "text-red-800" : ""}`}>{count}</span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Shortcuts({ shortcuts }: { shortcuts: [string, string, string][] }) {
  return (
    <nav aria-label="Admin shortcuts" className="mt-8">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shortcuts.map(([to, title, text]) => (
          <li key={title}>
            <Card to={to} title={title}>
              <span className="text-lg">{text}</span>
            </Card>
          </li>
        ))}
      </ul>
    </nav>
  );
}
