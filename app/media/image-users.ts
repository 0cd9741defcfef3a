/** A record that uses a library file: where, for the library screen and the refused delete. */
export interface ImageUser {
  /** The section's label ("Banner", "Service items"). */
  section: string;
  /** A list entry's title; undefined for a singleton. */
  entry?: string;
  /** The field's label ("Image", "Icon"). */
  field: string;
  editUrl: string;
}

/** "Banner (Image) and Service items: “Keyword research” (Icon)". */
export function describeImageUsers(users: ImageUser[]): string {
  const names = users.map((u) => `${u.section}${u.entry ? `: “${u.entry}”` : ""} (${u.field})`);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
