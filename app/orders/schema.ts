import { z } from "zod";
import { ORDER_STATUSES } from "./format.ts";

/** The spec's success text after an admin sets an order's status. */
export const ORDER_STATUS_UPDATED = "OrderStatus is Updated";
export const PAYMENT_CANCELLED = "You have cancelled the payment";

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * What a customer may choose when ordering. Everything else an order has (price, package name,
 * email, statuses, date) is set by the server; unknown keys are dropped, so a tampered form or
 * API body cannot set them.
 */
export const orderFormSchema = z.object({
  customerName: required("Name", 100),
  customerAddress: required("Address", 300),
  customerCountry: required("Country", 100),
});

/**
 * POST /api/new-order: the plan by id (`planId`, what the order page knows) or by its name
 * (`packageName`, as the original call sent it). The server looks the plan up and takes its price.
 */
export const newOrderSchema = orderFormSchema.extend({
  planId: z.string().trim().max(64).optional(),
  packageName: z.string().trim().max(100).optional(),
});

export const orderStatusSchema = z.object({
  orderStatus: z.enum(ORDER_STATUSES, { error: `Order status must be one of ${ORDER_STATUSES.join(", ")}` }),
});
