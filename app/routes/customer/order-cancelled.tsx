import { data, Form, Link } from "react-router";
import { signedInUser } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import { cancelOrder, ownOrder } from "~/orders/orders.server.ts";
import { PAYMENT_CANCELLED } from "~/orders/schema.ts";
import { PAYMENT_TEXTS } from "~/orders/texts.ts";
import { isCancellable, isCancelled } from "~/shared/order-stages.ts";
import { validCancelKey } from "~/payments/account.server.ts";
import { requestContext, type Services } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Page } from "~/layout/page.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { hasRole } from "~/auth/roles.ts";
import type { Route } from "./+types/order-cancelled";

export const meta: Route.MetaFunction = () => [{ title: "Cancel payment | Rankwell" }, { name: "robots", content: "noindex" }];

/** Cancels the owner's unpaid order (one conditional update); a Paid order is never cancelled. */
async function cancel(services: Services, user: Parameters<typeof cancelOrder>[1], id: string) {
  try {
    await cancelOrder(services.db, user, id);
    return { state: "cancelled" as const };
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return { state: "paid" as const };
    throw error instanceof AppError ? data({ message: error.message }, { status: error.status }) : error;
  }
}

/** The signed-in owner's order (404 for anyone else's) and where the page leads afterwards. */
async function ownerView({ context, params }: Pick<Route.LoaderArgs, "context" | "params">) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const next = hasRole(context.get(viewerContext), "Admin") ? "/admin" : "/dashboard";
  const order = await ownOrder(services.db, user, params.id).catch((error) => {
    throw error instanceof AppError ? data({ message: error.message }, { status: error.status }) : error;
  });
  return { services, user, order, base: { next, id: order.id, planId: order.plan_id, packageName: order.package_name } };
}

/**
 * PayPal's cancel return. The address we gave PayPal carries a per-order key: the owner arriving
 * with it cancels at once, as the specification says (the payment becomes Cancelled). Unlike the
 * spec's page it stays put (no jump to the dashboard after 1.5 s: people pressed Cancel on PayPal
 * to go back) and offers the plan again, its form prefilled from this order (issue 21). Without a
 * valid key the page only asks the owner to confirm, and cancelling is a POST, so no other site
 * can cancel someone's order by sending them to a link. Anyone else's order is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, user, order, base } = await ownerView(args);
  if (isCancelled(order)) return { ...base, state: "cancelled" as const };
  if (!isCancellable(order)) return { ...base, state: "paid" as const };
  if (!validCancelKey(services.config, order.id, new URL(args.request.url).searchParams.get("key"))) return { ...base, state: "confirm" as const };
  return { ...base, ...(await cancel(services, user, order.id)) };
}

export async function action(args: Route.ActionArgs) {
  const { services, user, order, base } = await ownerView(args);
  return { ...base, ...(await cancel(services, user, order.id)) };
}

export default function OrderCancelled({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const { state, next } = view;
  const where = next === "/admin" ? "the admin dashboard" : "your dashboard";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">{state === "confirm" ? "Cancel this order?" : state === "cancelled" ? "Payment cancelled" : "This order is paid"}</h1>
      {state === "confirm" && (
        <>
          <p className="mb-4">
            Do you want to cancel your order for the {view.packageName} plan? Nothing has been charged. You can also{" "}
            <Link to={`/pay-now/${view.id}`} className="font-semibold text-brand-700 underline">
              pay for it now
            </Link>
            .
          </p>
          <Form method="post">
            <Button variant="danger">Cancel the order</Button>
          </Form>
        </>
      )}
      {state === "cancelled" && (
        <>
          <p role="status" className="text-lg font-medium">
            {PAYMENT_CANCELLED}
          </p>
          <p className="mt-2 font-medium">{PAYMENT_TEXTS.cancelled}</p>
          <p className="mt-6">
            <Link
              to={`/order-now/${view.planId}?again=${view.id}`}
              className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
            >
              Order this plan again<span className="sr-only"> ({view.packageName})</span>
            </Link>
          </p>
          <p className="mt-2 text-sm text-gray-800">The form starts with this order's details.</p>
        </>
      )}
      {state === "paid" && <p role="status">This order is already paid, so it cannot be cancelled.</p>}
      <LinkLine to={next}>Go to {where}</LinkLine>
    </Page>
  );
}
