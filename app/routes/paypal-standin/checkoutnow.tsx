import { redirect } from "react-router";
import { formValues } from "~/forms.server.ts";
import { StandinCheckoutPage } from "~/payments/standin-checkout-page.tsx";
import { standinPayPal } from "~/payments/paypal-rest/standin.server.ts";
import { requireStandin } from "~/payments/standin-access.server.ts";
import type { Route } from "./+types/checkoutnow";

export const meta: Route.MetaFunction = () => [{ title: "PayPal stand-in checkout" }, { name: "robots", content: "noindex" }];

const gone = () => new Response("This checkout has ended or never existed.", { status: 404 });

/** The stand-in's approval page for a PayPal order (PayPal's /checkoutnow?token=…). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const services = requireStandin(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const record = /^[A-Z0-9]{1,36}$/.test(token) ? await services.db.selectFrom("paypal_standin_orders").select(["id", "data", "status"]).where("id", "=", token).executeTakeFirst() : undefined;
  if (!record) throw gone();
  const unit = (JSON.parse(record.data) as { purchase_units?: { description?: string; amount?: { value: string; currency_code: string }; payee?: { email_address?: string } }[] }).purchase_units?.[0];
  return {
    token,
    open: record.status === "PAYER_ACTION_REQUIRED" || record.status === "CREATED",
    item: unit?.description ?? "",
    amount: unit?.amount?.value ?? "",
    currency: unit?.amount?.currency_code ?? "",
    payee: unit?.payee?.email_address ?? "",
  };
}

/** Pay approves the order and returns the buyer to the shop (which captures); Cancel returns to the cancel address. */
export async function action({ context, request }: Route.ActionArgs) {
  const services = requireStandin(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const { intent } = await formValues(request);
  const paypal = standinPayPal(services);
  const to = intent === "pay" ? await paypal.approve(token) : await paypal.cancel(token);
  if (!to) throw gone();
  return redirect(to, 303);
}

export default function StandinCheckoutNow({ loaderData }: Route.ComponentProps) {
  const { item, amount, currency, payee, open } = loaderData;
  return <StandinCheckoutPage item={item} amount={amount} currency={currency} payee={payee} note={open ? undefined : "This order is already approved; Pay returns you to the shop."} />;
}
