import { z } from "zod";
import { emailAddress, requiredText } from "../shared/validation.ts";
import { HONEYPOT_FIELD } from "./texts.ts";

/**
 * The rules for contact messages and subscriptions, shared by the page actions and the JSON API.
 * Every field is required and bounded (the original checked nothing); messages name the field in
 * plain words so they can sit next to it.
 */

export * from "./texts.ts";

const email = () => emailAddress("Email is required");

/** A phone number as people write it: digits with spaces, dashes, dots, brackets or a leading +. */
const phone = requiredText("Phone number", 30)
  .regex(/^\+?[0-9 ()./-]+$/, "Provide a valid phone number (digits, spaces, + - . ( ) only)")
  .refine((v) => v.replace(/\D/g, "").length >= 5, "Provide a valid phone number (at least 5 digits)");

export const contactSchema = z.object({
  name: requiredText("Name", 100),
  email: email(),
  number: phone,
  subject: requiredText("Subject", 150),
  message: requiredText("Message", 5000),
});
export type ContactInput = z.output<typeof contactSchema>;

export const markReadSchema = z.object({
  messageStatus: z.literal("Read", { error: 'messageStatus must be "Read": a message can only be marked read' }),
});

export const subscribeSchema = z.object({ subemail: email() });

/** True when the honeypot field came back with anything in it. */
export function honeypotFilled(input: unknown): boolean {
  if (!input || typeof input !== "object") return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && String(value).trim() !== "";
}
