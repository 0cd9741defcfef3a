import { Form, Link, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { getBilling, saveBilling } from "~/invoices/billing.server.ts";
import { DocumentLinks, documentLinks } from "~/invoices/document-links.tsx";
import { documentsOfOrder } from "~/invoices/documents.server.ts";
import { orPageError, unknownAction } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { orderAccess } from "~/orders/access.server.ts";
import { postMessage } from "~/orders/conversation.server.ts";
import { approve, requestChanges } from "~/orders/delivery.server.ts";
import { orderAction } from "~/orders/portal-form.server.ts";
import { BriefAnswers, Conversation, Deliveries, AllFiles, NextStepBanner, OrderFacts, StageBadge, Timeline } from "~/orders/portal-parts.tsx";
import { orderPage } from "~/orders/portal.server.ts";
import { cancelOrder } from "~/orders/orders.server.ts";
import { AppError } from "~/errors.ts";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { onlinePaymentOpen } from "~/payments/payments.server.ts";
import { requestContext } from "~/services.server.ts";
import { amountToCents } from "~/shared/money.ts";
import { canMove, isCancellable, isPayable } from "~/shared/order-stages.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/order";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.page.order.packageName ?? "Your"} order | Rankwell` }, { name: "robots", content: "noindex" }];

/**
 * One order, for its customer: where it stands and what to do next, the plan and payment, the
 * brief, the timeline, the conversation with the agency, the delivered work (approve it or ask
 * for changes) and every file. Anyone but its customer gets a 404 (an Admin reads it at
 * /admin/orders/:id). Opening it reads the agency's messages.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const access = await orPageError(orderAccess(services.db, context.get(viewerContext), params.id, "customer"));
  const documents = await documentsOfOrder(services.db, access.order.id);
  const payOnline = await onlinePaymentOpen(services.db);
  return {
    page: await orderPage(services.db, access, { payOnline }),
    payOnline,
    billing: await getBilling(services.db, access.order.id),
    documents: documentLinks(documents),
    invoiced: documents.some((d) => d.kind === "invoice"),
  };
}

const DONE = { billing: "Billing details saved.", cancel: "Your order is cancelled. Nothing was charged.", message: "Message sent.", approve: "Thank you: the work is approved.", changes: "Your request for changes is sent. We will get back to you." };

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return orderAction(request, services, async ({ fields, files }) => {
    const access = await orderAccess(services.db, viewer, params.id, "customer");
    const actor = auditActor(viewer);
    switch (fields.intent) {
      case "message":
        await postMessage(services, access, actor, fields, files);
        return { ok: true as const, message: DONE.message };
      case "billing":
        await saveBilling(services.db, access, fields);
        return { ok: true as const, message: DONE.billing };
      case "cancel": {
        // The owner's unpaid order only (orderAccess: 404 for anyone else's; cancelOrder: 409 once paid).
        const { outcome } = await cancelOrder(services.db, viewer.user!, access.order.id);
        if (outcome === "already") throw new AppError(409, "This order is already cancelled.");
        return { ok: true as const, message: DONE.cancel };
      }
      case "approve":
        await approve(services, access, actor);
        return { ok: true as const, message: DONE.approve };
      case "changes":
        await requestChanges(services, access, actor, fields);
        return { ok: true as const, message: DONE.changes };
      default:
        throw unknownAction();
    }
  });
}

export default function Order({ loaderData }: Route.ComponentProps) {
  const { page, payOnline, billing, documents, invoiced } = loaderData;
  const { order } = page;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fields ?? {};
  return (
    <Page>
      <p className="mb-2 text-sm">
        <Link to="/my-order" className="font-semibold text-brand-700 underline">
          My orders
        </Link>
      </p>
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Your {order.packageName} order</h1>
        <StageBadge stage={order.stage} />
      </div>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <NextStepBanner next={page.next} dueAt={order.dueAt} links={{ brief: `/orders/${order._id}/brief`, pay: `/pay-now/${order._id}` }} />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="order-details">
          <h2 id="order-details" className="mb-3 text-xl font-bold">
            Order
          </h2>
          <OrderFacts
            number={order.number}
            packageName={order.packageName}
            priceCents={amountToCents(order.packagePrice) ?? 0}
            paymentStatus={order.paymentStatus}
            orderDate={order.orderDate}
            paidAt={page.paidAt}
            payments={page.payments}
          />
          {isPayable(order) && payOnline && (
            <p id="pay" className="mt-4">
              <Link to={`/pay-now/${order._id}`} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800">
                Pay now
              </Link>
            </p>
          )}
          {isCancellable(order) && (
            <ConfirmAction
              className="mt-4"
              summary="Cancel order"
              question={`Cancel your ${order.packageName} order? Nothing has been charged. A cancelled order cannot be paid any more; you can order the plan again.`}
              confirm="Yes, cancel this order"
              fields={{ intent: "cancel" }}
              busy={busy}
            />
          )}
        </section>
        <section aria-labelledby="brief">
          <h2 id="brief" className="mb-3 text-xl font-bold">
            Your brief
          </h2>
          <p className="mb-3 text-sm text-gray-800">
            {page.brief.submittedAt
              ? "Sent. "
              : `${page.brief.progress.answered} of ${page.brief.progress.required} required answers given; not sent yet. `}
            {page.brief.open && (
              <Link to={`/orders/${order._id}/brief`} className="font-semibold text-brand-700 underline">
                {page.brief.submittedAt ? "Change your brief" : "Fill in your brief"}
              </Link>
            )}
          </p>
          <BriefAnswers questions={page.brief.questions} answers={page.brief.answers} files={page.brief.files} />
        </section>
      </div>
      <DocumentLinks documents={documents} />
      <BillingForm billing={billing} invoiced={invoiced} busy={busy} errors={failed && failed.values.intent === "billing" ? errors : {}} values={failed && failed.values.intent === "billing" ? failed.values : undefined} />
      <Deliveries deliveries={page.deliveries} />
      {canMove(order.stage, "approve") && <Review busy={busy} error={errors.comment} />}
      <Conversation messages={page.messages} viewerSide="customer" errors={failed && failed.values.intent === "message" ? errors : {}} busy={busy} />
      <Timeline entries={page.timeline} />
      <AllFiles files={page.files} />
      <LinkLine to="/my-order">Back to my orders</LinkLine>
    </Page>
  );
}

/** Approve the delivered work, or say what should change. */
function Review({ busy, error }: { busy: boolean; error?: string }) {
  return (
    <section id="review" aria-labelledby="review-heading" className="mt-8 rounded-lg border border-amber-700 bg-amber-50 p-4">
      <h2 id="review-heading" className="text-xl font-bold">
        Review the delivered work
      </h2>
      <p className="mt-1 text-sm">Approve it, or tell us what should change and we will work on it.</p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <Button disabled={busy}>Approve the work</Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="changes" />
          <Field label="What should change" name="comment" multiline maxLength={5000} error={error} required />
          <Button variant="secondary" disabled={busy}>
            Ask for changes
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** The buyer's details for the invoice: optional, before or after paying. */
function BillingForm(props: { billing: { company: string; billingAddress: string; vatId: string }; invoiced: boolean; busy: boolean; errors: Record<string, string>; values?: Record<string, string> }) {
  const value = (name: keyof typeof props.billing) => props.values?.[name] ?? props.billing[name];
  return (
    <section id="billing" aria-labelledby="billing-heading" className="mt-8 rounded-lg border border-gray-300 p-4">
      <h2 id="billing-heading" className="text-xl font-bold">
        Billing details
      </h2>
      <p className="mt-1 mb-3 text-sm text-gray-800">
        {props.invoiced
          ? "Your invoice was issued with the details given when you paid; what you change here appears on documents issued later (a credit note)."
          : "Optional: a company, a billing address and a VAT id for your invoice, which is issued when you pay."}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="billing" />
        <Field label="Company name" name="company" defaultValue={value("company")} maxLength={200} error={props.errors.company} autoComplete="organization" />
        <Field label="Billing address" name="billingAddress" multiline defaultValue={value("billingAddress")} maxLength={500} error={props.errors.billingAddress} />
        <Field label="VAT id" name="vatId" defaultValue={value("vatId")} maxLength={20} error={props.errors.vatId} hint="For example DE123456789." />
        <Button variant="secondary" disabled={props.busy}>
          Save billing details
        </Button>
      </Form>
    </section>
  );
}
