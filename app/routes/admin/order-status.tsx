import { data, Form, useActionData, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { orderStatusChoices, PAYMENT_STATUS_LABELS, stageLabel } from "~/shared/order-stages.ts";
import { shortDate } from "~/shared/dates.ts";
import { formatUsd } from "~/shared/money.ts";
import { getOrderRow, setOrderStatus } from "~/orders/orders.server.ts";
import { ORDER_STATUS_SAVED } from "~/orders/texts.ts";
import { orderNumberText } from "~/orders/order-number.ts";
import { orderHistory } from "~/payments/events.server.ts";
import { PaymentEventsTable } from "~/payments/events-table.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/order-status";
import { LinkLine } from "~/ui/link-line.tsx";

export const handle: AdminHandle = { crumb: "Order status" };

export const meta: Route.MetaFunction = () => [{ title: "Order status | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const order = await getOrderRow(services.db, params.id);
  if (!order) throw data({ message: "Order not found" }, { status: 404 });
  return {
    order: {
      number: orderNumberText(order.number),
      customerName: order.customer_name,
      customerEmail: order.customer_email,
      customerAddress: order.customer_address,
      customerCountry: order.customer_country,
      packageName: order.package_name,
      amount: formatUsd(order.price_cents),
      date: shortDate(order.created_at),
      paymentStatus: order.payment_status,
      orderStatus: order.order_status,
      stage: order.stage,
    },
    // Only what the order's stage can take is offered (the server refuses the rest anyway).
    choices: orderStatusChoices({ stage: order.stage, orderStatus: order.order_status }),
    history: await orderHistory(services.db, order.id),
  };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { services } = context.get(requestContext);
    await setOrderStatus(services.db, auditActor(context.get(viewerContext)), params.id, values);
    return { ok: true as const, message: ORDER_STATUS_SAVED };
  });
}

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
  const { order, history, choices } = loaderData;
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const failed = result && !result.ok ? result : undefined;
  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-3xl font-bold">Order status</h1>
      {result?.ok && <StatusMessage kind="success">{result.message}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.fields.orderStatus ?? failed.error}</StatusMessage>}
      <dl className="facts mb-6 max-w-xl rounded-lg border border-gray-200 p-4 text-sm">
        <dt className="font-semibold">Order number</dt>
        <dd>{order.number}</dd>
        <dt className="font-semibold">Customer</dt>
        <dd>
          {order.customerName} ({order.customerEmail})
        </dd>
        <dt className="font-semibold">Address</dt>
        <dd>
          {order.customerAddress}, {order.customerCountry}
        </dd>
        <dt className="font-semibold">Package</dt>
        <dd>{order.packageName}</dd>
        <dt className="font-semibold">Amount</dt>
        <dd>{order.amount}</dd>
        <dt className="font-semibold">Order date</dt>
        <dd>{order.date}</dd>
        <dt className="font-semibold">Payment</dt>
        <dd>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</dd>
      </dl>
      {choices.length > 1 ? (
        <Form method="post" className="max-w-xl">
          <fieldset className="mb-4">
            <legend className="mb-2 text-sm font-semibold text-gray-900">Order status</legend>
            {choices.map((status) => (
              <label key={status} className="mr-6 inline-flex items-center gap-2">
                <input type="radio" name="orderStatus" value={status} defaultChecked={order.orderStatus === status} />
                {status}
              </label>
            ))}
          </fieldset>
          <Button disabled={busy}>{busy ? "Saving…" : "Update status"}</Button>
        </Form>
      ) : (
        <p className="rounded-md border border-gray-300 bg-gray-50 px-4 py-3">
          Order status: <strong>{order.orderStatus}</strong>. An order that is {stageLabel(order).toLowerCase()} cannot change it here.
        </p>
      )}
      <section className="mt-10">
        <PaymentEventsTable caption="Payment history, oldest first" events={history} showOrder={false} empty="No payment activity for this order yet." />
      </section>
      <LinkLine to="/total-orders">
        Back to all orders
      </LinkLine>
    </div>
  );
}
