import { formatUsd } from "../shared/money.ts";
import { shortDate } from "../shared/dates.ts";
import { KIND_TITLE } from "./content.ts";

/** An invoice or credit note as the order pages list it. */
export interface DocumentLink {
  id: string;
  title: string;
  detail: string;
  href: string;
}

/** Rows of money_documents as links (the download checks who asks). */
export function documentLinks(rows: { id: string; order_id: string; kind: "invoice" | "credit-note"; number: string; issued_at: string; amount_cents: number }[]): DocumentLink[] {
  return rows.map((d) => ({
    id: d.id,
    title: `${KIND_TITLE[d.kind]} ${d.number}`,
    detail: `${shortDate(d.issued_at)}, ${formatUsd(d.amount_cents)}`,
    href: `/orders/${d.order_id}/documents/${d.id}`,
  }));
}

/** The order's invoice and credit note, as PDF downloads. */
export function DocumentLinks({ documents }: { documents: DocumentLink[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="mb-1 text-base font-bold">Invoices</h3>
      <ul className="text-sm">
        {documents.map((d) => (
          <li key={d.id}>
            <a href={d.href} download className="font-semibold text-brand-700 underline">
              {d.title} (PDF)
            </a>{" "}
            <span className="text-gray-800">{d.detail}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
