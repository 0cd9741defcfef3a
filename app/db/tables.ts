import type { Generated } from "kysely";

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
  orders: OrdersTable;
  payments: PaymentsTable;
  payment_notifications: PaymentNotificationsTable;
  sales_totals: SalesTotalsTable;
  jobs: JobsTable;
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

export interface UserRolesTable {
  id: string;
  user_email: string;
  user_role: string;
  created_at: string;
  updated_at: string;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: Generated<number>;
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
  /** better-auth user id of the customer: ownership is checked against it. */
  user_id: string;
  customer_email: string;
  customer_name: string;
  customer_address: string;
  customer_country: string;
  plan_id: string;
  package_name: string;
  price_cents: number;
  payment_status: "UnPaid" | "Paid" | "Cancelled";
  order_status: "Pending" | "Delivered";
  created_at: string;
  updated_at: string;
  paid_at: string | null;
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

/** Every payment notification received and what became of it (accepted, rejected, failed). */
export interface PaymentNotificationsTable {
  id: string;
  provider: string;
  order_id: string | null;
  txn_id: string | null;
  outcome: "accepted" | "rejected" | "failed";
  reason: string;
  received_at: string;
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
