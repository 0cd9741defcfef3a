import { Link } from "react-router";
import { requireUser } from "~/auth/permissions.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { formatUsd } from "~/shared/money.ts";
import { ownOrder } from "~/orders/orders.server.ts";
import { checkoutFor } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { orPageError } from "~/forms.server.ts";
import type { Route } from "./+types/pay-now";
import { LinkLine } from "~/ui/link-line.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Pay | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The owner's order, and for an UnPaid one the hosted-checkout form (hidden fields, one button)
 * built on the server from the stored order: amount, receiver and return addresses are ours.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = context.get(requestContext);
  const order = await orPageError(ownOrder(services.db, user, params.id));
  const checkout = order.payment_status === "UnPaid" ? await checkoutFor(services, order) : null;
  return {
    order: { packageName: order.package_name, amount: formatUsd(order.price_cents), date: shortDate(order.created_at), paymentStatus: order.payment_status },
    checkout,
  };
}

export default function PayNow({ loaderData }: Route.ComponentProps) {
  const { order, checkout } = loaderData;
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Pay for your order</h1>
      <dl className="mb-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-200 p-4">
        <dt className="font-semibold">Package</dt>
        <dd>{order.packageName}</dd>
        <dt className="font-semibold">Amount</dt>
        <dd>{order.amount} (USD)</dd>
        <dt className="font-semibold">Order Date</dt>
        <dd>{order.date}</dd>
      </dl>
      {order.paymentStatus === "Paid" && <StatusMessage kind="success">You Have Paid</StatusMessage>}
      {order.paymentStatus === "Cancelled" && <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">You Have Cancelled</p>}
      {order.paymentStatus === "UnPaid" &&
        (checkout ? (
          // A plain form: the browser leaves our site for the provider's hosted checkout.
          <form method="post" action={checkout.action}>
            {checkout.fields.map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button className="w-full">Pay with PayPal</Button>
          </form>
        ) : (
          <StatusMessage kind="error">
            Online payment is not available right now: no payment account has been set up yet. Please try again later or{" "}
            <Link to="/contact" className="underline">
              contact us
            </Link>
            .
          </StatusMessage>
        ))}
      <LinkLine to="/dashboard">
        Back to your dashboard
      </LinkLine>
    </Page>
  );
}
