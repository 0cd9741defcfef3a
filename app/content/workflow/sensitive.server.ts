import { formatDateTime } from "../../shared/dates.ts";
import { assertRecentlyConfirmed } from "../../auth/confirmation.ts";
import { type Actor, assertRole } from "../../auth/roles.ts";
import type { DbOrTrx } from "../../db/db.server.ts";
import { queueMail } from "../../mail/mailer.server.ts";
import { listAdmins } from "../../users/roles.server.ts";
import type { SectionDef } from "../registry/sections.ts";

/**
 * Sections that are keys to the business (`sensitive`: the payment account). Every write that
 * makes their content live asks `assertWriter` first: the section's role, and for a sensitive
 * one a confirmation within the last 10 minutes (ASVS 7.5.1). Every live change of one is mailed
 * to every Admin in the transaction that makes it (`announceChange`, called by putLive), so a
 * payee swapped by a stolen session does not go unnoticed.
 */

/** The section's write role (the writer's email, as assertRole answers), and a recent confirmation for a sensitive one. */
export function assertWriter(actor: Actor, def: SectionDef): string {
  const by = assertRole(actor, def.write);
  if (def.sensitive) assertRecentlyConfirmed({ email: by, confirmedAt: actor.confirmedAt });
  return by;
}

/** Mails every Admin that a sensitive section changed: what it was, what it is, who did it. */
export async function announceChange(trx: DbOrTrx, def: SectionDef, before: string | null, values: Record<string, string>, by: string, appUrl?: string): Promise<void> {
  if (!def.sensitive) return;
  const old = before ? (JSON.parse(before) as Record<string, string>) : {};
  const changes = Object.entries(def.fields).map(([name, field]) => [field.label, `${old[name] ? `“${old[name]}”` : "(none)"} → ${values[name] ? `“${values[name]}”` : "(none)"}`] as const);
  const lead = `${by} changed the ${def.label.toLowerCase()} of Rankwell${appUrl ? ` (${appUrl})` : ""} at ${formatDateTime(new Date().toISOString())}:`;
  const advice = "If you did not expect this, check it in the admin area now (Admin, Settings, and the Audit log) and end that person's sessions.";
  for (const to of await listAdmins(trx)) {
    await queueMail(trx, {
      to,
      subject: `Rankwell: the ${def.label.toLowerCase()} was changed`,
      text: [lead, "", ...changes.map(([label, change]) => `${label}: ${change}`), "", advice, ""].join("\n"),
      content: { title: `The ${def.label.toLowerCase()} was changed`, paragraphs: [lead], table: changes, after: [advice] },
    });
  }
}
