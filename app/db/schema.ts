import type { Generated } from "kysely";

/**
 * Tables Rankwell owns. Times are ISO-8601 UTC text and money is integer cents, so the same
 * queries sort and sum identically on SQLite and PostgreSQL. better-auth's own tables
 * (user, session, account, verification) are created and queried by better-auth.
 */
export interface Database {
  user_roles: UserRolesTable;
  rate_limits: RateLimitsTable;
  content_items: ContentItemsTable;
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
