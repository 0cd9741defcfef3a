import { redirect } from "react-router";
import { cancelCheckout, getCheckout, payCheckout } from "~/payments/paypal-standin.server.ts";
import { requireStandin } from "~/payments/standin-access.server.ts";
import { formValues } from "~/forms.server.ts";
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

/** Deliberately not the site's own frame: this page stands in for PayPal's hosted checkout. */
export default function StandinCheckout({ loaderData }: Route.ComponentProps) {
  const { business, itemName, amount, currency } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-lg px-4 py-10">
      <p className="rounded-md border-2 border-dashed border-amber-700 bg-amber-50 px-4 py-2 text-sm font-semibold text-amber-900">
        Development and test stand-in for PayPal. Nothing is charged.
      </p>
      <h1 className="mt-6 text-2xl font-bold text-[#003087]">PayPal stand-in — test payment, no money moves</h1>
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-lg border border-gray-300 p-4 text-sm">
        <dt className="font-semibold text-gray-900">Item</dt>
        <dd>{itemName}</dd>
        <dt className="font-semibold text-gray-900">Amount</dt>
        <dd>
          {amount} {currency}
        </dd>
        <dt className="font-semibold text-gray-900">Pay to</dt>
        <dd>{business}</dd>
      </dl>
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
