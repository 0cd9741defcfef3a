import { Link } from "react-router";
import { utcDateTime } from "../shared/dates.ts";
import { formatUsd } from "../shared/money.ts";
import { Cell, Table } from "../ui/table.tsx";
import { orderNumberText } from "../orders/order-number.ts";

/** A payment event as the admin screens show it (read by events.server.ts). */
export interface EventRow {
  id: string;
  receivedAt: string;
  source: string;
  type: string;
  orderId: string | null;
  /** The order's number (#1001), when the list knows it. */
  orderNumber: number | null;
  reference: string | null;
  amountCents: number | null;
  currency: string | null;
  /** received (being processed), done, failed (gave up: can be tried again). */
  status: string;
  outcome: string;
  attention: boolean;
  reason: string;
}

/** An event type such as PAYMENT.CAPTURE.COMPLETED may wrap after each dot, never inside a word. */
const breakAtDots = (type: string) => type.split(".").flatMap((part, i) => (i ? [".", <wbr key={i} />, part] : [part]));

const SOURCES: Record<string, string> = { ipn: "IPN", webhook: "Webhook", return: "Return page", reconcile: "Reconciliation", checkout: "Checkout" };

/**
 * Notifications and events, one row each: when, what, which order, how much, and what became of
 * it. Rows that need a person say so in words (not only by colour).
 */
export function PaymentEventsTable({
  caption,
  events,
  showOrder = true,
  empty,
  action,
}: {
  caption: string;
  events: EventRow[];
  showOrder?: boolean;
  empty?: string;
  /** Something to do about a row (a "Try again" form), shown under its outcome. */
  action?: (event: EventRow) => React.ReactNode;
}) {
  const headers = ["Received", "Type", ...(showOrder ? ["Order"] : []), "Amount", "Outcome"];
  return (
    <Table caption={caption} headers={headers} empty={empty ?? "No payment notifications yet."}>
      {events.map((e) => (
        <tr key={e.id} className={e.attention ? "bg-amber-50" : undefined}>
          <Cell>
            <span className="whitespace-nowrap">{utcDateTime(e.receivedAt)}</span>
          </Cell>
          <Cell>
            {SOURCES[e.source] ?? e.source}
            <span className="block text-xs text-gray-700">{breakAtDots(e.type)}</span>
          </Cell>
          {showOrder && (
            <Cell>
              {e.orderId ? (
                <Link to={`/admin/payment-status/${e.orderId}`} className="text-brand-700 underline">
                  {e.orderNumber === null ? <span className="font-mono text-xs">{e.orderId}</span> : orderNumberText(e.orderNumber)}
                </Link>
              ) : (
                "—"
              )}
            </Cell>
          )}
          <Cell>{e.amountCents === null ? "—" : `${formatUsd(e.amountCents)}${e.currency && e.currency !== "USD" ? ` ${e.currency}` : ""}`}</Cell>
          <Cell>
            <span className="font-semibold">{e.outcome || "—"}</span>
            {e.attention && <span className="ml-2 rounded bg-amber-700 px-1.5 py-0.5 text-xs font-semibold text-white">Needs attention</span>}
            <span className="block text-xs text-gray-700">{e.reason}</span>
            {e.reference && <span className="block font-mono text-xs break-all text-gray-600">PayPal: {e.reference}</span>}
            {action?.(e)}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
