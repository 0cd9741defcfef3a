import { redirect } from "react-router";
import { cancelCheckout, getCheckout, payCheckout } from "~/payments/paypal-standin.server.ts";
import { requireStandin } from "~/payments/standin-access.server.ts";
import { formValues } from "~/forms.server.ts";
import { StandinCheckoutPage } from "~/payments/standin-checkout-page.tsx";
import type { Route } from "./+types/checkout";

export const meta: Route.MetaFunction = () => [{ title: "PayPal stand-in checkout" }, { name: "robots", content: "noindex" }];

export function loader({ context, params }: Route.LoaderArgs) {
  requireStandin(context);
  const checkout = getCheckout(params.token);
  if (!checkout) throw new Response("This checkout has ended or never existed.", { status: 404 });
  const { business, itemName, amount, currency } = checkout;
  return { business, itemName, amount, currency };
}

/** Pay sends the IPN and returns to the shop; Cancel returns to the shop's cancel address. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const services = requireStandin(context);
  const { intent } = await formValues(request);
  const to = intent === "pay" ? await payCheckout(params.token, services.log) : cancelCheckout(params.token);
  if (!to) throw new Response("This checkout has ended or never existed.", { status: 404 });
  return redirect(to, 303);
}

export default function StandinCheckout({ loaderData }: Route.ComponentProps) {
  const { business, itemName, amount, currency } = loaderData;
  return <StandinCheckoutPage item={itemName} amount={amount} currency={currency} payee={business} />;
}
