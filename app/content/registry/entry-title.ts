import type { SectionDef, Values } from "./sections.ts";

/** A record's name: its title field (the registry says which), else its first filled text or choice. */
export function entryTitle(def: SectionDef, record: Partial<Values>): string {
  const { titleField } = def.admin;
  if (titleField && record[titleField]) return record[titleField];
  const name = Object.entries(def.fields).find(([n, f]) => (f.kind === "text" || f.kind === "choice") && record[n])?.[0];
  return (name && record[name]) || "Untitled";
}
