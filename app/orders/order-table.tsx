import { Link } from "react-router";
import { Cell, Table } from "../ui/table.tsx";
import { shortDate } from "../shared/dates.ts";
import { amountToCents, formatUsd } from "../shared/money.ts";
import { isPayable, PAYMENT_STATUS_LABELS, type PaymentStatus, type Stage } from "../shared/order-stages.ts";
import { StatusBadge } from "./status-badge-view.tsx";
import { orderNumberText } from "./order-number.ts";
import { PAYMENT_TEXTS } from "./texts.ts";

/** The fields of an order the tables show (a subset of the API's order record). */
export interface OrderView {
  _id: string;
  /** The short number people see (#1001). */
  number: number;
  packageName: string;
  packagePrice: string;
  customerName: string;
  customerEmail: string;
  paymentStatus: PaymentStatus;
  orderStatus: string;
  stage: Stage;
  orderDate: string;
  /** Its invoice, once paid (My orders shows the link). */
  invoice?: { number: string; href: string } | null;
}

export const orderAmount = (order: Pick<OrderView, "packagePrice">) => formatUsd(amountToCents(order.packagePrice) ?? 0);

/**
 * Unpaid: a Pay now link where payment can work (`payOnline`: a payment account is set up), else
 * what happens instead; otherwise the payment status as a label (Paid, Cancelled, Refunded).
 */
export function PaymentAction({ order, payOnline }: { order: OrderView; payOnline: boolean }) {
  if (isPayable(order) && !payOnline) return <span className="text-gray-800">Unpaid: {PAYMENT_TEXTS.notOpen.toLowerCase()}</span>;
  if (isPayable(order)) {
    return (
      <Link to={`/pay-now/${order._id}`} className="inline-flex min-h-11 items-center rounded-md bg-brand-700 px-4 font-semibold whitespace-nowrap text-white hover:bg-brand-800">
        {PAYMENT_TEXTS.payNow}<span className="sr-only"> for the {order.packageName} order of {shortDate(order.orderDate)}</span>
      </Link>
    );
  }
  return <span className="font-medium text-gray-800">{PAYMENT_STATUS_LABELS[order.paymentStatus]}</span>;
}

type Column = "number" | "date" | "name" | "package" | "amount" | "orderStatus" | "payment" | "invoice";

const headings: Record<Column, string> = {
  number: "Order",
  date: "Order date",
  name: "Your name",
  package: "Package",
  amount: "Amount",
  orderStatus: "Status",
  payment: "Payment",
  invoice: "Invoice",
};

/** A customer's orders: newest first, each with its order number. */
export function CustomerOrdersTable({
  caption,
  orders,
  columns,
  empty,
  payOnline,
}: {
  caption: string;
  orders: OrderView[];
  columns: Column[];
  empty?: string;
  /** Whether online payment can work now (Pay now is offered only then). */
  payOnline: boolean;
}) {
  return (
    <>
      {!payOnline && columns.includes("payment") && orders.some(isPayable) && <p className="mb-3 text-sm text-gray-800">{PAYMENT_TEXTS.notOpenLong}</p>}
      <Table caption={caption} headers={columns.map((c) => headings[c])} empty={empty ?? "You have no orders yet."}>
      {orders.map((order) => (
        <tr key={order._id}>
          {columns.map((column) => (
            <Cell key={column}>{cellFor(column, order, payOnline)}</Cell>
          ))}
        </tr>
      ))}
      </Table>
    </>
  );
}

function cellFor(column: Column, order: OrderView, payOnline: boolean): React.ReactNode {
  switch (column) {
    case "number":
      return orderNumberText(order.number);
    case "date":
      return shortDate(order.orderDate);
    case "name":
      return order.customerName;
    case "package":
      return (
        <Link to={`/orders/${order._id}`} className="font-semibold text-brand-700 underline">
          {order.packageName}
          <span className="sr-only"> order of {shortDate(order.orderDate)}</span>
        </Link>
      );
    case "amount":
      return orderAmount(order);
    case "orderStatus":
      return <StatusBadge stage={order.stage} />;
    case "payment":
      return <PaymentAction order={order} payOnline={payOnline} />;
    case "invoice":
      return order.invoice ? (
        <a href={order.invoice.href} download className="font-semibold whitespace-nowrap text-brand-700 underline">
          {order.invoice.number}
          <span className="sr-only"> (invoice PDF of the {order.packageName} order)</span>
        </a>
      ) : (
        "None"
      );
  }
}
