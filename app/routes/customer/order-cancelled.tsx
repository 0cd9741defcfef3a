import { useEffect } from "react";
import { data, Form, Link, useNavigate } from "react-router";
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

/** Spec §9: the cancel page moves on after 1500 ms. */
const REDIRECT_MS = 1500;

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
 * with it cancels at once, as the specification says (the payment becomes Cancelled). Without a
 * valid key the page only asks the owner to confirm, and cancelling is a POST, so no other site
 * can cancel someone's order by sending them to a link. Anyone else's order is a 404.
 */
export async function loader(args: Route.LoaderArgs) {
  const { services, user, order, base } = await ownerView(args);
  if (isCancelled(order)) return { ...base, state: "cancelled" as const, redirect: false };
  if (!isCancellable(order)) return { ...base, state: "paid" as const, redirect: false };
  if (!validCancelKey(services.config, order.id, new URL(args.request.url).searchParams.get("key"))) return { ...base, state: "confirm" as const, redirect: false };
  const result = await cancel(services, user, order.id);
  return { ...base, ...result, redirect: result.state === "cancelled" };
}

export async function action(args: Route.ActionArgs) {
  const { services, user, order, base } = await ownerView(args);
  const result = await cancel(services, user, order.id);
  return { ...base, ...result, redirect: result.state === "cancelled" };
}

export default function OrderCancelled({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  const { state, next, redirect } = view;
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirect) return;
    const timer = setTimeout(() => navigate(next), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [redirect, next, navigate]);
  const where = next === "/admin" ? "the admin dashboard" : "your dashboard";
  const again = (
    <LinkLine to={`/order-now/${view.planId}`} className="mt-4">
      Order the {view.packageName} plan again
    </LinkLine>
  );
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
          {redirect && (
            <p className="mt-4 flex items-center gap-3 text-gray-700">
              <span aria-hidden="true" className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
              Taking you to {where}…
            </p>
          )}
          {again}
        </>
      )}
      {state === "paid" && <p role="status">This order is already paid, so it cannot be cancelled.</p>}
      <LinkLine to={next}>Go to {where}</LinkLine>
    </Page>
  );
}
