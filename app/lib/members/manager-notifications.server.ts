/**
 * Managers get an e-mail for a new pré-inscription and for an RGPD deletion
 * request (one-month legal deadline), for a trial-class
 * request, and for a HelloAsso payment refused,
 * cancelled or refunded (payment-alerts.server.ts).
 *
 * Rules:
 *  - Recipients: the active accounts of the roles that handle them in the
 *    permission table (section "utilisateurs": admin, user_manager; section
 *    "saison" for the payments).
 *  - Each manager chooses "immediat" (default), "quotidien" or "jamais"
 *    (setting "managerNotifications").
 *  - The daily digest runs once per Paris day from DIGEST_HOUR through
 *    `job_runs` (claimDailyRun, like the reminders), listing the previous
 *    Paris day's pré-inscriptions, deletion requests, trial requests and
 *    payment alerts; nothing to say, no mail.
 *  - Messages go through the outbox; they name the person and link to the page
 *    where it is handled, never more personal data.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { deletionRequests, paymentAlerts, trialRequests, users } from "#db/schema";
import { holdsCapability, holdsRole } from "../accounts/authorize.server";
import { PENDING_ROLE } from "../accounts/roles";
import { claimDailyRun } from "../core/daily-run.server";
import { db, transaction } from "../core/db.server";
import { log } from "../core/log.server";
import { addDays, parisDate, parisHour, parisTime } from "../core/time";
import { clearSettingsCache, getSetting, setSetting } from "../club/settings.server";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { managerDigestMail, paymentAlertLine } from "../mail/templates/manager-digest";
import { managerNoticeMail, noticeLine, type NotificationKind } from "../mail/templates/manager-notice";
import { managerPaymentAlertMail } from "../mail/templates/manager-payment-alert";
import type { NotificationChoice } from "./manager-notifications";

export const DIGEST_JOB_NAME = "manager-digest";
export const DIGEST_HOUR = 8;

export type { NotificationKind };

export async function notificationChoice(userId: string): Promise<NotificationChoice> {
  return (await getSetting("managerNotifications"))[userId] ?? "immediat";
}

export async function setNotificationChoice(userId: string, choice: NotificationChoice): Promise<void> {
  await transaction(async () => {
    const all = await getSetting("managerNotifications");
    await setSetting("managerNotifications", { ...all, [userId]: choice }, userId);
  });
  clearSettingsCache();
}

/** The managers to notify, with their choice. */
async function managers(
  capability: "users:manage" | "season:manage" = "users:manage",
): Promise<Array<{ id: string; email: string; prenom: string; choice: NotificationChoice }>> {
  const rows = await db
    .select({ id: users.id, email: users.email, prenom: users.prenom })
    .from(users)
    .where(and(eq(users.active, true), holdsCapability(capability)));
  const choices = await getSetting("managerNotifications");
  return rows.map((r) => ({ ...r, choice: choices[r.id] ?? "immediat" }));
}

/** At the event: one e-mail to each manager who chose "immediat". */
export async function notifyManagers(
  kind: NotificationKind,
  who: { prenom: string; nom: string; email: string },
  at: Date = new Date(),
): Promise<number> {
  const to = (await managers()).filter((m) => m.choice === "immediat");
  for (const m of to) {
    await sendMail(managerNoticeMail, { prenom: m.prenom, kind, who, at }, { to: m.email });
  }
  return to.length;
}

/**
 * A HelloAsso payment alert (refused, cancelled, refunded instalment…): at
 * once to each manager of the season who chose "immediat"; the others get it
 * in the daily digest, or only in the to-do list ("jamais").
 */
export async function notifyManagersOfPayment(
  states: readonly string[],
  message: string,
  at: Date = new Date(),
): Promise<number> {
  const to = (await managers("season:manage")).filter((m) => m.choice === "immediat");
  for (const m of to) {
    await sendMail(managerPaymentAlertMail, { prenom: m.prenom, states, message, at }, { to: m.email });
  }
  return to.length;
}

/** notifyManagers for the account pages: a failure is logged, never fails the sign-up or the request. */
export async function notifyManagersSafely(
  kind: NotificationKind,
  who: { prenom: string; nom: string; email: string },
): Promise<void> {
  try {
    await notifyManagers(kind, who);
  } catch (err) {
    log.error("manager notification failed", { kind, err });
  }
}

/**
 * The daily digest: once per Paris day from DIGEST_HOUR, the previous day's
 * pré-inscriptions and deletion requests to each manager who chose "quotidien".
 */
export async function runManagerDigest(now: Date = new Date()): Promise<{ ran: boolean; sent: number }> {
  if (parisHour(now) < DIGEST_HOUR) return { ran: false, sent: 0 };
  const today = parisDate(now);
  const yesterday = addDays(today, -1);
  const from = parisTime(yesterday);
  const until = parisTime(today);
  const result = await transaction(async (tx) => {
    if (!(await claimDailyRun(DIGEST_JOB_NAME, today))) return null;
    const signUps = await tx
      .select({ prenom: users.prenom, nom: users.nom, email: users.email, at: users.createdAt })
      .from(users)
      .where(and(gte(users.createdAt, from), sql`${users.createdAt} < ${until}`, holdsRole(PENDING_ROLE)));
    const deletions = await tx
      .select({ prenom: users.prenom, nom: users.nom, email: users.email, at: deletionRequests.requestedAt })
      .from(deletionRequests)
      .innerJoin(users, eq(users.id, deletionRequests.userId))
      .where(and(gte(deletionRequests.requestedAt, from), sql`${deletionRequests.requestedAt} < ${until}`));
    const trials = await tx
      .select({
        prenom: trialRequests.prenom,
        nom: trialRequests.nom,
        email: trialRequests.email,
        phone: trialRequests.phone,
        at: trialRequests.createdAt,
      })
      .from(trialRequests)
      .where(and(gte(trialRequests.createdAt, from), sql`${trialRequests.createdAt} < ${until}`));
    const alerts = await tx
      .select({ message: paymentAlerts.message, at: paymentAlerts.createdAt })
      .from(paymentAlerts)
      .where(and(gte(paymentAlerts.createdAt, from), sql`${paymentAlerts.createdAt} < ${until}`));
    const lines = [
      ...signUps.map((s) => noticeLine("pre-inscription", s, s.at)),
      ...deletions.map((d) => noticeLine("suppression", d, d.at)),
      ...trials.map((t) => noticeLine("cours-essai", { ...t, email: t.email || t.phone }, t.at)),
      ...alerts.map((a) => paymentAlertLine(a.message, a.at)),
    ];
    if (!lines.length) return 0;
    const to = (await managers()).filter((m) => m.choice === "quotidien");
    for (const m of to) {
      await sendMail(managerDigestMail, { prenom: m.prenom, lines, payments: alerts.length > 0 }, { to: m.email });
    }
    return to.length;
  });
  if (result === null) return { ran: false, sent: 0 };
  if (result) void deliverPendingMail();
  log.info("manager digest", { day: today, sent: result });
  return { ran: true, sent: result };
}
