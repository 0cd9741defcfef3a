/**
 * What the audit log records: every kind of admin and editor action, once, with the group the
 * audit screen filters by and the words it shows. Browser-safe (the screen's filter reads it).
 */
export const AUDIT_KINDS = {
  content: "Content",
  orders: "Orders",
  people: "Users and roles",
  "payment-account": "Payment account",
  inbox: "Messages",
  "sign-in": "Sign-ins to the admin area",
  security: "Account security",
} as const;
export type AuditKind = keyof typeof AUDIT_KINDS;

export const AUDIT_ACTIONS = {
  "content.create": { kind: "content", label: "Content added" },
  "content.update": { kind: "content", label: "Content changed" },
  "content.delete": { kind: "content", label: "Content deleted" },
  "content.reorder": { kind: "content", label: "Content reordered" },
  "content.draft": { kind: "content", label: "Draft saved" },
  "content.discard": { kind: "content", label: "Draft discarded" },
  "content.schedule": { kind: "content", label: "Publish scheduled" },
  "content.unschedule": { kind: "content", label: "Schedule cancelled" },
  "content.undelete": { kind: "content", label: "Restored from the trash" },
  "content.purge": { kind: "content", label: "Deleted for good" },
  "content.empty-trash": { kind: "content", label: "Trash emptied" },
  "content.reorder-draft": { kind: "content", label: "New order saved as a draft" },
  "item.create": { kind: "content", label: "Template item added" },
  "item.update": { kind: "content", label: "Template item changed" },
  "item.delete": { kind: "content", label: "Template item deleted" },
  "media.upload": { kind: "content", label: "Image uploaded" },
  "media.describe": { kind: "content", label: "Image alt text or focal point changed" },
  "media.delete": { kind: "content", label: "Image deleted" },
  "redirect.create": { kind: "content", label: "Redirect added" },
  "redirect.update": { kind: "content", label: "Redirect changed" },
  "redirect.delete": { kind: "content", label: "Redirect deleted" },
  "order.status": { kind: "orders", label: "Order status changed" },
  "order.brief": { kind: "orders", label: "Brief sent" },
  "order.start": { kind: "orders", label: "Work started" },
  "order.deliver": { kind: "orders", label: "Work delivered" },
  "order.approve": { kind: "orders", label: "Delivery approved" },
  "order.changes": { kind: "orders", label: "Changes requested" },
  "order.message": { kind: "orders", label: "Order message sent" },
  "brief.questions": { kind: "orders", label: "Brief questions changed" },
  "order.refund": { kind: "orders", label: "Refund asked of PayPal" },
  "invoicing.seller": { kind: "orders", label: "Seller's invoice details changed" },
  "user.add": { kind: "people", label: "Role granted" },
  "user.change": { kind: "people", label: "User changed" },
  "user.remove": { kind: "people", label: "User removed" },
  "user.invite": { kind: "people", label: "Invitation sent again" },
  "user.accept": { kind: "people", label: "Invitation accepted" },
  "payment-account.create": { kind: "payment-account", label: "Payment account set" },
  "payment-account.update": { kind: "payment-account", label: "Payment account changed" },
  "message.unread": { kind: "inbox", label: "Message marked unread" },
  "message.delete": { kind: "inbox", label: "Message deleted" },
  "sign-in": { kind: "sign-in", label: "Signed in" },
  "sign-in.failed": { kind: "sign-in", label: "Sign-in failed" },
  reauth: { kind: "security", label: "Confirmed it was them" },
  "password.change": { kind: "security", label: "Password changed" },
  "two-factor.enable": { kind: "security", label: "Authenticator app set up" },
  "two-factor.disable": { kind: "security", label: "Authenticator app removed" },
  "recovery-codes.new": { kind: "security", label: "New recovery codes" },
  "passkey.add": { kind: "security", label: "Passkey added" },
  "passkey.remove": { kind: "security", label: "Passkey removed" },
  "session.revoke": { kind: "security", label: "Session ended" },
  "sessions.revoke-others": { kind: "security", label: "Other sessions ended" },
  "sessions.revoke-all": { kind: "security", label: "Every session ended" },
} as const satisfies Record<string, { kind: AuditKind; label: string }>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const isAuditKind = (value: string): value is AuditKind => Object.hasOwn(AUDIT_KINDS, value);

/** The actions filed under a kind (the screen's "kind of action" filter). */
export const actionsOfKind = (kind: AuditKind): AuditAction[] =>
  (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((action) => AUDIT_ACTIONS[action].kind === kind);

/** The words for an action; an action a newer version wrote shows as stored. */
export const actionLabel = (action: string): string => (Object.hasOwn(AUDIT_ACTIONS, action) ? AUDIT_ACTIONS[action as AuditAction].label : action);

/** Who acted when `npm run admin` did it: the operator on the server. */
export const COMMAND_LINE = "command line";
