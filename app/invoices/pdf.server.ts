import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from "pdf-lib";
import { formatUsd } from "../shared/money.ts";
import { type DocumentContent, KIND_TITLE } from "./content.ts";

/**
 * Draws an invoice or credit note as a one-or-more page A4 PDF with pdf-lib's built-in Helvetica
 * (nothing to embed). Deterministic: the dates inside are the document's own, so the same content
 * always gives the same bytes. Helvetica speaks WinAnsi only: other characters are simplified
 * (é stays, ł becomes l) or shown as "?".
 */

const A4 = [595.28, 841.89] as const;
const MARGIN = 50;
const WRAP = 90;

const WIN_ANSI_EXTRA = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";
const printable = (c: string) => (c >= " " && c <= "~") || (c >= "\u00a0" && c <= "\u00ff") || WIN_ANSI_EXTRA.includes(c);

/** Text Helvetica can draw. */
export function winAnsi(text: string): string {
  return Array.from(text.replace(/\t/g, " "), (c) => {
    if (printable(c)) return c;
    const base = c.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
    return base && Array.from(base).every(printable) ? base : "?";
  }).join("");
}

/** Lines of at most `width` characters, broken at spaces where there is one. */
function wrap(text: string, width = WRAP): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let rest = paragraph.trimEnd();
    while (rest.length > width) {
      const cut = rest.lastIndexOf(" ", width);
      const at = cut > width / 2 ? cut : width;
      out.push(rest.slice(0, at));
      rest = rest.slice(at).trimStart();
    }
    out.push(rest);
  }
  return out;
}

export const money = (cents: number, currency: string) => (currency === "USD" ? formatUsd(cents) : `${(cents / 100).toFixed(2)} ${currency}`);

const day = (iso: string) => iso.slice(0, 10);

export async function renderDocumentPdf(content: DocumentContent): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const issued = new Date(content.issuedAt);
  const title = `${KIND_TITLE[content.kind]} ${content.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(winAnsi(content.seller.legalName));
  pdf.setCreator("Rankwell");
  pdf.setProducer("Rankwell (pdf-lib)");
  pdf.setCreationDate(issued);
  pdf.setModificationDate(issued);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let page: PDFPage = pdf.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const line = (text: string, options: { font?: PDFFont; size?: number; x?: number; gap?: number } = {}) => {
    const size = options.size ?? 10;
    if (y < MARGIN + size) {
      page = pdf.addPage([...A4]);
      y = A4[1] - MARGIN;
    }
    page.drawText(winAnsi(text), { x: options.x ?? MARGIN, y, size, font: options.font ?? regular, color: rgb(0, 0, 0) });
    y -= options.gap ?? size + 4;
  };
  const block = (heading: string, lines: string[]) => {
    line(heading, { font: bold, size: 11 });
    for (const text of lines.filter((l) => l.trim() !== "")) for (const part of wrap(text)) line(part);
    y -= 8;
  };

  line(title, { font: bold, size: 20, gap: 30 });
  line(`Date of issue: ${day(content.issuedAt)}`);
  if (content.kind === "invoice") line(`Date of payment: ${day(content.payment.paidAt)}`);
  if (content.invoiceNumber) line(`Credits invoice: ${content.invoiceNumber}`);
  line(`Order: ${content.orderId}`, { gap: 22 });

  const { seller, buyer } = content;
  block("Seller", [seller.legalName, seller.address, seller.taxId ? `Tax/VAT number: ${seller.taxId}` : ""]);
  block("Buyer", [
    buyer.company,
    buyer.name,
    buyer.billingAddress || [buyer.address, buyer.country].filter(Boolean).join("\n"),
    buyer.email,
    buyer.vatId ? `VAT id: ${buyer.vatId}` : "",
  ]);

  line("Description", { font: bold, x: MARGIN, gap: 0 });
  line("Qty", { font: bold, x: 350, gap: 0 });
  line("Unit price", { font: bold, x: 400, gap: 0 });
  line("Amount", { font: bold, x: 480 });
  for (const item of content.lines) {
    const parts = wrap(item.description, 55);
    line(parts[0] ?? "", { gap: 0 });
    line(String(item.quantity), { x: 350, gap: 0 });
    line(money(item.unitCents, content.currency), { x: 400, gap: 0 });
    line(money(item.totalCents, content.currency), { x: 480 });
    for (const more of parts.slice(1)) line(more);
  }
  y -= 6;
  line(`Total (${content.currency}): ${money(content.totalCents, content.currency)}`, { font: bold, size: 12, gap: 24 });
  if (content.kind === "credit-note") {
    line(`Refunded to the buyer: ${money(content.totalCents, content.currency)}`);
    if (content.reason) for (const part of wrap(`Reason: ${content.reason}`)) line(part);
  }
  line(`Payment method: ${content.payment.method}`);
  line(`PayPal reference: ${content.payment.reference}`, { gap: 24 });
  if (seller.footer) for (const part of wrap(seller.footer, 100)) line(part, { size: 8 });
  return pdf.save({ useObjectStreams: false });
}
