import { z } from "zod";
import { emailAddress, requiredText } from "../shared/validation.ts";
import { HONEYPOT_FIELD } from "./texts.ts";

/**
 * The rules for contact messages and subscriptions, shared by the page actions and the JSON API.
 * Every field is bounded (the original checked nothing) and required but the phone number;
 * messages name the field in plain words so they can sit next to it, and `.describe()` gives the
 * label the form shows, which error summaries use.
 */

export * from "./texts.ts";

const email = () => emailAddress("Email is required");

/**
 * An optional phone number as people write it: digits with spaces, dashes, dots, brackets or a
 * leading +. Left out or empty, it is stored as "".
 */
const phone = z
  .string({ error: "Phone number must be text" })
  .trim()
  .max(30, "Phone number must be at most 30 characters")
  .refine((v) => v === "" || /^\+?[0-9 ()./-]+$/.test(v), "Provide a valid phone number (digits, spaces, + - . ( ) only)")
  .refine((v) => v === "" || v.replace(/\D/g, "").length >= 5, "Provide a valid phone number (at least 5 digits)")
  .default("");

export const contactSchema = z.object({
  name: requiredText("Name", 100).describe("Name"),
  email: email().describe("Email"),
  number: phone.describe("Phone number"),
  subject: requiredText("Subject", 150).describe("Subject"),
  message: requiredText("Message", 5000).describe("Message"),
});
export type ContactInput = z.output<typeof contactSchema>;

export const markReadSchema = z.object({
  messageStatus: z.literal("Read", { error: 'messageStatus must be "Read": a message can only be marked read' }),
});

export const subscribeSchema = z.object({ subemail: email().describe("Email") });

/** True when the honeypot field came back with anything in it. */
export function honeypotFilled(input: unknown): boolean {
  if (!input || typeof input !== "object") return false;
  const value = (input as Record<string, unknown>)[HONEYPOT_FIELD];
  return value !== undefined && value !== null && String(value).trim() !== "";
}
