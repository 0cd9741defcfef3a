import { useEffect } from "react";
import { Link, redirect, useNavigate } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { orPageError } from "~/forms.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { getOrderRow, orderForViewer } from "~/orders/orders.server.ts";
import { PAYMENT_TEXTS } from "~/orders/texts.ts";
import { isCancelled, isPaid, isPayable, isRefunded, needsBrief } from "~/shared/order-stages.ts";
import { confirmReturn } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/received-payment";

/** Checks while the order is still UnPaid: every 3 seconds, for about a minute. */
const REFRESH_SECONDS = 3;
const MAX_CHECKS = 20;

const checkParam = (url: URL) => Math.max(0, Math.min(MAX_CHECKS, Number.parseInt(url.searchParams.get("check") ?? "0", 10) || 0));

/**
 * PayPal's return address. With PayPal Checkout it captures the payment the buyer approved (only
 * for the PayPal order we created: PayPal's `token` must name it), then shows what PayPal says:
 * paid, still processing, or not paid with a way to try again. The order becomes Paid only on
 * PayPal's completed capture, never because a browser came here.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const url = new URL(request.url);
  const check = checkParam(url);
  const { services } = context.get(requestContext);
  const stored = await getOrderRow(services.db, params.id);
  const outcome = stored && url.searchParams.has("token") ? (await confirmReturn(services, stored, url.searchParams)).outcome : null;
  if (!viewer.user) return { signedIn: false as const, id: params.id };
  const order = await orPageError(orderForViewer(services.db, viewer, params.id));
  const unpaid = isPayable(order);
  const notPaid = unpaid && (outcome?.outcome === "denied" || outcome?.outcome === "waiting" || outcome?.outcome === "voided");
  const flagged = unpaid && (outcome?.outcome === "mismatch" || outcome?.outcome === "rejected");
  return {
    signedIn: true as const,
    id: order.id,
    stage: order.stage,
    packageName: order.package_name,
    amount: formatUsd(order.price_cents),
    check,
    notPaid,
    flagged,
    next: unpaid && !notPaid && !flagged && check < MAX_CHECKS ? `/received-payment/${order.id}?check=${check + 1}` : null,
  };
}

/** PayPal may return the browser with a POST; show the page by GET (with PayPal's token, if any). */
export function action({ params, request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return redirect(`/received-payment/${params.id}${token ? `?token=${encodeURIComponent(token)}` : ""}`, 303);
}

export const meta: Route.MetaFunction = () => [{ title: "Payment | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * While the payment processes, the page loads its next check in place (a client navigation, not a
 * reload): nothing on the page moves or loses focus, unlike a timed <meta> refresh (WCAG 2.2.1).
 * The Check again link does the same by hand.
 */
function useNextCheck(next: string | null | undefined) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next, { replace: true, preventScrollReset: true }), REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [next, navigate]);
}

export default function ReceivedPayment({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
  useNextCheck(data.signedIn ? data.next : null);
  const tryAgain = data.signedIn && (
    <Link to={`/pay-now/${data.id}`} className="font-semibold text-brand-700 underline">
      Try paying again
    </Link>
  );
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Your payment</h1>
      {!data.signedIn ? (
        <p>
          Thank you. To see whether your payment is confirmed,{" "}
          <Link to={`/login?redirectTo=${encodeURIComponent(`/received-payment/${data.id}`)}`} className="font-semibold text-brand-700 underline">
            log in
          </Link>
          .
        </p>
      ) : isPaid(data) ? (
        <>
          <StatusMessage kind="success">
            {PAYMENT_TEXTS.received} Thank you! Your payment of {data.amount} for the {data.packageName} plan is confirmed.
          </StatusMessage>
          {/* What comes next: the brief (unless it came with the order), then the work. */}
          <p className="text-lg">
            <Link to={needsBrief(data) ? `/orders/${data.id}/brief` : `/orders/${data.id}`} className="font-semibold text-brand-700 underline">
              {needsBrief(data) ? "Next: fill in your brief" : "Open your order"}
            </Link>
          </p>
        </>
      ) : isCancelled(data) ? (
        <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">{PAYMENT_TEXTS.cancelled}</p>
      ) : isRefunded(data) ? (
        <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">{PAYMENT_TEXTS.refunded}</p>
      ) : data.notPaid ? (
        <StatusMessage kind="error">Your payment did not go through, so nothing was charged. You can try again.</StatusMessage>
      ) : data.flagged ? (
        <StatusMessage kind="error">
          We could not confirm this payment automatically. We are looking into it and will contact you; please do not pay again.
        </StatusMessage>
      ) : data.next ? (
        <p role="status" className="rounded-md border border-brand-700 bg-brand-50 px-4 py-3 font-medium">
          Your payment is still processing with PayPal. This page checks again by itself every few seconds.
        </p>
      ) : (
        <p role="status" className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">
          Your payment is still processing. This is taking longer than usual; we will mail your receipt as soon as PayPal confirms it. If you did not
          complete the payment, you can still pay from your dashboard.
        </p>
      )}
      <p className="mt-6 flex gap-6">
        {data.signedIn && isPayable(data) && (data.notPaid ? tryAgain : !data.flagged && (
          <Link to={`/received-payment/${data.id}`} className="font-semibold text-brand-700 underline">
            Check again
          </Link>
        ))}
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          Go to your dashboard
        </Link>
      </p>
    </Page>
  );
}
