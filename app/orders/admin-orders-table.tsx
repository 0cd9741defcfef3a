import { Link } from "react-router";
import { Cell, Table } from "../ui/table.tsx";
import { shortDate } from "../shared/dates.ts";
import { type OrderView, orderAmount } from "./order-table.tsx";
import { PAYMENT_STATUS_LABELS } from "../shared/order-stages.ts";
import { orderNumberText } from "./order-number.ts";
import { StatusBadge } from "./status-badge-view.tsx";

/** All customers' orders for admins, newest first, each with its number and Update link. */
export function AdminOrdersTable({ caption, orders }: { caption: string; orders: OrderView[] }) {
  return (
    <Table
      caption={caption}
      headers={["Order", "Order date", "Customer", "Email", "Package", "Amount", "Payment", "Status", "Action"]}
      empty="No orders yet."
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <Cell>{orderNumberText(order.number)}</Cell>
          <Cell>{shortDate(order.orderDate)}</Cell>
          <Cell>{order.customerName}</Cell>
          <Cell>{order.customerEmail}</Cell>
          <Cell>
            <Link to={`/admin/orders/${order._id}`} className="font-semibold text-brand-700 underline">
              {order.packageName}
              <span className="sr-only"> order of {order.customerName}, {shortDate(order.orderDate)}</span>
            </Link>
          </Cell>
          <Cell>{orderAmount(order)}</Cell>
          <Cell>{PAYMENT_STATUS_LABELS[order.paymentStatus]}</Cell>
          <Cell>
            <StatusBadge stage={order.stage} />
          </Cell>
          <Cell>
            <Link to={`/admin/payment-status/${order._id}`} className="font-semibold text-brand-700 underline">
              Update<span className="sr-only"> the order of {order.customerName} from {shortDate(order.orderDate)}</span>
            </Link>
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
