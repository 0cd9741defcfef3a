import { z } from "zod";
import { httpUrl, requiredText } from "../shared/validation.ts";

/** Template items (Canva templates an admin lists): the spec's fields and choices. */
export const ITEM_FORMATS = ["Facebook", "Instagram", "Youtube"] as const;
export const ITEM_PRICES = ["Paid", "Free"] as const;
/** What the pages say for the spec's "Item is Updated" (docs/decisions/0023-wording.md). */
export const ITEM_TEXTS = { added: "The item was added.", updated: "The item was updated.", deleted: "The item was deleted." } as const;

const link = (label: string) => httpUrl(label, "https://www.canva.com/…");

export const itemSchema = z.object({
  format: z.enum(ITEM_FORMATS, { error: `Format must be one of ${ITEM_FORMATS.join(", ")}` }).describe("Format"),
  canvaLink: link("Canva link").describe("Canva link"),
  imageLink: link("Image link").describe("Image link"),
  category: requiredText("Category", 100).describe("Category"),
  freeOrPaid: z.enum(ITEM_PRICES, { error: `Free or paid must be one of ${ITEM_PRICES.join(", ")}` }).describe("Free or paid"),
});
export type ItemInput = z.output<typeof itemSchema>;
