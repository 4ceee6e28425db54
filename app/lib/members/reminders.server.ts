/**
 * Reminder e-mails to members (through the outbox):
 *  - certificate-expiring: the health document of a profile expires within
 *    30 days;
 *  - cotisation-unpaid: no cotisation recorded one month after the season
 *    started.
 * Nothing is sent for a season until a manager turns the reminders on for it
 * (reminders-activation.server.ts, with a preview): a fresh install, or a club
 * going live mid-season, mails nobody by surprise.
 * Never twice for the same reason in a season: the `reminders` table has a
 * unique (profileId, season, reason) and the mail is queued only when that row
 * is inserted, in the same transaction. For a family profile the account
 * holder gets the e-mail, naming the family member.
 *
 * runDailyReminders() is the daily job: it runs at most once per calendar day
 * (Europe/Paris) whatever the number of processes or restarts, by claiming
 * the day in `job_runs` with one atomic statement inside the same transaction.
 */
import { eq, sql } from "drizzle-orm";
import { jobRuns, reminders, users } from "#db/schema";
import { remindersEnabledFor } from "./reminders-activation.server";
import { db, type Queryable } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { deliverPendingMail, queueMail } from "../mail/mail.server";
import { HEALTH_DOCUMENT_LABELS } from "./profile-status.server";
import { addDays, addMonths, formatDate, parisDate, parisHour, seasonBounds } from "../core/time";
import { currentSeasonAt, ensureCurrentSeasonStarted } from "./seasons.server";
import { getSetting } from "../club/settings.server";
import { EXPIRY_WARNING_DAYS, memberProfileStatuses, type MemberProfileStatus } from "./users-admin.server";

export type ReminderReason = "certificate-expiring" | "cotisation-unpaid";

export interface SentReminder {
  profileId: number;
  reason: ReminderReason;
  to: string;
  /** The person concerned (the family member for a family profile). */
  name: string;
  season: string;
}

export const DAILY_JOB_NAME = "reminders";
/** The daily job does not send before this hour (Paris time). */
export const SEND_FROM_HOUR = 8;

function mailFor(reason: ReminderReason, p: MemberProfileStatus, season: string, clubName: string) {
  const base = env().BASE_URL;
  const who = `${p.prenom} ${p.nom}`.trim();
  const hello = `Bonjour ${p.ownerPrenom},`.replace(" ,", ",");
  if (reason === "cotisation-unpaid") {
    return {
      subject: p.isSelf ? `Rappel : votre cotisation pour la saison ${season}` : `Rappel : la cotisation de ${who} pour la saison ${season}`,
      text: [
        hello,
        "",
        p.isSelf
          ? `Sauf erreur de notre part, votre cotisation au club pour la saison ${season} n'a pas encore été enregistrée.`
          : `Sauf erreur de notre part, la cotisation de ${who} au club pour la saison ${season} n'a pas encore été enregistrée.`,
        "Vous pouvez la régler auprès d'un responsable lors d'un cours (chèque, espèces, virement, Pass'Sport…).",
        `Les tarifs de la saison : ${base}/tarifs-horaires`,
        "",
        "Si vous l'avez déjà réglée, merci de ne pas tenir compte de ce message.",
        "",
        clubName,
      ].join("\n"),
    };
  }
  const document = (HEALTH_DOCUMENT_LABELS[p.healthKind ?? "certificat"] ?? "Certificat médical").toLowerCase();
  return {
    subject: p.isSelf ? "Votre certificat médical expire bientôt" : `Le certificat médical de ${who} expire bientôt`,
    text: [
      hello,
      "",
      p.isSelf
        ? `Votre ${document} enregistré au club expire le ${formatDate(p.healthValidUntil)}.`
        : `Le ${document} de ${who} enregistré au club expire le ${formatDate(p.healthValidUntil)}.`,
      "Pour continuer à pratiquer, apportez avant cette date un nouveau certificat médical ou, lorsqu'il suffit, l'attestation du questionnaire de santé.",
      `Les documents d'inscription : ${base}/inscription-documents`,
      "",
      "Si vous l'avez déjà remis, merci de ne pas tenir compte de ce message.",
      "",
      clubName,
    ].join("\n"),
  };
}

export interface DueReminder extends SentReminder {
  subject: string;
  text: string;
}

/**
 * The reminders due at `now` for the current season, not sent yet: what the
 * preview shows and what runReminders sends. Accounts that are not members
 * (an admin or manager account without the "membre" role) are not reminded of
 * their own profile; their family members' profiles still are.
 */
export async function dueReminders(now: Date = new Date(), q: Queryable = db): Promise<DueReminder[]> {
  const season = await currentSeasonAt(now, q);
  const today = parisDate(now);
  const { seasonStartMonth } = await getSetting("membership", q);
  const cotisationDue = today >= addMonths(seasonBounds(season, seasonStartMonth).start, 1);
  const expiryLimit = addDays(today, EXPIRY_WARNING_DAYS);
  const { clubName } = await getSetting("identity", q);

  const members = new Set(
    (await q.select({ id: users.id }).from(users).where(sql`'membre' = any(${users.roles})`)).map((u) => u.id),
  );
  const already = new Set(
    (await q.select({ profileId: reminders.profileId, reason: reminders.reason }).from(reminders).where(eq(reminders.season, season))).map(
      (r) => `${r.profileId}:${r.reason}`,
    ),
  );
  const due: DueReminder[] = [];
  for (const p of await memberProfileStatuses(season, q)) {
    if (p.isSelf && !members.has(p.ownerId)) continue;
    const reasons: ReminderReason[] = [];
    if (p.healthReceivedOn && p.healthValidUntil && p.healthValidUntil >= today && p.healthValidUntil <= expiryLimit) {
      reasons.push("certificate-expiring");
    }
    if (cotisationDue && !p.cotisationPaidOn) reasons.push("cotisation-unpaid");
    for (const reason of reasons) {
      if (already.has(`${p.profileId}:${reason}`)) continue;
      due.push({ profileId: p.profileId, reason, to: p.ownerEmail, name: `${p.prenom} ${p.nom}`.trim(), season, ...mailFor(reason, p, season, clubName) });
    }
  }
  return due;
}

/**
 * The reminders due at `now` for the current season, each sent once, and
 * only once a manager turned them on for that season (reminders-activation).
 */
export async function runReminders(now: Date = new Date(), q: Queryable = db): Promise<SentReminder[]> {
  const season = await currentSeasonAt(now, q);
  if (!(await remindersEnabledFor(season, q))) return [];
  const sent: SentReminder[] = [];
  for (const r of await dueReminders(now, q)) {
    const inserted = await q
      .insert(reminders)
      .values({ profileId: r.profileId, season: r.season, reason: r.reason, sentAt: now })
      .onConflictDoNothing()
      .returning({ id: reminders.id });
    if (inserted.length === 0) continue;
    await queueMail({ to: r.to, subject: r.subject, text: r.text }, q);
    sent.push({ profileId: r.profileId, reason: r.reason, to: r.to, name: r.name, season: r.season });
  }
  return sent;
}

/** Claims `name` for `today`: true for the first caller of the day only (atomic). */
export async function claimDailyRun(name: string, today: string, q: Queryable = db): Promise<boolean> {
  const rows = await q
    .insert(jobRuns)
    .values({ name, lastRunOn: today })
    .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunOn: today }, setWhere: sql`${jobRuns.lastRunOn} < ${today}` })
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}

/**
 * The daily job: once per Paris calendar day, from SEND_FROM_HOUR. The claim
 * and the reminders commit together, so a failed run is retried next hour.
 */
export async function runDailyReminders(now: Date = new Date()): Promise<{ ran: boolean; sent: SentReminder[] }> {
  if (parisHour(now) < SEND_FROM_HOUR) return { ran: false, sent: [] };
  await ensureCurrentSeasonStarted(now);
  const today = parisDate(now);
  const sent = await db.transaction(async (tx) => {
    if (!(await claimDailyRun(DAILY_JOB_NAME, today, tx))) return null;
    return runReminders(now, tx);
  });
  if (!sent) return { ran: false, sent: [] };
  if (sent.length) void deliverPendingMail();
  log.info("daily reminders", { day: today, sent: sent.length });
  return { ran: true, sent };
}
