import { recordAudit } from "../audit/audit.server.ts";
import type { AuditActor } from "../audit/audit.server.ts";
import { type Db, type DbKind, type DbOrTrx, nowIso } from "../db/db.server.ts";
import { AppError } from "../errors.ts";
import { hashLinkToken, looksLikeLinkToken, newLinkToken } from "../security/link-tokens.server.ts";
import type { Services } from "../services.server.ts";
import { markVerified } from "../auth/addresses.server.ts";
import { isRole } from "../auth/roles.ts";
import { INVITATION_DAYS, INVITATION_GONE } from "./schema.ts";

/**
 * Invitations: a role granted to an email applies once the owner of the address follows a link
 * mailed to it (docs/decisions/0017). The link carries a random token; only its sha256 is stored,
 * on the grant itself, with an expiry. There is one live link per grant: sending it again
 * replaces it, following it clears it, and removing or renaming the grant takes it away.
 */

export type InvitationServices = Pick<Services, "mailer" | "config">;

export const invitationUrl = (appUrl: string, token: string) => `${appUrl}/invitation/${token}`;

/**
 * Gives the grant `id` a new invitation link and queues the mail with it, both through `trx`
 * (the transaction that grants, renames or resends), so there is no grant without its mail.
 */
export async function sendInvitation(trx: DbOrTrx, services: InvitationServices, grant: { id: string; email: string; role: string }, invitedBy: string): Promise<void> {
  const token = newLinkToken();
  const now = new Date();
  const expires = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  await trx
    .updateTable("user_roles")
    .set({ invite_token_hash: hashLinkToken(token), invite_expires_at: expires.toISOString(), invited_by: invitedBy, invited_at: now.toISOString() })
    .where("id", "=", grant.id)
    .execute();
  const role = grant.role === "Admin" ? "an Admin" : `an ${grant.role}`;
  await services.mailer.send(
    {
      to: grant.email,
      subject: `You are invited to Rankwell as ${role}`,
      text: [
        `${invitedBy} made ${grant.email} ${role} of ${services.config.appUrl}.`,
        "",
        `To accept, open this link within ${INVITATION_DAYS} days (you can create your account there if you have none yet):`,
        invitationUrl(services.config.appUrl, token),
        "",
        "Until the link is followed the role does nothing. If you did not expect this mail, ignore it.",
        "",
      ].join("\n"),
      content: {
        title: `You are invited as ${role}`,
        paragraphs: [
          `${invitedBy} made ${grant.email} ${role} of ${services.config.appUrl}.`,
          `To accept, open this link within ${INVITATION_DAYS} days (you can create your account there if you have none yet):`,
        ],
        button: { label: "Accept the invitation", url: invitationUrl(services.config.appUrl, token) },
        after: ["Until the link is followed the role does nothing. If you did not expect this mail, ignore it."],
      },
    },
    trx,
  );
}

/** What an invitation page shows: the address and role of a live link. */
export interface Invitation {
  email: string;
  role: string;
  expiresAt: string;
}

/** The invitation a link belongs to, while it is live (not used, replaced, removed or expired). */
export async function findInvitation(db: Db, token: string): Promise<Invitation | undefined> {
  if (!looksLikeLinkToken(token)) return undefined;
  const row = await db
    .selectFrom("user_roles")
    .select(["user_email", "user_role", "invite_expires_at"])
    .where("invite_token_hash", "=", hashLinkToken(token))
    .where("invite_expires_at", ">", nowIso())
    .executeTakeFirst();
  return row && isRole(row.user_role) ? { email: row.user_email, role: row.user_role, expiresAt: row.invite_expires_at! } : undefined;
}

/**
 * Follows an invitation link for `who` (signed in with the invited address): the grant's
 * address is proven from now on, the link is spent, and the log says so, in one transaction.
 * Answers the role that now applies.
 */
export async function acceptInvitation(db: Db, kind: DbKind, who: AuditActor, token: string): Promise<string> {
  if (!looksLikeLinkToken(token)) throw new AppError(404, INVITATION_GONE);
  return db.transaction().execute(async (trx) => {
    // Locked like the last-admin guard locks admin rows, so the two see each other's changes.
    const row = await trx
      .selectFrom("user_roles")
      .select(["id", "user_email", "user_role", "invite_expires_at"])
      .where("invite_token_hash", "=", hashLinkToken(token))
      .$if(kind === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row || !row.invite_expires_at || row.invite_expires_at <= nowIso() || !isRole(row.user_role)) throw new AppError(404, INVITATION_GONE);
    if (row.user_email !== who.email) throw new AppError(403, `This invitation is for ${row.user_email}. Sign out, then open the link again and sign in with that address.`);
    await trx
      .updateTable("user_roles")
      .set({ proven_at: nowIso(), invite_token_hash: null, invite_expires_at: null, updated_at: nowIso() })
      .where("id", "=", row.id)
      .execute();
    // The link came to the mailbox: the address is verified too.
    await markVerified(trx, row.user_email);
    await recordAudit(trx, { actor: who, action: "user.accept", target: row.user_email, summary: `Accepted the ${row.user_role} role` });
    return row.user_role;
  });
}

/** True when someone has registered an account with this address. */
export async function accountExists(db: DbOrTrx, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst());
}
