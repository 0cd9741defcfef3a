import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import type { DocumentContent } from "./content.ts";
import { documentNumber } from "./numbering.server.ts";
import { renderDocumentPdf, winAnsi } from "./pdf.server.ts";
import { billingSchema, sellerSchema } from "./schema.ts";

const content: DocumentContent = {
  kind: "invoice",
  number: "RW-000001",
  issuedAt: "2026-03-04T10:00:00.000Z",
  currency: "USD",
  seller: { legalName: "Rankwell Ltd", address: "1 Road\nTown", taxId: "GB1", footer: "Thanks" },
  buyer: { name: "Zoë Łukasz", email: "z@example.com", address: "2 Street", country: "Poland", company: "", billingAddress: "", vatId: "" },
  orderId: "0123456789abcdef01234567",
  lines: [{ description: "Premium plan (SEO services)", quantity: 1, unitCents: 14999, totalCents: 14999 }],
  totalCents: 14999,
  payment: { method: "PayPal Checkout", reference: "CAPTURE1", paidAt: "2026-03-04T10:00:00.000Z" },
};

describe("document numbers", () => {
  it("put the prefix before six digits; credit notes say CN", () => {
    expect(documentNumber("RW-", "invoice", 42)).toBe("RW-000042");
    expect(documentNumber("RW-", "credit-note", 7)).toBe("RW-CN-000007");
    expect(documentNumber("A/", "invoice", 1234567)).toBe("A/1234567");
  });
});

describe("the PDF", () => {
  it("is the same bytes every time it is drawn from the same content", async () => {
    const [a, b] = [await renderDocumentPdf(content), await renderDocumentPdf(content)];
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const pdf = await PDFDocument.load(a);
    expect(pdf.getTitle()).toBe("Invoice RW-000001");
    expect(pdf.getCreationDate()?.toISOString()).toBe(content.issuedAt);
  });

  it("draws what Helvetica cannot as the nearest letter or ?", () => {
    expect(winAnsi("Zoë Łukasz ścieżka 日本 €5")).toBe("Zoë ?ukasz sciezka ?? €5");
  });
});

describe("input", () => {
  it("a VAT id is two letters of the country and 2-13 more, spaces and dots dropped; empty is fine", () => {
    expect(billingSchema.parse({ vatId: "de 123.456.789" }).vatId).toBe("DE123456789");
    expect(billingSchema.parse({}).vatId).toBe("");
    expect(billingSchema.safeParse({ vatId: "123456" }).success).toBe(false);
  });

  it("the seller needs a legal name, an address and a prefix of letters, digits, - and /", () => {
    expect(sellerSchema.safeParse({ legalName: "A", address: "B", prefix: "RW-2026/" }).success).toBe(true);
    expect(sellerSchema.safeParse({ legalName: "A", address: "B", prefix: "RW 1" }).success).toBe(false);
    expect(sellerSchema.safeParse({ legalName: "", address: "B", prefix: "RW" }).success).toBe(false);
  });
});
