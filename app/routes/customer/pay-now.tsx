import { Form, Link, redirect, useActionData, useNavigation } from "react-router";
import { signedInUser } from "~/auth/permissions.server.ts";
import { orPageError } from "~/forms.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { formatUsd } from "~/shared/money.ts";
import { ownOrder } from "~/orders/orders.server.ts";
import { PAYMENT_TEXTS } from "~/orders/texts.ts";
import { orderNumberText } from "~/orders/order-number.ts";
import { isCancelled, isPaid, isPayable, isRefunded } from "~/shared/order-stages.ts";
import { activeProvider, paymentAccountEmail } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/layout/page.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/pay-now";

export const meta: Route.MetaFunction = () => [{ title: "Pay | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The owner's order and how to pay it. PayPal Checkout (REST): a Pay button that posts here; the
 * action creates the PayPal order and sends the buyer to PayPal. Payments Standard: the hosted
 * checkout form, built on the server from the stored order, posted straight to PayPal.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const order = await orPageError(ownOrder(services.db, user, params.id));
  let payment: { kind: "post" } | { kind: "form"; action: string; fields: [string, string][] } | { kind: "unavailable"; reason: string } | null = null;
  if (isPayable(order)) {
    if (services.config.paypal.checkout === "standard") {
      const start = await activeProvider(services).startCheckout(order);
      payment = start.kind === "form" ? { kind: "form", ...start.form } : start.kind === "unavailable" ? start : null;
    } else {
      payment = (await paymentAccountEmail(services.db)) ? { kind: "post" } : { kind: "unavailable", reason: "no payment account has been set up yet" };
    }
  }
  return {
    order: {
      id: order.id,
      number: orderNumberText(order.number),
      packageName: order.package_name,
      planId: order.plan_id,
      amount: formatUsd(order.price_cents),
      date: shortDate(order.created_at),
      stage: order.stage,
    },
    payment,
  };
}

/** Pay Now (PayPal Checkout): creates or reuses the PayPal order and sends the buyer to PayPal. */
export async function action({ context, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const order = await orPageError(ownOrder(services.db, user, params.id));
  if (!isPayable(order)) return redirect(`/pay-now/${order.id}`, 303);
  const start = await activeProvider(services).startCheckout(order);
  if (start.kind === "redirect") return redirect(start.url, 303);
  if (start.kind === "form") return redirect(`/pay-now/${order.id}`, 303);
  return { unavailable: start.reason };
}

function Unavailable({ reason }: { reason: string }) {
  return (
    <StatusMessage kind="error">
      Online payment is not available right now: {reason}. Please try again later or{" "}
      <Link to="/contact" className="underline">
        contact us
      </Link>
      .
    </StatusMessage>
  );
}

export default function PayNow({ loaderData }: Route.ComponentProps) {
  const { order, payment } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Pay for your order</h1>
      <dl className="facts mb-6 rounded-lg border border-gray-200 p-4">
        <dt className="font-semibold">Order number</dt>
        <dd>{order.number}</dd>
        <dt className="font-semibold">Package</dt>
        <dd>{order.packageName}</dd>
        <dt className="font-semibold">Amount</dt>
        <dd>{order.amount} (USD)</dd>
        <dt className="font-semibold">Order date</dt>
        <dd>{order.date}</dd>
      </dl>
      {isPaid(order) && <StatusMessage kind="success">{PAYMENT_TEXTS.received}</StatusMessage>}
      {isRefunded(order) && <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">{PAYMENT_TEXTS.refunded}</p>}
      {isCancelled(order) && (
        <>
          <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">{PAYMENT_TEXTS.cancelled}</p>
          <LinkLine to={`/order-now/${order.planId}?again=${order.id}`} className="mt-4">
            Order the {order.packageName} plan again
          </LinkLine>
        </>
      )}
      {result?.unavailable && <Unavailable reason={result.unavailable} />}
      {payment?.kind === "unavailable" && <Unavailable reason={payment.reason} />}
      {payment?.kind === "post" && (
        // A plain form: works without JavaScript; the answer is a redirect to PayPal.
        <Form method="post" reloadDocument>
          <Button className="w-full" disabled={busy}>
            Pay with PayPal
          </Button>
        </Form>
      )}
      {payment?.kind === "form" && (
        <form method="post" action={payment.action}>
          {payment.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button className="w-full">Pay with PayPal</Button>
        </form>
      )}
      <LinkLine to="/dashboard">Back to your dashboard</LinkLine>
    </Page>
  );
}
