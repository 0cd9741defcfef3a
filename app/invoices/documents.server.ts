import { type Db, type DbOrTrx, nowIso, type Trx } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { MoneyDocumentsTable } from "../db/tables.ts";
import type { JobHandlerDef, JobQueue } from "../jobs/queue.server.ts";
import type { OrderRow } from "../orders/orders.server.ts";
import type { DocumentContent } from "./content.ts";
import { documentNumber, type Series, takeNumber } from "./numbering.server.ts";
import { getSeller } from "./seller.server.ts";

/**
 * Invoices and credit notes (docs/decisions/0035). Issued inside the transaction that marks an
 * order Paid (an invoice) or Refunded in full (a credit note): the number is taken there, and the
 * content is fixed there as JSON. The PDF is drawn after the transaction by a job (or by the first
 * download that finds it missing) and stored once: a document never changes after issue.
 */

export const RENDER_JOB = "invoices.render";

export type MoneyDocument = Omit<MoneyDocumentsTable, "pdf" | "data">;
const META = ["id", "kind", "seq", "number", "order_id", "invoice_id", "issued_at", "amount_cents", "currency", "rendered_at"] as const;

type Issue = { trx: Trx; jobs: Pick<JobQueue, "enqueue"> };

async function buyerOf(trx: Trx, order: OrderRow): Promise<DocumentContent["buyer"]> {
  const billing = await trx.selectFrom("order_billing").selectAll().where("order_id", "=", order.id).executeTakeFirst();
  return {
    name: order.customer_name,
    email: order.customer_email,
    address: order.customer_address,
    country: order.customer_country,
    company: billing?.company ?? "",
    billingAddress: billing?.address ?? "",
    vatId: billing?.vat_id ?? "",
  };
}

async function issue({ trx, jobs }: Issue, series: Series, order: OrderRow, invoiceId: string | null, build: (number: string, seller: DocumentContent["seller"]) => Promise<DocumentContent>) {
  const { prefix, set: _set, ...seller } = await getSeller(trx);
  const seq = await takeNumber(trx, series);
  const number = documentNumber(prefix, series, seq);
  const content = await build(number, seller);
  const id = newId();
  await trx
    .insertInto("money_documents")
    .values({ id, kind: series, seq, number, order_id: order.id, invoice_id: invoiceId, issued_at: content.issuedAt, amount_cents: content.totalCents, currency: content.currency, data: JSON.stringify(content), pdf: null, rendered_at: null })
    .execute();
  await jobs.enqueue(trx, RENDER_JOB, { id }, { dedupeKey: `${RENDER_JOB}:${id}` });
  return { id, number };
}

/** The invoice of a payment that just marked `order` Paid: run in that transaction. */
export async function issueInvoice(deps: Issue, order: OrderRow, payment: { reference: string; amountCents: number; currency: string; paidAt: string; method: string }) {
  return issue(deps, "invoice", order, null, async (number, seller) => ({
    kind: "invoice",
    number,
    issuedAt: payment.paidAt,
    currency: payment.currency,
    seller,
    buyer: await buyerOf(deps.trx, order),
    orderId: order.id,
    lines: [{ description: `${order.package_name} plan (SEO services)`, quantity: 1, unitCents: payment.amountCents, totalCents: payment.amountCents }],
    totalCents: payment.amountCents,
    payment: { method: payment.method, reference: payment.reference, paidAt: payment.paidAt },
  }));
}

/**
 * The credit note of a full refund, for the whole invoice: run in the transaction that marks the
 * order Refunded. An order paid before invoices existed has none to credit, and gets none.
 */
export async function issueCreditNote(deps: Issue, orderId: string, refund: { reference: string; refundedAt: string; reason: string }) {
  const invoice = await deps.trx.selectFrom("money_documents").select(["id", "number", "data"]).where("order_id", "=", orderId).where("kind", "=", "invoice").executeTakeFirst();
  const order = await deps.trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  if (!invoice || !order) return null;
  const invoiced = JSON.parse(invoice.data) as DocumentContent;
  return issue(deps, "credit-note", order, invoice.id, async (number, seller) => ({
    ...invoiced,
    kind: "credit-note",
    number,
    issuedAt: refund.refundedAt,
    seller,
    buyer: await buyerOf(deps.trx, order),
    invoiceNumber: invoice.number,
    reason: refund.reason,
    payment: { ...invoiced.payment, reference: refund.reference },
  }));
}

/** An order's documents, oldest first (the order pages link them). */
export const documentsOfOrder = (db: DbOrTrx, orderId: string): Promise<MoneyDocument[]> =>
  db.selectFrom("money_documents").select(META).where("order_id", "=", orderId).orderBy("seq").orderBy("kind", "desc").execute();

/** The latest invoice of each of these orders (My orders links them). */
export async function invoicesOf(db: Db, orderIds: string[]): Promise<Map<string, MoneyDocument>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom("money_documents").select(META).where("order_id", "in", orderIds).where("kind", "=", "invoice").execute();
  return new Map(rows.map((row) => [row.order_id, row]));
}

/** The URL a document downloads from (the order's customer and Admins only). */
export const documentPath = (doc: Pick<MoneyDocument, "order_id" | "id">) => `/orders/${doc.order_id}/documents/${doc.id}`;

/** Draws and stores a document's PDF unless it has one: the first stored bytes stay. */
export async function storePdf(db: Db, id: string): Promise<void> {
  const row = await db.selectFrom("money_documents").select(["data", "rendered_at"]).where("id", "=", id).executeTakeFirst();
  if (!row || row.rendered_at) return;
  // pdf-lib (about 1.2 MB of code with its fonts) loads with the first document drawn, not at start.
  const { renderDocumentPdf } = await import("./pdf.server.ts");
  const pdf = await renderDocumentPdf(JSON.parse(row.data) as DocumentContent);
  await db.updateTable("money_documents").set({ pdf, rendered_at: nowIso() }).where("id", "=", id).where("rendered_at", "is", null).execute();
}

/** A document of order `orderId` with its PDF (drawn now if the job has not run yet); undefined if there is none. */
export async function documentFile(db: Db, orderId: string, id: string): Promise<{ doc: MoneyDocument; pdf: Uint8Array } | undefined> {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  const exists = await db.selectFrom("money_documents").select("rendered_at").where("id", "=", id).where("order_id", "=", orderId).executeTakeFirst();
  if (!exists) return undefined;
  if (!exists.rendered_at) await storePdf(db, id);
  const row = await db.selectFrom("money_documents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const { pdf, data: _data, ...doc } = row;
  return pdf ? { doc, pdf: new Uint8Array(pdf) } : undefined;
}

export interface MoneyDocumentLine {
  number: string;
  kind: "invoice" | "credit-note";
  orderId: string;
  /** ISO time of issue. */
  date: string;
  /** Positive; a credit note's amount goes back to the buyer. */
  amountCents: number;
  currency: string;
}

/**
 * Every invoice and credit note issued in [from, to) (ISO times), in issue order: for the Reports
 * CSV and the bookkeeper. Ordered by time, then kind and number, so a month reads as issued.
 */
export async function moneyDocumentsBetween(db: Db, from: string, to: string): Promise<MoneyDocumentLine[]> {
  const rows = await db
    .selectFrom("money_documents")
    .select(["number", "kind", "order_id", "issued_at", "amount_cents", "currency"])
    .where("issued_at", ">=", from)
    .where("issued_at", "<", to)
    .orderBy("issued_at")
    .orderBy("kind", "desc")
    .orderBy("seq")
    .execute();
  return rows.map((r) => ({ number: r.number, kind: r.kind, orderId: r.order_id, date: r.issued_at, amountCents: r.amount_cents, currency: r.currency }));
}

/** Draws PDFs after the issuing transaction committed; retried with the queue's backoff. */
export function renderDocumentJob(db: Db): JobHandlerDef<{ id: string }> {
  return {
    kind: RENDER_JOB,
    maxAttempts: 8,
    async run({ id }) {
      await storePdf(db, id);
    },
  };
}
