import { z } from "zod";

/** Template items (Canva templates an admin lists): the spec's fields and choices. */
export const ITEM_FORMATS = ["Facebook", "Instagram", "Youtube"] as const;
export const ITEM_PRICES = ["Paid", "Free"] as const;
export const ITEM_SAVED = "Item is Updated";

/** http(s) addresses only: no javascript:, data: or other schemes a browser might run. */
const link = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
      } catch {
        return false;
      }
    }, `${label} must be an http(s) address such as https://www.canva.com/…`);

export const itemSchema = z.object({
  format: z.enum(ITEM_FORMATS, { error: `Format must be one of ${ITEM_FORMATS.join(", ")}` }),
  canvaLink: link("Canva link"),
  imageLink: link("Image link"),
  category: z.string({ error: "Category is required" }).trim().min(1, "Category is required").max(100, "Category must be at most 100 characters"),
  freeOrPaid: z.enum(ITEM_PRICES, { error: `Free or paid must be one of ${ITEM_PRICES.join(", ")}` }),
});
export type ItemInput = z.output<typeof itemSchema>;
