import { Thumbnail } from "../../media/thumbnail.tsx";
import { wrapClass } from "../../ui/wrap.ts";
import type { FieldDef } from "../registry/fields.ts";
import type { SectionDef, Values } from "../registry/sections.ts";

/**
 * Content values as the admin screens show them: an image field as a small picture (never its
 * `/media/…` path), with alt text naming the field and the file; other fields as text. One place,
 * so section pages, lists, drafts and history look alike.
 */

/** "banner-hero.svg": the readable part of an image address, for alt text. */
export function imageName(value: string): string {
  const last = value.split(/[?#]/)[0]!.split("/").pop() ?? value;
  // Library files are named `<hash>-<w>x<h>-<name>.<ext>`: the hash and size say nothing to a reader.
  return decodeURIComponent(last.replace(/^[0-9a-f]{8,}-\d+x\d+-/, ""));
}

/** One field's value: a thumbnail for an image, otherwise the text (or "(empty)"). */
export function FieldValue({ field, value, box = 64 }: { field: Pick<FieldDef, "kind" | "label">; value: string; box?: number }) {
  if (!value) return <span className="italic text-gray-700">(empty)</span>;
  if (field.kind === "image") return <Thumbnail src={value} box={box} alt={`${field.label}: ${imageName(value)}`} />;
  // A long URL or address may break anywhere, so a table of values never runs wider than its box.
  return <span className={`whitespace-pre-wrap ${wrapClass(value)}`}>{value}</span>;
}

/** At most `max` characters of a text, cut at a word, with an ellipsis. */
export function excerpt(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max / 2))}…`;
}

/**
 * What a record looks like in a list: the picture of its first filled image field, or else an
 * excerpt of its first filled text other than its title (the title is shown beside it).
 */
export function RecordPreview({ def, record, title }: { def: SectionDef; record: Values; title: string }) {
  const fields = Object.entries(def.fields);
  const picture = fields.find(([name, f]) => f.kind === "image" && record[name]);
  if (picture) {
    const [name, field] = picture;
    return <Thumbnail src={record[name]!} box={64} alt={`${field.label}: ${imageName(record[name]!)}`} />;
  }
  const wordy = fields.find(([name, f]) => ["longText", "formatted", "text"].includes(f.kind) && record[name] && record[name] !== title);
  return wordy ? <p className="text-sm text-gray-800">{excerpt(record[wordy[0]]!)}</p> : null;
}
