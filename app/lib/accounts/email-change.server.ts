/**
 * E-mail change and password change notices.
 *
 * Rules:
 * - a new e-mail address takes effect only once it is confirmed: the member
 *   asks (password checked by account-settings.server.ts), a single-use link
 *   valid 24 hours is mailed to the NEW address through the outbox, and the
 *   OLD address is told at once; until then nothing changes;
 * - only a SHA-256 of the link's token is stored (table `verifications`,
 *   identifier `email-change:<hash>`, value `<userId>|<new e-mail>`); a new
 *   request replaces the pending one; confirming consumes it, re-checks that
 *   the address is still free, and writes the audit log;
 * - every password change, and every reset by link, is mailed to the account.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, ne } from "drizzle-orm";
import { users, verifications } from "#db/schema";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { sendMail } from "../mail/send.server";
import { emailChangeConfirmMail } from "../mail/templates/email-change-confirm";
import { emailChangeNoticeMail } from "../mail/templates/email-change-notice";
import { passwordChangedMail } from "../mail/templates/password-changed";

const PREFIX = "email-change:";
export const EMAIL_CHANGE_VALID_HOURS = 24;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/** Starts an e-mail change: mails a confirmation link to the new address, a notice to the old one. */
export async function requestEmailChange(
  user: { id: string; email: string; prenom: string },
  newEmail: string,
  now = new Date(),
): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_VALID_HOURS * 3600_000);
  const link = `${env().BASE_URL.replace(/\/$/, "")}/confirmer-email?jeton=${token}`;
  await db.transaction(async (tx) => {
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, `${PREFIX}%`), like(verifications.value, `${user.id}|%`)));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString("hex"),
      identifier: `${PREFIX}${hashOf(token)}`,
      value: `${user.id}|${newEmail}`,
      expiresAt,
    });
    await sendMail(
      emailChangeConfirmMail,
      { prenom: user.prenom, link, validHours: EMAIL_CHANGE_VALID_HOURS },
      { to: newEmail },
    );
    await sendMail(emailChangeNoticeMail, { prenom: user.prenom, newEmail }, { to: user.email });
  });
  log.info("e-mail change requested", { userId: user.id });
}

async function pending(token: string, now: Date) {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.identifier, `${PREFIX}${hashOf(token)}`), gt(verifications.expiresAt, now)));
  if (!row) return null;
  const bar = row.value.indexOf("|");
  return { id: row.id, userId: row.value.slice(0, bar), newEmail: row.value.slice(bar + 1) };
}

/** The new address a valid link would confirm, or null (unknown, used or expired link). */
export async function emailChangeFor(token: string, now = new Date()): Promise<string | null> {
  return (await pending(token, now))?.newEmail ?? null;
}

const INVALID_LINK =
  "Ce lien de confirmation n'est plus valable (déjà utilisé ou expiré). Refaites la demande depuis votre profil.";

/** Confirms the new address: the account's e-mail changes now, the link is consumed. */
export async function confirmEmailChange(token: string, now = new Date()): Promise<{ newEmail: string }> {
  const change = await pending(token, now);
  if (!change) throw new DomainError(INVALID_LINK, { status: 400 });
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(verifications)
      .where(eq(verifications.id, change.id))
      .returning({ id: verifications.id });
    if (!gone.length) throw new DomainError(INVALID_LINK, { status: 400 });
    const [user] = await tx
      .select({ id: users.id, email: users.email, prenom: users.prenom, nom: users.nom })
      .from(users)
      .where(eq(users.id, change.userId));
    if (!user) throw new DomainError(INVALID_LINK, { status: 400 });
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, change.newEmail), ne(users.id, user.id)));
    if (taken)
      throw new DomainError(
        "Cette adresse est désormais utilisée par un autre compte\u00a0: refaites la demande avec une autre adresse.",
        { status: 409 },
      );
    await tx
      .update(users)
      .set({ email: change.newEmail, emailVerified: true, updatedAt: now })
      .where(eq(users.id, user.id));
    await audit(
      user,
      "user.email-changed",
      `Adresse e-mail confirmée : ${user.email} → ${change.newEmail}`.replace(" :", "\u00a0:"),
      {
        userId: user.id,
      },
    );
    log.info("e-mail change confirmed", { userId: user.id });
    return { newEmail: change.newEmail };
  });
}

/** Tells the account that its password was changed (by its owner, or through a reset link). */
export async function mailPasswordChanged(userId: string, how: "change" | "reset"): Promise<void> {
  const [user] = await db.select({ email: users.email, prenom: users.prenom }).from(users).where(eq(users.id, userId));
  if (!user) return;
  await sendMail(passwordChangedMail, { prenom: user.prenom, how }, { to: user.email });
}
