import { z } from "zod";
import { isEmailAddress, isSiteLink } from "../../shared/validation.ts";
import type { FieldDef } from "./fields.ts";
import { blocksProblem } from "./page-blocks.ts";
import { isTagList, slugProblem } from "./slugs.ts";

/**
 * The zod rule for one field; messages name what is wrong in plain words. An optional field may
 * also be left out of a JSON body altogether; it is then stored as "".
 */
export function fieldSchema(def: FieldDef): z.ZodType<string> {
  const rule = fieldRule(def);
  return def.optional ? rule.default("") : rule;
}

function fieldRule(def: FieldDef) {
  const required = `${def.label} is required`;
  let base = z
    .string({ error: required })
    .trim()
    .max(def.max, `${def.label} must be at most ${def.max} characters`);
  if (!def.optional) base = base.min(1, required);
  const rule = (check: (v: string) => boolean, message: string) => base.refine((v) => v === "" || check(v), message);
  switch (def.kind) {
    case "url":
    case "image":
      return rule(isSiteLink, `${def.label} must be an http(s) address or a path on this site`);
    case "email":
      return rule(isEmailAddress, `${def.label} must be a valid email address`);
    case "number":
      return rule((v) => {
        if (!/^\d+(\.\d{1,2})?$/.test(v)) return false;
        const n = Number(v);
        return n >= (def.min ?? 0) && (def.upper === undefined || n <= def.upper);
      }, `${def.label} must be a number${def.upper !== undefined ? ` from ${def.min ?? 0} to ${def.upper}` : ""}`);
    case "choice":
      return rule((v) => (def.options ?? []).includes(v), `${def.label} must be one of ${(def.options ?? []).join(", ")}`);
    case "slug":
      // Spaces and capitals are the editor's slip, not a different address: trimmed, lowercased first.
      return base.toLowerCase().superRefine((v, ctx) => {
        const problem = v === "" ? undefined : slugProblem(def.label, def.slugOf ?? "page", v.replace(/^\/+|\/+$/g, ""));
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }).transform((v) => v.replace(/^\/+|\/+$/g, ""));
    case "tags":
      return rule(isTagList, `${def.label} may use letters, digits, spaces and hyphens, with commas between tags`);
    case "date":
      return rule((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${def.label} must be a day written YYYY-MM-DD`);
    case "blocks":
      return base.superRefine((v, ctx) => {
        const problem = v === "" ? undefined : blocksProblem(def.label, v);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      });
    default:
      return base;
  }
}
