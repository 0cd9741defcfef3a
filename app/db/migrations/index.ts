import type { Migration } from "kysely/migration";
import * as foundation from "./001_foundation.ts";
import * as content from "./002_content.ts";
import * as orders from "./003_orders.ts";
import * as inbox from "./004_inbox.ts";
import * as salesTotals from "./005_sales_totals.ts";
import * as jobs from "./010_jobs.ts";
import * as publicVersion from "./030_public_version.ts";
import * as paymentsRest from "./020_payments_rest.ts";
import * as slidingRateLimits from "./040_sliding_rate_limits.ts";
import * as orderIdempotency from "./041_order_idempotency.ts";
import * as healthProbe from "./042_health_probe.ts";
import * as provenGrants from "./050_proven_grants.ts";
import * as auditLog from "./051_audit_log.ts";
import * as contentWorkflow from "./060_content_workflow.ts";
import * as media from "./070_media.ts";
import * as uniquePlanNames from "./080_unique_plan_names.ts";
import * as dataSteps from "./090_data_steps.ts";
import * as orderStages from "./100_order_stages.ts";
import * as orderPortal from "./110_order_portal.ts";
import * as accountSecurity from "./120_account_security.ts";
import * as redirects from "./130_redirects.ts";
import * as uniqueSlugs from "./131_unique_slugs.ts";
import * as mediaAltFocal from "./132_media_alt_focal.ts";
import * as orderNumbers from "./140_order_numbers.ts";
import * as contentOrderDrafts from "./145_content_order_drafts.ts";
import * as invoicesRefunds from "./150_invoices_refunds.ts";
import * as moneyReports from "./155_money_reports.ts";

/**
 * Every migration, in order. Listed here rather than read from the folder so that the bundled
 * server carries them. Append new ones; never edit one that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "001_foundation": foundation,
  "002_content": content,
  "003_orders": orders,
  "004_inbox": inbox,
  "005_sales_totals": salesTotals,
  "010_jobs": jobs,
  "020_payments_rest": paymentsRest,
  "030_public_version": publicVersion,
  "040_sliding_rate_limits": slidingRateLimits,
  "041_order_idempotency": orderIdempotency,
  "042_health_probe": healthProbe,
  "050_proven_grants": provenGrants,
  "051_audit_log": auditLog,
  "060_content_workflow": contentWorkflow,
  "070_media": media,
  "080_unique_plan_names": uniquePlanNames,
  "090_data_steps": dataSteps,
  "100_order_stages": orderStages,
  "110_order_portal": orderPortal,
  "120_account_security": accountSecurity,
  "130_redirects": redirects,
  "131_unique_slugs": uniqueSlugs,
  "132_media_alt_focal": mediaAltFocal,
  "140_order_numbers": orderNumbers,
  "145_content_order_drafts": contentOrderDrafts,
  "150_invoices_refunds": invoicesRefunds,
  "155_money_reports": moneyReports,
};
