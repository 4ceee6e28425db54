/**
 * Reminder e-mails to families: ONE mechanism.
 *
 * Per family (the account holder, naming each family member concerned), one
 * combined e-mail listing everything still to do for the season:
 *  - unfinished: the registration is a draft (while the campaign is open);
 *  - unpaid: the registration was sent and nothing covers it yet, or an instalment failed
 *    and the rest is not covered (an instalment plan running normally is not reminded);
 *  - medical: a registered member's computed medical status is not « en règle »;
 *  - certificate-expiring: a member's health document expires within 30 days;
 *  - cotisation-unpaid: one month after the season started, a member outside
 *    any registration of the season has no cotisation recorded.
 * The problems are recomputed at each run, so reminders stop as soon as they
 * are solved.
 *
 * Rules:
 *  - The season: the campaign's while it is open, else the season in progress.
 *  - Nothing is sent for a season until a manager turns the reminders on for it
 *    (reminders-activation.server.ts; the page /espace-membre/utilisateurs/rappels
 *    shows the preview: `dueReminders`). A fresh install mails nobody.
 *  - At most one e-mail per family every REMIND_EVERY_DAYS days, and each
 *    problem is named in at most MAX_TIMES_PER_ITEM e-mails per season (then
 *    the managers' to-do takes over). Each e-mail is logged (family_reminders:
 *    the keys of what it named) and queued in the outbox in one transaction.
 *  - Accounts that are not members (an admin or manager account without the
 *    member role) are not reminded of their own profile's cotisation or
 *    certificate; their family members' still are. Inactive accounts: nothing.
 *  - runDailyReminders() is the daily job: at most once per Paris day from
 *    SEND_FROM_HOUR whatever the number of processes or restarts (job_runs).
 */
import { and, eq, inArray } from "drizzle-orm";
import { familyReminders, registrations, users } from "#db/schema";
import { remindersEnabledFor } from "./reminders-activation.server";
import { holdsRole } from "../accounts/authorize.server";
import { MEMBER_ROLE } from "../accounts/roles";
import { claimDailyRun } from "../core/daily-run.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { familyReminderMail, familyReminderSubject } from "../mail/templates/family-reminder";
import { HEALTH_DOCUMENT_LABELS } from "./profile-status.server";
import { addDays, addMonths, formatDate, parisDate, parisHour, seasonBounds } from "../core/time";
import { currentSeasonAt, ensureCurrentSeasonStarted } from "./seasons.server";
import { getSetting } from "../club/settings.server";
import { MEDICAL_STATUS_LABELS } from "./medical";
import { registeredMembers } from "./season-overview.server";
import { registrationsMoney } from "./registration-settlement.server";
import { EXPIRY_WARNING_DAYS, memberProfileStatuses } from "./users-admin.server";
import { elide } from "../typography/elision";

export type ReminderReason = "unfinished" | "unpaid" | "medical" | "certificate-expiring" | "cotisation-unpaid";

export interface ReminderItem {
  reason: ReminderReason;
  /** The family member concerned; null for the family's registration itself. */
  profileId: number | null;
  name: string | null;
  /** What the log records (one key per problem). */
  key: string;
  line: string;
}

export interface DueReminder {
  ownerId: string;
  to: string;
  season: string;
  /** The first name the e-mail greets. */
  prenom: string;
  items: ReminderItem[];
  subject: string;
}

export interface SentReminder {
  ownerId: string;
  to: string;
  season: string;
  reasons: ReminderReason[];
  /** The family members named (the account holder's own name for their profile). */
  names: string[];
}

export const DAILY_JOB_NAME = "reminders";
/** The daily job does not send before this hour (Paris time). */
export const SEND_FROM_HOUR = 8;
export const REMIND_EVERY_DAYS = 7;
export const MAX_TIMES_PER_ITEM = 3;

/** The season the reminders are about at `now`. */
export async function reminderSeason(now: Date = new Date()): Promise<string> {
  const campaign = await getSetting("campaign");
  return campaign.open ? campaign.season : currentSeasonAt(now);
}

/**
 * The combined e-mails due at `now`, one per family, with what each would
 * name: what the preview shows and what runReminders sends (when turned on).
 */
export async function dueReminders(now: Date = new Date()): Promise<DueReminder[]> {
  const season = await reminderSeason(now);
  const campaign = await getSetting("campaign");
  const today = parisDate(now);
  const { seasonStartMonth } = await getSetting("membership");
  const cotisationDue = today >= addMonths(seasonBounds(season, seasonStartMonth).start, 1);
  const expiryLimit = addDays(today, EXPIRY_WARNING_DAYS);
  const base = env().BASE_URL;

  const families = new Map<string, { to: string; prenom: string; items: ReminderItem[] }>();
  const familyOf = (ownerId: string, to: string, prenom: string) => {
    const f = families.get(ownerId) ?? { to, prenom, items: [] };
    families.set(ownerId, f);
    return f;
  };

  // The season's registrations.
  const regs = await db
    .select({
      id: registrations.id,
      ownerId: registrations.ownerId,
      status: registrations.status,
      totalCents: registrations.totalCents,
      email: users.email,
      prenom: users.prenom,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(
      and(
        eq(registrations.season, season),
        inArray(registrations.status, ["brouillon", "en-attente", "payee"]),
        eq(users.active, true),
      ),
    );
  const inRegistration = new Set<number>();
  const registered = await registeredMembers(season, now);
  // Sent registrations: their money as collected, so an instalment plan running normally is not reminded.
  const money = await registrationsMoney(regs.filter((r) => r.status === "en-attente"));
  for (const r of regs) {
    const f = familyOf(r.ownerId, r.email, r.prenom);
    if (r.status === "brouillon" && campaign.open && campaign.season === season) {
      f.items.push({
        reason: "unfinished",
        profileId: null,
        name: null,
        key: "unfinished",
        line: `terminer l'inscription de votre famille : ${base}/espace-membre/inscription`,
      });
    }
    const owed = money.get(r.id);
    if (r.status === "en-attente" && owed && (owed.situation === "a-payer" || owed.situation === "incomplet")) {
      const rest = owed.situation === "incomplet" ? owed.restCents : owed.totalCents - owed.collectedCents;
      f.items.push({
        reason: "unpaid",
        profileId: null,
        name: null,
        key: "unpaid",
        line:
          owed.situation === "incomplet"
            ? `régler le reste de l'inscription (${formatEuros(rest)}) : ${base}/espace-membre/inscription/paiement`
            : `régler l'inscription (${formatEuros(rest)}) : ${base}/espace-membre/inscription/paiement`,
      });
    }
  }
  for (const m of registered) {
    inRegistration.add(m.profileId);
    if (m.medical === "ok") continue;
    const f = families.get(m.ownerId);
    if (!f) continue;
    const name = `${m.prenom} ${m.nom}`.trim();
    f.items.push({
      reason: "medical",
      profileId: m.profileId,
      name,
      key: `medical:${m.profileId}`,
      line: `${name} : ${MEDICAL_STATUS_LABELS[m.medical].toLowerCase()} (${base}/espace-membre/inscription/pieces)`,
    });
  }
  // Drafts also cover their profiles' cotisation.
  const drafts = regs.filter((r) => r.status === "brouillon").map((r) => r.ownerId);

  // Members' season statuses: certificates expiring, cotisations not recorded.
  const members = new Set(
    (await db.select({ id: users.id }).from(users).where(holdsRole(MEMBER_ROLE))).map((u) => u.id),
  );
  for (const p of await memberProfileStatuses(season)) {
    if (p.isSelf && !members.has(p.ownerId)) continue;
    const name = `${p.prenom} ${p.nom}`.trim();
    const medicalListed = families.get(p.ownerId)?.items.some((i) => i.key === `medical:${p.profileId}`) ?? false;
    if (
      !medicalListed &&
      p.healthReceivedOn &&
      p.healthValidUntil &&
      p.healthValidUntil >= today &&
      p.healthValidUntil <= expiryLimit
    ) {
      const document = (HEALTH_DOCUMENT_LABELS[p.healthKind ?? "certificat"] ?? "Certificat médical").toLowerCase();
      familyOf(p.ownerId, p.ownerEmail, p.ownerPrenom).items.push({
        reason: "certificate-expiring",
        profileId: p.profileId,
        name,
        key: `certificate-expiring:${p.profileId}`,
        line: `${name} : ${elide(p.healthKind === "questionnaire" ? "la" : "le", document)} expire le ${formatDate(p.healthValidUntil)} ; envoyez le document à jour avant cette date (${base}/espace-membre/inscription/pieces)`,
      });
    }
    if (cotisationDue && !p.cotisationPaidOn && !inRegistration.has(p.profileId) && !drafts.includes(p.ownerId)) {
      familyOf(p.ownerId, p.ownerEmail, p.ownerPrenom).items.push({
        reason: "cotisation-unpaid",
        profileId: p.profileId,
        name,
        key: `cotisation-unpaid:${p.profileId}`,
        line: `${name} : cotisation de la saison non enregistrée (à régler auprès d'un responsable : chèque, espèces, virement, Pass'Sport… ; les tarifs : ${base}/tarifs-horaires)`,
      });
    }
  }

  // What each family was already told this season (the log).
  const logged = await db
    .select({ ownerId: familyReminders.ownerId, reasons: familyReminders.reasons, sentAt: familyReminders.sentAt })
    .from(familyReminders)
    .where(eq(familyReminders.season, season));
  const since = new Date(now.getTime() - REMIND_EVERY_DAYS * 86_400_000);
  const due: DueReminder[] = [];
  for (const [ownerId, f] of families) {
    const mine = logged.filter((l) => l.ownerId === ownerId);
    if (mine.some((l) => l.sentAt > since)) continue;
    const times = (key: string) => mine.filter((l) => l.reasons.split(",").includes(key)).length;
    const items = f.items.filter((i) => times(i.key) < MAX_TIMES_PER_ITEM);
    if (!items.length) continue;
    due.push({ ownerId, to: f.to, season, prenom: f.prenom, items, subject: familyReminderSubject(season) });
  }
  return due;
}

/** Sends the combined reminders due at `now`, once a manager turned them on for the season. */
export async function runReminders(now: Date = new Date()): Promise<SentReminder[]> {
  const season = await reminderSeason(now);
  if (!(await remindersEnabledFor(season))) return [];
  const sent: SentReminder[] = [];
  for (const r of await dueReminders(now)) {
    await sendMail(
      familyReminderMail,
      { prenom: r.prenom, season: r.season, items: r.items.map((i) => i.line) },
      { to: r.to },
    );
    await db
      .insert(familyReminders)
      .values({ ownerId: r.ownerId, season: r.season, reasons: r.items.map((i) => i.key).join(","), sentAt: now });
    sent.push({
      ownerId: r.ownerId,
      to: r.to,
      season: r.season,
      reasons: [...new Set(r.items.map((i) => i.reason))],
      names: [...new Set(r.items.map((i) => i.name).filter((n): n is string => n !== null))],
    });
  }
  return sent;
}

/**
 * The daily job: once per Paris calendar day, from SEND_FROM_HOUR. The claim
 * and the reminders commit together, so a failed run is retried next hour.
 */
export async function runDailyReminders(now: Date = new Date()): Promise<{ ran: boolean; sent: SentReminder[] }> {
  if (parisHour(now) < SEND_FROM_HOUR) return { ran: false, sent: [] };
  await ensureCurrentSeasonStarted(now);
  const today = parisDate(now);
  const sent = await db.transaction(async () => {
    if (!(await claimDailyRun(DAILY_JOB_NAME, today))) return null;
    return runReminders(now);
  });
  if (!sent) return { ran: false, sent: [] };
  if (sent.length) void deliverPendingMail();
  log.info("daily reminders", { day: today, sent: sent.length });
  return { ran: true, sent };
}
