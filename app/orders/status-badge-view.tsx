import type { Stage } from "../shared/order-stages.ts";
import { type BadgeTone, statusBadge } from "./status-badge.ts";

/** Colours per tone, each passing contrast (dark text on a light tint, with a border). */
const TONE_CLASSES: Record<BadgeTone, string> = {
  customer: "border-amber-700 bg-amber-50 text-amber-950",
  agency: "border-brand-700 bg-brand-50 text-brand-900",
  done: "border-green-700 bg-green-50 text-green-900",
  closed: "border-gray-400 bg-gray-50 text-gray-900",
};

/** An order's status as a badge: the same words and colour for its customer and for Admins. */
export function StatusBadge({ stage }: { stage: Stage }) {
  const { label, tone } = statusBadge(stage);
  return <span className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold whitespace-nowrap ${TONE_CLASSES[tone]}`}>{label}</span>;
}
