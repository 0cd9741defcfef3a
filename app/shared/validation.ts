import { z } from "zod";

/**
 * The input rules more than one form or API call uses, each written once. Messages name the field
 * in plain words so they can sit next to it.
 */

export const INVALID_EMAIL = "Provide a Valid Email";

/**
 * An email address, trimmed and lower-cased. `required` is the message for a missing value (the
 * spec says "Email is Required"; the inbox forms say "Email is required").
 */
export const emailAddress = (required = "Email is Required") =>
  z
    .string({ error: required })
    .trim()
    .toLowerCase()
    .min(1, required)
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL));

/** True for a well-formed email address (the command line checks with the same rule). */
export const isEmailAddress = (value: string) => z.email().safeParse(value).success;

/** Text that must be given, trimmed and at most `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** True for an absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A link an admin may enter on the site: http(s) with a host, a path on this site, or an anchor.
 * Rejects `javascript:`, `data:`, protocol-relative `//host` and anything else a browser might run.
 */
export function isSiteLink(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return true;
  if (value.startsWith("#")) return /^#[\w-]*$/.test(value);
  return isHttpUrl(value);
}

/** A required http(s) address (no javascript:, data: or other schemes a browser might run). */
export const httpUrl = (label: string, example = "https://…") =>
  requiredText(label, 2048).refine(isHttpUrl, `${label} must be an http(s) address such as ${example}`);
