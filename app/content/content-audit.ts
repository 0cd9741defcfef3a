import { type AuditEntry, auditActor } from "../audit/audit.server.ts";
import type { AuditAction } from "../audit/actions.ts";
import { describeChanges, describeValues, quoted } from "../audit/summary.ts";
import type { Actor } from "../auth/roles.ts";
import { entryTitle } from "./entry-title.ts";
import type { SectionDef } from "./sections.ts";

/**
 * The audit entries of content writes: one function per kind of write, so that each write
 * function of content.server.ts records itself in one line. The target names the section and
 * the record ("FAQ items “How long…” (id)"); the summary says which fields changed and how.
 */

type Values = Record<string, string>;

const labelsOf = (def: SectionDef) => Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, field.label]));

const action = (def: SectionDef, verb: "create" | "update" | "delete" | "reorder") => `${def.auditKind ?? "content"}.${verb}` as AuditAction;

const target = (def: SectionDef, id: string, values: Values) => (def.kind === "list" ? `${def.label} ${quoted(entryTitle(def, values))} (${id})` : `${def.label} (${id})`);

const parse = (json: string): Values => JSON.parse(json) as Values;

export const contentAudit = {
  create: (viewer: Actor, def: SectionDef, id: string, values: Values): AuditEntry => ({
    actor: auditActor(viewer),
    action: action(def, "create"),
    target: target(def, id, values),
    summary: describeValues(values, labelsOf(def)),
  }),
  /** `before` is the record's stored JSON before the update. */
  update: (viewer: Actor, def: SectionDef, id: string, before: string, values: Values): AuditEntry => ({
    actor: auditActor(viewer),
    action: action(def, "update"),
    target: target(def, id, values),
    summary: describeChanges(parse(before), values, labelsOf(def)),
  }),
  /** `stored` is the deleted record's JSON. */
  delete: (viewer: Actor, def: SectionDef, id: string, stored: string): AuditEntry => ({
    actor: auditActor(viewer),
    action: action(def, "delete"),
    target: target(def, id, parse(stored)),
    summary: `Deleted. It held ${describeValues(parse(stored), labelsOf(def))}`,
  }),
  reorder: (viewer: Actor, def: SectionDef, count: number): AuditEntry => ({
    actor: auditActor(viewer),
    action: action(def, "reorder"),
    target: def.label,
    summary: `Put the ${count} entries in a new order`,
  }),
};
