/**
 * The inbox's fixed texts and names, without zod: the contact and subscribe forms on public
 * pages import these, and zod stays out of the browser bundle.
 */

export const MESSAGE_STATUSES = ["UnRead", "Read"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** What the pages say for the spec's success texts (docs/decisions/0023-wording.md maps them): full sentences, sentence case. */
export const PAGE_TEXTS = {
  messageSent: "Your message has been sent.",
  messageRead: "The message is marked as read.",
  messageUnread: "The message is marked as unread.",
  messageDeleted: "The message was deleted.",
  subscribed: "You are subscribed. Thank you.",
} as const;

/** Message statuses as the admin pages show them; the API keeps "UnRead". */
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = { UnRead: "Unread", Read: "Read" };

/**
 * The honeypot: a field people never see (visually hidden, aria-hidden, out of the tab order,
 * autocomplete off) that form-filling bots tend to complete. Named like a real field on purpose.
 */
export const HONEYPOT_FIELD = "website";
export const HONEYPOT_REJECTED =
  "This form was not sent because a hidden field was filled in, which is what spam robots do. If you are a person, please reload the page and try again.";
