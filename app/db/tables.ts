import type { ColumnType, Generated } from "kysely";
import type { OrderStatus, PaymentStatus, Stage } from "../shared/order-stages.ts";

/**
 * Tables Rankwell owns. Times are ISO-8601 UTC text and money is integer cents, so the same
 * queries sort and sum identically on SQLite and PostgreSQL. better-auth's own tables
 * (user, session, account, verification) are created and queried by better-auth.
 */
export interface Database {
  messages: MessagesTable;
  subscribers: SubscribersTable;
  template_items: TemplateItemsTable;
  user_roles: UserRolesTable;
  rate_limits: RateLimitsTable;
  content_items: ContentItemsTable;
  content_drafts: ContentDraftsTable;
  content_revisions: ContentRevisionsTable;
  content_trash: ContentTrashTable;
  content_order_drafts: ContentOrderDraftsTable;
  orders: OrdersTable;
  order_stage_history: OrderStageHistoryTable;
  brief_questions: BriefQuestionsTable;
  order_briefs: OrderBriefsTable;
  order_messages: OrderMessagesTable;
  order_deliveries: OrderDeliveriesTable;
  order_files: OrderFilesTable;
  order_file_blobs: OrderFileBlobsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  payment_refunds: PaymentRefundsTable;
  paypal_standin_orders: PaypalStandinOrdersTable;
  sales_totals: SalesTotalsTable;
  jobs: JobsTable;
  health_probe: HealthProbeTable;
  data_steps: DataStepsTable;
  public_version: PublicVersionTable;
  media_files: MediaFilesTable;
  media_blobs: MediaBlobsTable;
  audit_log: AuditLogTable;
  sign_in_attempts: SignInAttemptsTable;
  invoice_seller: InvoiceSellerTable;
  order_billing: OrderBillingTable;
  document_counters: DocumentCountersTable;
  money_documents: MoneyDocumentsTable;
  refund_requests: RefundRequestsTable;
  redirects: RedirectsTable;
  not_found_hits: NotFoundHitsTable;
  /** SQLite only: named counters (the next order number); PostgreSQL uses sequences. */
  counters: CountersTable;
  /**
   * better-auth's accounts: read to ask whether an address has one and is verified; written here
   * only to mark an address verified (an accepted invitation, a completed reset).
   */
  user: AuthUserTable;
  /** better-auth's sessions: listed and ended on the account page (auth/sessions.server.ts), stamped when the person confirms it is them. */
  session: AuthSessionTable;
  /** better-auth's passkeys (@better-auth/passkey), read for the account page and the second-factor rule. */
  passkey: AuthPasskeyTable;
}

/** Dates in better-auth's tables: ISO text on SQLite, timestamptz (a Date) on PostgreSQL. */
type AuthDate = string | Date;

export interface AuthSessionTable {
  id: string;
  userId: string;
  token: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  /** When this session last proved a second factor (authenticator code, recovery code, passkey); null: password only. */
  secondFactorAt: AuthDate | null;
  /** When its owner last proved it is them (password or second factor): sign-in, or a confirmation since. */
  confirmedAt: AuthDate | null;
}

/** The columns of better-auth's "user" table that we read. */
export interface AuthUserTable {
  id: string;
  email: string;
  /** 1/0 on SQLite, a boolean on PostgreSQL. */
  emailVerified: boolean | number;
  twoFactorEnabled: boolean | number | null;
}

export interface AuthPasskeyTable {
  id: string;
  userId: string;
  name: string | null;
  createdAt: AuthDate | null;
}

/** Wrong passwords per account and address (`pair:…`) and per account (`account:…`); times in epoch ms. */
export interface SignInAttemptsTable {
  key: string;
  attempts: Generated<number>;
  last_at: number | string;
  mailed_at: number | string | null;
}

/** One admin or editor action (app/audit). Append-only: a trigger refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: string;
  created_at: string;
  /** The email of who acted, or "command line" for the operator's `npm run admin`. */
  actor: string;
  /** The client address as the app derives it (TRUST_PROXY); null from the command line. */
  ip: string | null;
  /** One of AUDIT_ACTIONS (app/audit/actions.ts), e.g. content.update. */
  action: string;
  /** What was acted on, in words: "Banner 0a1b…", "Order 0a1b…", "a@example.com". */
  target: string;
  /** What changed, shortened. */
  summary: string;
}

/** One row ('all'): the running Total Sales, kept by the payment transaction. */
export interface SalesTotalsTable {
  id: string;
  paid_cents: number;
  paid_count: number;
}

export interface ContentItemsTable {
  id: string;
  section: string;
  singleton_key: string | null;
  position: number;
  /** The section's fields as a JSON object of strings. */
  data: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/**
 * The unpublished version of one content record (at most one each). `record_id` is the published
 * record's id, or the id a new record gets when it is first published.
 */
export interface ContentDraftsTable {
  record_id: string;
  section: string;
  /** The section name for singletons (unique, like content_items'), NULL for list items. */
  singleton_key: string | null;
  /** The section's fields as a JSON object of strings. */
  data: string;
  /** When the draft is to be published by itself (ISO UTC), if scheduled. */
  publish_at: string | null;
  scheduled_by: string | null;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/** What a content change did: a publish (of a draft or an API write), a delete, a restore. */
export type RevisionAction = "imported" | "created" | "published" | "deleted" | "restored" | "undeleted";

/** One change of public content: the record's values before and after it, as JSON (NULL where there were none). */
export interface ContentRevisionsTable {
  id: string;
  record_id: string;
  section: string;
  action: RevisionAction;
  /** How it happened, in words ("Through the API", "On schedule", "Restored the version of …"). */
  note: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
  created_by: string;
}

/** A deleted list item, with its place in the list and its draft, until it is restored. */
export interface ContentTrashTable {
  record_id: string;
  section: string;
  position: number;
  data: string;
  draft: string | null;
  deleted_at: string;
  deleted_by: string;
}

/** A list's order saved as a draft (migration 145): the record ids in their new order, as JSON. */
export interface ContentOrderDraftsTable {
  section: string;
  ids: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
}

/** A role granted to an email; it applies once the address is proven (docs/decisions/0017). */
export interface UserRolesTable {
  id: string;
  user_email: string;
  user_role: string;
  created_at: string;
  updated_at: string;
  /** When the owner of the address proved it; null while the grant is pending. */
  proven_at: Generated<string | null>;
  /** sha256 of the live invitation token; null when none is outstanding. */
  invite_token_hash: Generated<string | null>;
  invite_expires_at: Generated<string | null>;
  invited_by: Generated<string | null>;
  invited_at: Generated<string | null>;
}

/** A sliding window per key: attempts in the window starting at `window_start` and in the one before. */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: Generated<number>;
  prev_count: Generated<number>;
}

/** The row `/healthz` writes to prove the database takes writes. */
export interface HealthProbeTable {
  id: string;
  checked_at: string;
}

/** One row per one-time data step done (db/data-steps.server.ts). */
export interface DataStepsTable {
  name: string;
  done_at: string;
}

/** One row: bumped by every write that changes public content (content/workflow/public-change.server.ts). */
/** One redirect rule (app/seo/redirects.server.ts): `from_path` normalised, no target for 410. */
export interface RedirectsTable {
  id: string;
  from_path: string;
  to_target: string | null;
  status: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
}

/** A missing path visitors asked for (app/seo/not-found-hits.server.ts); `scanner` 1 for an obvious probe. */
export interface NotFoundHitsTable {
  path: string;
  scanner: number;
  count: number;
  referrer: string;
  first_seen: string;
  last_seen: string;
}

export interface PublicVersionTable {
  id: string;
  version: number;
}

export interface MessagesTable {
  id: string;
  name: string;
  email: string;
  number: string;
  subject: string;
  message: string;
  message_status: string;
  created_at: string;
  read_at: string | null;
  read_by: string | null;
}

export interface SubscribersTable {
  id: string;
  subemail: string;
  unsubscribe_token_hash: string;
  created_at: string;
}

export interface TemplateItemsTable {
  id: string;
  format: string;
  canva_link: string;
  image_link: string;
  category: string;
  free_or_paid: string;
  created_by: string;
  created_at: string;
}

/** An order for one pricing plan. Price, email, statuses and date are set by the server. */
export interface OrdersTable {
  id: string;
  /**
   * The short number people see (#1001): unique, increasing, given by the database in the insert's
   * transaction (orders/order-number.server.ts); a bulk insert without one gets PostgreSQL's default.
   */
  number: ColumnType<number, number | undefined, never>;
  /** better-auth user id of the customer: ownership is checked against it. */
  user_id: string;
  customer_email: string;
  customer_name: string;
  customer_address: string;
  customer_country: string;
  plan_id: string;
  package_name: string;
  price_cents: number;
  /** Where the order is in its life (app/shared/order-stages.ts); written only by orders' moveOrder. */
  stage: Stage;
  /** The spec's two statuses, derived from the stage and written beside it. */
  payment_status: PaymentStatus;
  order_status: OrderStatus;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** The PayPal order (Orders v2) this order is paid through, once Pay Now created it. */
  paypal_order_id: string | null;
  /** The PayPal-Request-Id of that create call: sent again, it answers the same PayPal order. */
  paypal_request_id: string | null;
  refunded_at: string | null;
  /** The client's key for this order (form token or Idempotency-Key): unique per customer. */
  idempotency_key: string | null;
  /** The plan's delivery time in days when the order was placed (null: none set). */
  delivery_days: number | null;
  /** When the work is due: the brief's arrival plus delivery_days (null until then). */
  due_at: string | null;
  /** What has gone back to the buyer (refunds); Total Sales counts price_cents minus this. */
  refunded_cents: Generated<number>;
}

export interface CountersTable {
  name: string;
  /** The last value given out. */
  value: number;
}

/** A question a plan's customers answer in their brief (app/orders/brief). */
export interface BriefQuestionsTable {
  plan_id: string;
  /** Stable within the plan: answers are keyed by it. */
  key: string;
  position: number;
  kind: "url" | "text" | "longText" | "keywords" | "yesNo" | "choice" | "file";
  label: string;
  help: string;
  required: number;
  /** The choices of a `choice` question, JSON array of strings. */
  options: string;
  updated_at: string;
  updated_by: string;
}

/** An order's brief: the questions as they were when it was placed, the answers so far, and when it was sent. */
export interface OrderBriefsTable {
  order_id: string;
  /** JSON array of the questions (key, kind, label, help, required, options). */
  questions: string;
  /** JSON object: question key to the answer (text, a list for keywords, a file id for a file). */
  answers: string;
  submitted_at: string | null;
  updated_at: string;
}

/** A message of an order's conversation, from its customer or from the agency. */
export interface OrderMessagesTable {
  id: string;
  order_id: string;
  side: "customer" | "agency";
  author_email: string;
  body: string;
  created_at: string;
  /** When the other side first saw it on the order's page (null: unread). */
  read_at: string | null;
}

/** A delivery of the agency's work: its summary; its files are order files. */
export interface OrderDeliveriesTable {
  id: string;
  order_id: string;
  summary: string;
  delivered_by: string;
  created_at: string;
}

/** A file that belongs to an order (attachment, deliverable, brief answer): never public. */
export interface OrderFilesTable {
  /** 32 random hex digits: the address cannot be guessed; access is checked on top. */
  id: string;
  order_id: string;
  message_id: string | null;
  delivery_id: string | null;
  question_key: string | null;
  name: string;
  content_type: string;
  byte_size: number;
  storage: "database" | "s3";
  uploaded_by: string;
  created_at: string;
}

/** The bytes of an order file kept in the database. */
export interface OrderFileBlobsTable {
  file_id: string;
  data: Uint8Array;
}

/** One move of an order from stage to stage: who made it and when (shown on the order's timeline). */
export interface OrderStageHistoryTable {
  id: string;
  order_id: string;
  /** The move's place in the order's history: 1, 2, … */
  seq: number;
  /** null for the order being placed. */
  from_stage: Stage | null;
  to_stage: Stage;
  /** The email of who moved it, "PayPal" for a verified payment or refund, or "command line". */
  actor: string;
  note: string | null;
  created_at: string;
}

/** A verified payment; (provider, txn_id) is unique, so a replayed notification adds nothing. */
export interface PaymentsTable {
  id: string;
  order_id: string;
  provider: string;
  txn_id: string;
  amount_cents: number;
  currency: string;
  receiver_email: string;
  payer_email: string | null;
  created_at: string;
}

/**
 * Every IPN and webhook as received (stored before the 200), and every capture, return and
 * reconciliation outcome: what became of it, and whether a person must look at it.
 */
export interface PaymentEventsTable {
  id: string;
  /** paypal-orders (REST) or paypal-standard (IPN). */
  provider: string;
  /** ipn, webhook, return, capture, reconcile, checkout. */
  source: string;
  /** The webhook's event_type, "IPN <payment_status>", or what we did ("CAPTURE"). */
  event_type: string;
  dedupe_key: string | null;
  order_id: string | null;
  /** PayPal's id for what it is about: PayPal order, capture, refund or IPN transaction. */
  reference: string | null;
  amount_cents: number | null;
  currency: string | null;
  /** The message exactly as received (kept until it is processed, then cleared). */
  raw: string | null;
  /** The paypal-* headers of a webhook, as JSON. */
  headers: string | null;
  status: "received" | "done" | "failed";
  /** paid, pending, denied, refunded, reversed, ignored, rejected, mismatch, failed, … */
  outcome: string | null;
  /** 1 when a person must look at it (mismatch, payment for a cancelled order, refund, reversal, verification failing). */
  attention: number;
  reason: string;
  received_at: string;
  processed_at: string | null;
}

/** A refund or reversal of a recorded payment; (provider, refund_id) is unique. */
export interface PaymentRefundsTable {
  id: string;
  payment_id: string;
  provider: string;
  refund_id: string;
  /** refund, reversal, or reversal-cancelled (money back to us). */
  kind: string;
  amount_cents: number;
  created_at: string;
}

/** The local PayPal stand-in's orders (PAYPAL_MODE=standin). */
export interface PaypalStandinOrdersTable {
  id: string;
  /** The order's capture, once captured (a refund names the capture). */
  capture_id: string | null;
  create_request_id: string | null;
  capture_request_id: string | null;
  status: string;
  return_url: string;
  cancel_url: string;
  /** The order as the stand-in shows it, JSON. */
  data: string;
  created_at: string;
  updated_at: string;
}

/** Work to do after an answer was sent (app/jobs/queue.server.ts): claimed with a lease, retried with backoff. */
export interface JobsTable {
  id: string;
  kind: string;
  /** The job's input as JSON text. */
  payload: string;
  dedupe_key: string | null;
  /** pending: waiting or running; done; failed: gave up (shown to admins, can be retried). */
  status: "pending" | "done" | "failed";
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_by: string | null;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

/** An image of the media library (app/media): its metadata; the bytes are in media_blobs or a bucket. */
export interface MediaFilesTable {
  id: string;
  /** The first 32 hex digits of the SHA-256 of the stored bytes: the file's public name. */
  hash: string;
  /** The file name it was uploaded with, shown in the library. */
  name: string;
  /** That name reduced to a-z, 0-9 and dashes, for the URL. */
  slug: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  /** Where its bytes are: "database" (media_blobs) or "s3" (the MEDIA_S3_URL bucket). */
  storage: "database" | "s3";
  created_at: string;
  created_by: string;
  /** What the image shows (migration 132); null: nobody has said yet. */
  alt_text: string | null;
  /** 1: decorative, drawn with alt="". */
  decorative: number;
  /** The point a crop keeps in view, percent of width and height. */
  focal_x: number;
  focal_y: number;
}

/** Stored bytes of an original (`<file id>/original`) or a variant (`<file id>/w640.webp`). */
export interface MediaBlobsTable {
  key: string;
  file_id: string;
  data: Uint8Array;
}

/** The seller's details on every invoice (one row, id 'seller'), set on /admin/invoicing. */
export interface InvoiceSellerTable {
  id: string;
  legal_name: string;
  address: string;
  tax_id: string;
  footer: string;
  /** Put before every document number, e.g. "RW-". */
  prefix: string;
  updated_at: string;
  updated_by: string;
}

/** The buyer's billing details for one order (all optional for the customer; empty text when not given). */
export interface OrderBillingTable {
  order_id: string;
  company: string;
  address: string;
  vat_id: string;
  updated_at: string;
}

/** The last number given in a series ('invoice', 'credit-note'); updated in the issuing transaction. */
export interface DocumentCountersTable {
  series: string;
  last_number: number;
}

/** An invoice or credit note as issued: never changed, its PDF written once. */
export interface MoneyDocumentsTable {
  id: string;
  kind: "invoice" | "credit-note";
  /** The place in its series: 1, 2, 3, … without gaps. */
  seq: number;
  /** The printed number: the prefix at issue and the padded seq. */
  number: string;
  order_id: string;
  /** A credit note's invoice. */
  invoice_id: string | null;
  issued_at: string;
  /** Positive for both kinds (a credit note gives this much back). */
  amount_cents: number;
  currency: string;
  /** What the PDF shows, JSON (invoices/documents.server.ts DocumentContent). */
  data: string;
  pdf: Uint8Array | null;
  rendered_at: string | null;
}

/** A refund an Admin asked for; its request_id is sent as PayPal-Request-Id (stored before the call). */
export interface RefundRequestsTable {
  id: string;
  order_id: string;
  payment_id: string;
  request_id: string;
  /** The form's one-time key: a form sent twice is the same request. */
  form_key: string | null;
  amount_cents: number;
  reason: string;
  requested_by: string;
  status: "pending" | "completed" | "refused";
  /** PayPal's refund id, once it answered. */
  refund_id: string | null;
  /** Why PayPal refused, in its words. */
  failure: string | null;
  created_at: string;
  updated_at: string;
}
