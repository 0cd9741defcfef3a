/**
 * The inbox's fixed texts and names, without zod: the contact and subscribe forms on public
 * pages import these, and zod stays out of the browser bundle.
 */

export const MESSAGE_STATUSES = ["UnRead", "Read"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** Success texts of the spec, shown in a status message instead of the original's alert(). */
export const MESSAGE_SENT = "Message is Send";
export const MESSAGE_READ = "Message is Read";
export const SUBSCRIBED = "Subscribers Request is Sent";

/**
 * The honeypot: a field people never see (visually hidden, aria-hidden, out of the tab order,
 * autocomplete off) that form-filling bots tend to complete. Named like a real field on purpose.
 */
export const HONEYPOT_FIELD = "website";
export const HONEYPOT_REJECTED =
  "This form was not sent because a hidden field was filled in, which is what spam robots do. If you are a person, please reload the page and try again.";
