import { Form, Link, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
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
  return {
    page: await orderPage(services.db, access),
    customer: { name: order.customer_name, email: order.customer_email, address: order.customer_address, country: order.customer_country },
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
      default:
        throw unknownAction();
    }
  });
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const { page, customer } = loaderData;
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
        </section>
        <section aria-labelledby="brief">
          <h2 id="brief" className="mb-3 text-xl font-bold">
            Brief
          </h2>
          <p className="mb-3 text-sm text-gray-800">{page.brief.submittedAt ? "Sent by the customer." : "Not sent yet."}</p>
          <BriefAnswers questions={page.brief.questions} answers={page.brief.answers} files={page.brief.files} />
        </section>
      </div>
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
