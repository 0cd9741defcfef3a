import { type AuditActor, type AuditEntry, auditActor } from "../../audit/audit.server.ts";
import type { AuditAction } from "../../audit/actions.ts";
import { describeChanges, describeValues, quoted } from "../../audit/summary.ts";
import type { Actor } from "../../auth/roles.ts";
import { entryTitle } from "../registry/entry-title.ts";
import { fieldLabels } from "../registry/labels.ts";
import type { SectionDef, Values } from "../registry/sections.ts";

/**
 * The audit entries of content writes: one function per kind of write, so that each write
 * function of content.server.ts records itself in one line. The target names the section and
 * the record ("FAQ items “How long…” (id)"); the summary says which fields changed and how.
 */

const action = (def: SectionDef, verb: "create" | "update" | "delete" | "reorder") => `${def.auditKind ?? "content"}.${verb}` as AuditAction;

/** The actor of an entry: a request's viewer, or (a scheduled publish) the person who scheduled it, from no address. */
const actorOf = (who: Actor | AuditActor): AuditActor => ("email" in who ? who : auditActor(who));

const target = (def: SectionDef, id: string, values: Values) => (def.kind === "list" ? `${def.label} ${quoted(entryTitle(def, values))} (${id})` : `${def.label} (${id})`);

const parse = (json: string): Values => JSON.parse(json) as Values;

export const contentAudit = {
  /** `how` prefixes the summary ("Published on schedule."). */
  create: (viewer: Actor | AuditActor, def: SectionDef, id: string, values: Values, how = ""): AuditEntry => ({
    actor: actorOf(viewer),
    action: action(def, "create"),
    target: target(def, id, values),
    summary: `${how}${describeValues(values, fieldLabels(def))}`,
  }),
  /** `before` is the record's stored JSON before the update. */
  update: (viewer: Actor | AuditActor, def: SectionDef, id: string, before: string, values: Values, how = ""): AuditEntry => ({
    actor: actorOf(viewer),
    action: action(def, "update"),
    target: target(def, id, values),
    summary: `${how}${describeChanges(parse(before), values, fieldLabels(def))}`,
  }),
  /** A publish: an update of a live record, or the create of one published for the first time. */
  publish: (viewer: Actor | AuditActor, def: SectionDef, id: string, before: string | null, values: Values, how = ""): AuditEntry =>
    before === null ? contentAudit.create(viewer, def, id, values, how) : contentAudit.update(viewer, def, id, before, values, how),
  /** A draft saved: what it would change against what the site shows (`published`, null for a new record). */
  draft: (viewer: Actor, def: SectionDef, id: string, published: Values | null, values: Values): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.draft",
    target: target(def, id, values),
    summary: published ? describeChanges(published, values, fieldLabels(def)) : `New, not published: ${describeValues(values, fieldLabels(def))}`,
  }),
  discard: (viewer: Actor, def: SectionDef, id: string, stored: string): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.discard",
    target: target(def, id, parse(stored)),
    summary: `Dropped the draft. It held ${describeValues(parse(stored), fieldLabels(def))}`,
  }),
  schedule: (viewer: Actor, def: SectionDef, id: string, stored: string, publishAt: string | null): AuditEntry => ({
    actor: auditActor(viewer),
    action: publishAt ? "content.schedule" : "content.unschedule",
    target: target(def, id, parse(stored)),
    summary: publishAt ? `To be published at ${publishAt}` : "The draft stays unpublished",
  }),
  /** `stored` is the restored record's JSON. */
  undelete: (viewer: Actor, def: SectionDef, id: string, stored: string): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.undelete",
    target: target(def, id, parse(stored)),
    summary: `Back on the site: ${describeValues(parse(stored), fieldLabels(def))}`,
  }),
  /** `stored` is the deleted record's JSON. */
  delete: (viewer: Actor, def: SectionDef, id: string, stored: string): AuditEntry => ({
    actor: auditActor(viewer),
    action: action(def, "delete"),
    target: target(def, id, parse(stored)),
    summary: `Deleted. It held ${describeValues(parse(stored), fieldLabels(def))}`,
  }),
  /** `stored` is the trashed record's JSON, gone for good now. */
  purge: (viewer: Actor, def: SectionDef, id: string, stored: string): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.purge",
    target: target(def, id, parse(stored)),
    summary: `Deleted for good from the trash. It held ${describeValues(parse(stored), fieldLabels(def))}`,
  }),
  emptyTrash: (viewer: Actor, items: { id: string; def: SectionDef | undefined; data: string }[]): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.empty-trash",
    target: "Trash",
    summary: `Deleted ${items.length === 1 ? "1 item" : `${items.length} items`} for good: ${items
      .map((item) => (item.def ? target(item.def, item.id, parse(item.data)) : item.id))
      .join("; ")}`,
  }),
  reorderDraft: (viewer: Actor, def: SectionDef, count: number): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.reorder-draft",
    target: def.label,
    summary: `Saved a new order of the ${count} entries as a draft`,
  }),
  discardOrder: (viewer: Actor, def: SectionDef): AuditEntry => ({
    actor: auditActor(viewer),
    action: "content.discard",
    target: def.label,
    summary: "Dropped the drafted order: the published order stays",
  }),
  reorder: (viewer: Actor | AuditActor, def: SectionDef, count: number): AuditEntry => ({
    actor: actorOf(viewer),
    action: action(def, "reorder"),
    target: def.label,
    summary: `Put the ${count} entries in a new order`,
  }),
};
