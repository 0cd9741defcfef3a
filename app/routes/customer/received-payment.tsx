import { Link, redirect } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { orderForViewer } from "~/orders/orders.server.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { orPageError } from "~/forms.server.ts";
import type { Route } from "./+types/received-payment";

/** Checks while the order is still UnPaid: every 3 seconds, for about a minute. */
const REFRESH_SECONDS = 3;
const MAX_CHECKS = 20;

const checkParam = (url: URL) => Math.max(0, Math.min(MAX_CHECKS, Number.parseInt(url.searchParams.get("check") ?? "0", 10) || 0));

/**
 * The provider's return address. It only shows the order's real status: an order becomes Paid
 * when the verified payment notification arrives (payments.server.ts), never by visiting here.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  const check = checkParam(new URL(request.url));
  if (!viewer.user) return { signedIn: false as const, id: params.id };
  const { services } = context.get(requestContext);
  const order = await orPageError(orderForViewer(services.db, viewer, params.id));
  return {
    signedIn: true as const,
    id: order.id,
    status: order.payment_status,
    packageName: order.package_name,
    amount: formatUsd(order.price_cents),
    check,
    next: order.payment_status === "UnPaid" && check < MAX_CHECKS ? `/received-payment/${order.id}?check=${check + 1}` : null,
  };
}

/** PayPal may return the browser with a POST; it changes nothing, so show the page by GET. */
export function action({ params }: Route.ActionArgs) {
  return redirect(`/received-payment/${params.id}`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "Payment | Rankwell" },
  { name: "robots", content: "noindex" },
  ...(loaderData?.signedIn && loaderData.next ? [{ httpEquiv: "refresh", content: `${REFRESH_SECONDS};url=${loaderData.next}` } as const] : []),
];

export default function ReceivedPayment({ loaderData }: Route.ComponentProps) {
  const data = loaderData;
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
      ) : data.status === "Paid" ? (
        <StatusMessage kind="success">
          Thank you! Your payment of {data.amount} for the {data.packageName} plan is confirmed. You Have Paid.
        </StatusMessage>
      ) : data.status === "Cancelled" ? (
        <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">You Have Cancelled</p>
      ) : data.next ? (
        <p role="status" className="rounded-md border border-brand-700 bg-brand-50 px-4 py-3 font-medium">
          We are confirming your payment with PayPal. This page updates by itself in a few seconds.
        </p>
      ) : (
        <p role="status" className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3 font-medium">
          We are confirming your payment. This is taking longer than usual; we will mail your receipt as soon as PayPal confirms it. If you did not
          complete the payment, you can still pay from your dashboard.
        </p>
      )}
      <p className="mt-6 flex gap-6">
        {data.signedIn && data.status === "UnPaid" && (
          <Link to={`/received-payment/${data.id}`} className="font-semibold text-brand-700 underline">
            Check again
          </Link>
        )}
        <Link to="/dashboard" className="font-semibold text-brand-700 underline">
          Go to your dashboard
        </Link>
      </p>
    </Page>
  );
}
