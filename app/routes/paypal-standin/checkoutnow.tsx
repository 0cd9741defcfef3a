import { redirect } from "react-router";
import { formValues } from "~/forms.server.ts";
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

/** Deliberately not the site's own frame: this page stands in for PayPal's hosted checkout. */
export default function StandinCheckoutNow({ loaderData }: Route.ComponentProps) {
  const { item, amount, currency, payee, open } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-700 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900">
        Development and test stand-in for PayPal. Nothing is charged.
      </p>
      <h1 className="mt-6 text-2xl font-bold text-[#003087]">PayPal stand-in — test payment, no money moves</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-300 p-4 text-sm">
        <dt className="font-semibold text-gray-900">Item</dt>
        <dd>{item}</dd>
        <dt className="font-semibold text-gray-900">Amount</dt>
        <dd>
          {amount} {currency}
        </dd>
        <dt className="font-semibold text-gray-900">Pay to</dt>
        <dd>{payee}</dd>
      </dl>
      {!open && <p className="mt-4 font-medium">This order is already approved; Pay returns you to the shop.</p>}
      {/* Plain forms: a real provider's page is another site, reached by full page loads. */}
      <div className="mt-6 flex gap-3">
        <form method="post">
          <input type="hidden" name="intent" value="pay" />
          <button type="submit" className="rounded-full bg-[#ffc439] px-8 py-2 font-bold text-[#111]">
            Pay
          </button>
        </form>
        <form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <button type="submit" className="rounded-full border border-gray-500 px-8 py-2 font-semibold text-gray-900">
            Cancel
          </button>
        </form>
      </div>
    </main>
  );
}
