import { useEffect } from "react";
import { data, useNavigate } from "react-router";
import { requireUser } from "~/auth/permissions.server.ts";
import { hasRole } from "~/auth/roles.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import { cancelOrder } from "~/orders/orders.server.ts";
import { PAYMENT_CANCELLED } from "~/orders/schema.ts";
import { requestContext } from "~/services.server.ts";
import { Page } from "~/layout/page.tsx";
import type { Route } from "./+types/order-cancelled";
import { LinkLine } from "~/ui/link-line.tsx";

export const meta: Route.MetaFunction = () => [{ title: "Payment cancelled | Rankwell" }, { name: "robots", content: "noindex" }];

/** Spec §9: the cancel page moves on after 1500 ms. */
const REDIRECT_MS = 1500;

/**
 * PayPal's cancel_return is a plain GET, so the cancel happens here: the signed-in owner's UnPaid
 * order becomes Cancelled, in one conditional update. Visiting again changes nothing; a Paid
 * order is never cancelled; anyone else's order is a 404.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { services } = context.get(requestContext);
  const next = hasRole(context.get(viewerContext), "Admin") ? "/admin" : "/dashboard";
  try {
    await cancelOrder(services.db, user, params.id);
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return { cancelled: false as const, next };
    throw error instanceof AppError ? data({ message: error.message }, { status: error.status }) : error;
  }
  return { cancelled: true as const, next };
}

export default function OrderCancelled({ loaderData }: Route.ComponentProps) {
  const { cancelled, next } = loaderData;
  const navigate = useNavigate();
  useEffect(() => {
    if (!cancelled) return;
    const timer = setTimeout(() => navigate(next), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [cancelled, next, navigate]);
  const where = next === "/admin" ? "the admin dashboard" : "your dashboard";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">{cancelled ? "Payment cancelled" : "This order is paid"}</h1>
      {cancelled ? (
        <>
          <p role="status" className="text-lg font-medium">
            {PAYMENT_CANCELLED}
          </p>
          <p className="mt-4 flex items-center gap-3 text-gray-700">
            <span aria-hidden="true" className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" />
            Taking you to {where}…
          </p>
        </>
      ) : (
        <p role="status">This order is already paid, so it cannot be cancelled.</p>
      )}
      <LinkLine to={next}>
        Go to {where}
      </LinkLine>
    </Page>
  );
}
