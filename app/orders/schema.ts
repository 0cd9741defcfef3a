import { z } from "zod";
import { requiredText } from "../shared/validation.ts";
import { ORDER_STATUSES } from "../shared/order-stages.ts";

/** The spec's success text after an admin sets an order's status. */
export const ORDER_STATUS_UPDATED = "OrderStatus is Updated";
export const PAYMENT_CANCELLED = "You have cancelled the payment";

/**
 * What a customer may choose when ordering. Everything else an order has (price, package name,
 * email, statuses, date) is set by the server; unknown keys are dropped, so a tampered form or
 * API body cannot set them.
 */
export const orderFormSchema = z.object({
  customerName: requiredText("Name", 100).describe("Name"),
  customerAddress: requiredText("Address", 300).describe("Address"),
  customerCountry: requiredText("Country", 100).describe("Country"),
});

/**
 * POST /api/new-order: the plan by id (`planId`, what the order page knows) or by its name
 * (`packageName`, as the original call sent it). The server looks the plan up and takes its price.
 */
export const newOrderSchema = orderFormSchema.extend({
  planId: z.string().trim().max(64).optional(),
  packageName: z.string().trim().max(100).optional(),
});

/**
 * The key a client sends an order with, so a retried submit finds the first order: the order
 * form's one-time token, or the API's Idempotency-Key header. Visible ASCII, as HTTP headers are.
 */
export const idempotencyKeySchema = z
  .string()
  .min(1, "must not be empty")
  .max(200, "must be at most 200 characters")
  .regex(/^[\x21-\x7e]+$/, "must be visible ASCII characters without spaces");

export const IDEMPOTENCY_MISMATCH = "This order was already placed with other details. Reload the order form to place another order.";

export const orderStatusSchema = z.object({
  orderStatus: z.enum(ORDER_STATUSES, { error: `Order status must be one of ${ORDER_STATUSES.join(", ")}` }).describe("Order status"),
});
