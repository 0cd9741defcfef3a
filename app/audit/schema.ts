import { z } from "zod";
import { isIsoDay } from "../shared/dates.ts";
import { AUDIT_KINDS, type AuditKind, isAuditKind } from "./actions.ts";

const day = (label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || isIsoDay(v), `${label} must be a date (YYYY-MM-DD)`)
    .transform((v) => v || undefined);

/**
 * The audit screen's filters, from its query string: person, kind of action, first and last
 * day (UTC, inclusive). Empty means "any". A bad value answers 400 naming the field.
 */
export const auditFilterSchema = z
  .object({
    actor: z
      .string()
      .trim()
      .max(254, "Person is too long")
      .transform((v) => v || undefined),
    kind: z
      .string()
      .refine((v) => v === "" || isAuditKind(v), `Kind must be one of ${Object.keys(AUDIT_KINDS).join(", ")}`)
      .transform((v) => (v || undefined) as AuditKind | undefined),
    from: day("From"),
    to: day("To"),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: "To must not be before From", path: ["to"] });
