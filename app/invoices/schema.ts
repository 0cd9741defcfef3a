import { z } from "zod";
import { requiredText } from "../shared/validation.ts";

/** Optional text: trimmed, at most `max` characters, "" when not given. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value ?? "");

/** The seller's details an Admin sets once on /admin/invoicing; printed on every document issued after. */
export const sellerSchema = z.object({
  legalName: requiredText("Legal name", 200).describe("Legal name"),
  address: requiredText("Address", 500).describe("Address"),
  taxId: optionalText("Tax or VAT number", 50).describe("Tax or VAT number"),
  footer: optionalText("Invoice footer", 500).describe("Invoice footer"),
  prefix: z
    .string()
    .trim()
    .min(1, "Number prefix is required")
    .max(12, "Number prefix must be at most 12 characters")
    .regex(/^[A-Za-z0-9][A-Za-z0-9/-]*$/, "Number prefix may hold letters, digits, - and / only")
    .describe("Number prefix"),
});
export type SellerInput = z.output<typeof sellerSchema>;

/**
 * A VAT id as the EU writes it: two letters of the country, then 2 to 13 letters or digits
 * (spaces and dots people type are dropped). Other tax ids fit the same shape or are left out.
 */
const vatId = z
  .string()
  .transform((value) => value.replace(/[\s.-]/g, "").toUpperCase())
  .pipe(z.string().regex(/^([A-Z]{2}[A-Z0-9+*]{2,13})?$/, "VAT id must start with the country's two letters, e.g. DE123456789"))
  .optional()
  .transform((value) => value ?? "")
  .describe("VAT id");

/** What a customer may add to an order for the invoice: all optional. */
export const billingSchema = z.object({
  company: optionalText("Company name", 200).describe("Company name"),
  billingAddress: optionalText("Billing address", 500).describe("Billing address"),
  vatId,
});
export type BillingInput = z.output<typeof billingSchema>;
