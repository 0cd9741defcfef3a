import { Form, redirect, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { parseInput } from "~/errors.ts";
import { idempotencyKeySchema } from "~/orders/schema.ts";
import { signedInUser } from "~/auth/permissions.server.ts";
import { formValues, guardForm, limitRate, orPageError } from "~/forms.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { createOrder, findPlan, repeatDetails } from "~/orders/orders.server.ts";
import { planQuestions } from "~/orders/brief/brief.server.ts";
import { BriefFields } from "~/orders/portal-parts.tsx";
import { formAnswers } from "~/orders/brief/questions.ts";
import { paymentAccountEmail } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/order-now";

export const meta: Route.MetaFunction = () => [{ title: "Order | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const { services } = context.get(requestContext);
  const plan = await orPageError(findPlan(services.db, { planId: params.id }));
  // Said before ordering, not after: online payment needs the payment account to be set up.
  const canPayOnline = (await paymentAccountEmail(services.db)) !== undefined;
  // A one-time token per rendering of the form: a resubmitted form (double click, a retry after a
  // lost answer) carries the same token and gets the order it placed, not a second one.
  const orderToken = crypto.randomUUID();
  // The brief may be answered here or after paying; files are sent on the order's brief page.
  const { questions } = await planQuestions(services.db, plan.id);
  // A repeat order starts with the details of the order it repeats (`?again=`), else of the last one.
  const prefill = await repeatDetails(services.db, user.id, new URL(request.url).searchParams.get("again"));
  return {
    plan: { packageName: plan.packageName, price: formatUsd(plan.priceCents) },
    email: user.email,
    canPayOnline,
    orderToken,
    prefill,
    questions: questions.filter((q) => q.kind !== "file"),
  };
}

/**
 * Only name, address and country are read from the form. The plan comes from the URL and its
 * price from the stored plan; email, statuses and date are set by the server.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const user = signedInUser(context);
  const values = await formValues(request);
  return guardForm(values, async () => {
    const token = values.orderToken ? parseInput(z.object({ orderToken: idempotencyKeySchema }), values).orderToken : undefined;
    await limitRate(context, "order");
    const { services } = context.get(requestContext);
    const { order } = await createOrder(services, user, { planId: params.id }, values, token && `form:${token}`);
    // The spec's next page, which confirms the order and puts its Pay Now in view.
    return redirect(`/pending-order?placed=${order._id}`);
  });
}

export default function OrderNow({ loaderData }: Route.ComponentProps) {
  const { plan, email, canPayOnline, orderToken, questions, prefill } = loaderData;
  const result = useActionData<typeof action>();
  const failed = result && "ok" in result ? result : undefined;
  const typed = failed?.values ?? prefill ?? undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Order the {plan.packageName} plan</h1>
      {!canPayOnline && (
        <p role="note" className="mb-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          Online payment is not set up yet. You can place your order now and pay for it from your dashboard once it is, or{" "}
          <a href="/contact" className="underline">
            contact us
          </a>{" "}
          to arrange payment.
        </p>
      )}
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      {prefill && !failed && <p className="mb-4 text-sm text-gray-800">Your name, address and country are filled in from your last order; change them if they differ.</p>}
      <Form method="post" noValidate>
        <input type="hidden" name="orderToken" value={orderToken} />
        {/* Shown for the customer to check; never read back from the form. */}
        <Field label="Package name" name="packageNameShown" value={plan.packageName} readOnly disabled />
        <Field label="Price" name="packagePriceShown" value={`${plan.price} USD`} readOnly disabled />
        <Field label="Email" name="customerEmailShown" type="email" value={email} readOnly disabled hint="The email of your account." />
        <Field label="Your name" name="customerName" autoComplete="name" required maxLength={100} defaultValue={typed?.customerName} error={failed?.fields.customerName} />
        <Field
          label="Address"
          name="customerAddress"
          autoComplete="street-address"
          required
          maxLength={300}
          defaultValue={typed?.customerAddress}
          error={failed?.fields.customerAddress}
        />
        <Field label="Country" name="customerCountry" autoComplete="country-name" required maxLength={100} defaultValue={typed?.customerCountry} error={failed?.fields.customerCountry} />
        <details className="mb-6 rounded-md border border-gray-300 p-3" open={Object.keys(failed?.fields ?? {}).some((f) => f.startsWith("answer."))}>
          <summary className="cursor-pointer font-semibold">Your brief: answer now or after paying</summary>
          <p className="my-2 text-sm text-gray-800">What we need to start. Everything here can be changed later from your order.</p>
          <BriefFields questions={questions} answers={formAnswers(failed?.values)} errors={failed?.fields ?? {}} />
        </details>
        <Button disabled={busy} className="w-full">
          {busy ? "Placing your order…" : "Place order"}
        </Button>
      </Form>
    </Page>
  );
}
