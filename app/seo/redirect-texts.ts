import type { RedirectStatus } from "./redirect-rules.ts";

/** The words of the redirects and the 404 monitor (docs/decisions/0023-wording.md). Browser-safe. */

/** The form's and the API's fields, by the labels people see (errors name these). */
export const REDIRECT_LABELS = { from: "From path", to: "To", status: "Type" } as const;

export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  410: "410 Gone (no target)",
};

export const REDIRECT_TEXTS = {
  added: "The redirect was added. Visitors are sent on now.",
  updated: "The redirect was updated.",
  deleted: "The redirect was deleted.",
  /** After "Redirect this" on the 404 monitor. */
  created: (from: string, to: string) => `Redirect created: ${from} now goes to ${to}.`,
} as const;
