import type { SectionDef, Values } from "../registry/sections.ts";

/** One field that differs between two versions of a record. */
export interface FieldChange {
  name: string;
  label: string;
  before: string;
  after: string;
}

/** A version of a record; none (before a create, after a delete) counts as every field empty. */
type Version = Values | null | undefined;

/**
 * The fields whose values differ between two versions, in the section's field order, labelled as
 * the form labels them. A missing version (before a create, after a delete) counts as empty, so a
 * created record lists every filled field and a deleted one every field it had.
 */
export function diffValues(def: SectionDef, before: Version, after: Version): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    const was = before?.[name] ?? "";
    const now = after?.[name] ?? "";
    if (was !== now) changes.push({ name, label: field.label, before: was, after: now });
  }
  return changes;
}

/** True when two versions hold the same values in every field of the section. */
export const sameValues = (def: SectionDef, a: Version, b: Version) => diffValues(def, a, b).length === 0;
