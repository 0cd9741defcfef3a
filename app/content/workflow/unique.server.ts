import type { DbOrTrx } from "../../db/db.server.ts";
import { AppError } from "../../errors.ts";
import { singular } from "../registry/labels.ts";
import type { SectionDef, Values } from "../registry/sections.ts";

/**
 * Fields a list section keeps unique among its published records (a pricing plan's package
 * name: the public pages show one plan per name, so a second "Basic" would be ignored there).
 * Checked before every live write and every draft save; the database's unique index
 * (migration 080) is the backstop when two writes race.
 */
export async function assertUniqueFields(db: DbOrTrx, def: SectionDef, id: string, values: Values): Promise<void> {
  for (const name of def.unique ?? []) {
    const value = values[name]?.trim();
    if (!value) continue;
    const others = await db.selectFrom("content_items").select(["id", "data"]).where("section", "=", def.key).where("id", "!=", id).execute();
    if (others.some((row) => (JSON.parse(row.data) as Values)[name]?.trim() === value)) throw duplicateField(def, name, value);
  }
}

/** The refusal: 409, naming the field by its label, with the message for the field itself. */
export function duplicateField(def: SectionDef, name: string, value: string): AppError {
  const label = def.fields[name]?.label ?? name;
  const field = `Another ${singular(def.label).toLowerCase()} already has the ${label.toLowerCase()} “${value}”. Each ${label.toLowerCase()} is used once: edit that one instead.`;
  return new AppError(409, `Please check the field: ${label}. ${field}`, { [name]: field });
}
