import { randomUUID } from "node:crypto";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { CONFIRM_FIRST, confirmPath } from "~/auth/confirmation.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import { documentsOfOrder } from "~/invoices/documents.server.ts";
import { DocumentLinks, documentLinks } from "~/invoices/document-links.tsx";
import { refundOrder, refundRequestsOf, retryRefund } from "~/payments/refunds.server.ts";
import { formatUsd } from "~/shared/money.ts";
import { shortDate } from "~/shared/dates.ts";
import { orPageError, unknownAction } from "~/forms.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { orderAccess } from "~/orders/access.server.ts";
import { postMessage } from "~/orders/conversation.server.ts";
import { deliver, startWork } from "~/orders/delivery.server.ts";
import { orderAction } from "~/orders/portal-form.server.ts";
import { AllFiles, BriefAnswers, Conversation, Deliveries, FileField, NextStepBanner, OrderFacts, StageBadge, Timeline } from "~/orders/portal-parts.tsx";
import { orderPage } from "~/orders/portal.server.ts";
import { requestContext } from "~/services.server.ts";
import { amountToCents } from "~/shared/money.ts";
import { canMove, changesAsked } from "~/shared/order-stages.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/order";

export const handle: AdminHandle = { crumb: "Order" };

export const meta: Route.MetaFunction = () => [{ title: "Order | Rankwell admin" }, { name: "robots", content: "noindex" }];

/**
 * One order, for the agency: the customer, plan and payment, the brief, the timeline, the
 * conversation, and the next step ("Brief received, start the work", "Deliver the work"), with the
 * forms that take it. Admins only (the page table); opening it reads the customer's messages.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const access = await orPageError(orderAccess(services.db, context.get(viewerContext), params.id, "agency"));
  const { order } = access;
  const page = await orderPage(services.db, access);
  const paidCents = page.payments.reduce((sum, p) => sum + p.amountCents, 0);
  return {
    page,
    customer: { name: order.customer_name, email: order.customer_email, address: order.customer_address, country: order.customer_country },
    documents: documentLinks(await documentsOfOrder(services.db, order.id)),
    money: { paid: formatUsd(paidCents), refunded: formatUsd(Number(order.refunded_cents)), net: formatUsd(paidCents - Number(order.refunded_cents)), leftCents: paidCents - Number(order.refunded_cents) },
    refunds: (await refundRequestsOf(services.db, order.id)).map((r) => ({
      id: r.id,
      amount: formatUsd(r.amount_cents),
      reason: r.reason,
      by: r.requested_by,
      at: shortDate(r.created_at),
      status: r.status,
      failure: r.failure,
    })),
    // A new key for each showing of the form: the same form sent twice is one refund.
    formKey: randomUUID(),
  };
}

const DONE = { message: "Message sent. The customer is told by mail.", start: "Work started. The customer is told by mail.", deliver: "Delivered. The customer is told by mail." };

export async function action({ context, request, params }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return orderAction(request, services, async ({ fields, files }) => {
    const access = await orderAccess(services.db, viewer, params.id, "agency");
    const actor = auditActor(viewer);
    switch (fields.intent) {
      case "message":
        await postMessage(services, access, actor, fields, files);
        return { ok: true as const, message: DONE.message };
      case "start":
        await startWork(services, access, actor);
        return { ok: true as const, message: DONE.start };
      case "deliver":
        await deliver(services, access, actor, fields, files);
        return { ok: true as const, message: DONE.deliver };
      case "refund":
      case "refund-retry": {
        const request =
          fields.intent === "refund" ? await refundOrder(services, actor, access.order.id, fields) : await retryRefund(services, actor, access.order.id, fields.requestId ?? "");
        if (request.status === "refused") throw new AppError(409, `PayPal refused the refund: ${request.failure ?? "no reason given"}`);
        if (request.status === "pending") throw new AppError(503, "PayPal did not answer. The refund is kept: try it again below (it will not be made twice).");
        return { ok: true as const, message: `Refunded ${formatUsd(request.amount_cents)} through PayPal.` };
      }
      default:
        throw unknownAction();
    }
  });
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { page, customer, documents, money, refunds, formKey } = loaderData;
  const { order } = page;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  const errorsFor = (intent: string) => (failed && failed.values.intent === intent ? failed.fields : {});
  return (
    <div className="max-w-5xl">
      <div className="mb-6 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{order.packageName} order</h1>
        <StageBadge stage={order.stage} />
        {page.overdue && <span className="rounded-full border border-red-800 bg-red-50 px-3 py-0.5 text-sm font-semibold text-red-900">Overdue</span>}
      </div>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <NextStepBanner next={page.next} dueAt={order.dueAt} overdue={page.overdue} />
      {canMove(order.stage, "start") && (
        <Form method="post" id="start" className="mb-8">
          <input type="hidden" name="intent" value="start" />
          <Button disabled={busy} className="min-h-11">
            {changesAsked(order) ? "Start on the changes" : "Start the work"}
          </Button>
        </Form>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="order-details">
          <h2 id="order-details" className="mb-3 text-xl font-bold">
            Order
          </h2>
          <OrderFacts
            number={order.number}
            customer={customer}
            packageName={order.packageName}
            priceCents={amountToCents(order.packagePrice) ?? 0}
            paymentStatus={order.paymentStatus}
            orderDate={order.orderDate}
            paidAt={page.paidAt}
            payments={page.payments}
          />
          <p className="mt-3 text-sm">
            <Link to={`/admin/payment-status/${order._id}`} className="font-semibold text-brand-700 underline">
              Order status and payment history
            </Link>
          </p>
          <DocumentLinks documents={documents} />
        </section>
        <section aria-labelledby="brief">
          <h2 id="brief" className="mb-3 text-xl font-bold">
            Brief
          </h2>
          <p className="mb-3 text-sm text-gray-800">{page.brief.submittedAt ? "Sent by the customer." : "Not sent yet."}</p>
          <BriefAnswers questions={page.brief.questions} answers={page.brief.answers} files={page.brief.files} />
        </section>
      </div>
      {page.payments.length > 0 && (
        <RefundSection orderId={order._id} money={money} refunds={refunds} formKey={formKey} busy={busy} errors={errorsFor("refund")} confirmFirst={failed?.error === CONFIRM_FIRST} />
      )}
      <Deliveries deliveries={page.deliveries} />
      {canMove(order.stage, "deliver") && <DeliverForm busy={busy} errors={errorsFor("deliver")} />}
      <Conversation messages={page.messages} viewerSide="agency" errors={errorsFor("message")} busy={busy} />
      <Timeline entries={page.timeline} />
      <AllFiles files={page.files} />
    </div>
  );
}

/** Deliver the work: a summary for the customer and the files. */
function DeliverForm({ busy, errors }: { busy: boolean; errors: Record<string, string> }) {
  return (
    <section id="deliver" aria-labelledby="deliver-heading" className="mt-10 rounded-lg border border-brand-700 p-4">
      <h2 id="deliver-heading" className="mb-3 text-xl font-bold">
        Deliver the work
      </h2>
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="deliver" />
        <Field label="Summary for the customer" name="summary" multiline maxLength={5000} error={errors.summary} required />
        <FileField label="Files (the report, the audit)" name="files" multiple hint="At least one file, up to 5." error={errors.files} />
        <Button disabled={busy} className="min-h-11">
          Deliver
        </Button>
      </Form>
    </section>
  );
}

type RefundRow = { id: string; amount: string; reason: string; by: string; at: string; status: "pending" | "completed" | "refused"; failure: string | null };

const REFUND_STATUS = { pending: "Waiting for PayPal", completed: "Refunded", refused: "Refused by PayPal" } as const;

/** The money of the order (paid, refunded, net) and an Admin's refund of all or part of it, through PayPal. */
function RefundSection(props: {
  orderId: string;
  money: { paid: string; refunded: string; net: string; leftCents: number };
  refunds: RefundRow[];
  formKey: string;
  busy: boolean;
  errors: Record<string, string>;
  confirmFirst: boolean;
}) {
  const { money, refunds } = props;
  return (
    <section id="refund" aria-labelledby="refund-heading" className="mt-10 rounded-lg border border-gray-300 p-4">
      <h2 id="refund-heading" className="mb-3 text-xl font-bold">
        Payment and refunds
      </h2>
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="font-semibold">Paid</dt>
        <dd>{money.paid}</dd>
        <dt className="font-semibold">Refunded</dt>
        <dd>{money.refunded}</dd>
        <dt className="font-semibold">Net</dt>
        <dd>{money.net}</dd>
      </dl>
      {refunds.length > 0 && (
        <table className="mb-4 w-full text-left text-sm">
          <caption className="sr-only">Refunds of this order</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Amount</th>
              <th scope="col">Reason</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.id} className="border-t border-gray-200 align-top">
                <td className="py-1 pr-2">{r.at}</td>
                <td className="py-1 pr-2">{r.amount}</td>
                <td className="py-1 pr-2">
                  {r.reason} <span className="text-gray-700">({r.by})</span>
                </td>
                <td className="py-1">
                  {REFUND_STATUS[r.status]}
                  {r.failure && <span className="block text-gray-800">{r.failure}</span>}
                  {r.status === "pending" && (
                    <Form method="post" className="mt-1">
                      <input type="hidden" name="intent" value="refund-retry" />
                      <input type="hidden" name="requestId" value={r.id} />
                      <Button disabled={props.busy} className="min-h-11">
                        Try again
                      </Button>
                    </Form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {props.confirmFirst && (
        <p className="mb-3 text-sm">
          <Link to={confirmPath(`/admin/orders/${props.orderId}#refund`)} className="font-semibold text-brand-700 underline">
            Confirm it is you
          </Link>
          , then refund.
        </p>
      )}
      {money.leftCents > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="formKey" value={props.formKey} />
          <Field label="Amount to refund (USD)" name="amount" inputMode="decimal" error={props.errors.amount} hint={`Up to ${(money.leftCents / 100).toFixed(2)}.`} required />
          <Field label="Reason" name="reason" maxLength={500} error={props.errors.reason} required hint="Shown to the buyer by PayPal and kept with the refund." />
          <Button disabled={props.busy} className="min-h-11">
            Refund through PayPal
          </Button>
        </Form>
      ) : (
        <p className="text-sm">Nothing is left to refund.</p>
      )}
    </section>
  );
}
