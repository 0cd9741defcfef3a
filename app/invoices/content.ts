/**
 * What an invoice or credit note says, fixed when it is issued and stored with it as JSON: the PDF
 * is drawn from this alone, so drawing it again gives the same document.
 */
export interface DocumentContent {
  kind: "invoice" | "credit-note";
  number: string;
  /** ISO time of issue: the payment's (invoice) or the refund's (credit note). */
  issuedAt: string;
  currency: string;
  seller: { legalName: string; address: string; taxId: string; footer: string };
  buyer: { name: string; email: string; address: string; country: string; company: string; billingAddress: string; vatId: string };
  orderId: string;
  lines: { description: string; quantity: number; unitCents: number; totalCents: number }[];
  totalCents: number;
  payment: { method: string; reference: string; paidAt: string };
  /** A credit note's invoice. */
  invoiceNumber?: string;
  /** A credit note's reason (the refund's). */
  reason?: string;
}

export const KIND_TITLE = { invoice: "Invoice", "credit-note": "Credit note" } as const;
