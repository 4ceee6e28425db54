/**
 * Combined season reminders (issue 14): per family, ONE e-mail listing what is
 * still to do for the campaign's season — registration not finished (a
 * draft), registration awaiting payment, medical papers due — and nothing
 * once everything is done (the problems are recomputed at each run, so the
 * reminders stop as soon as they are solved).
 *
 * Rules: at most one e-mail per family every REMIND_EVERY_DAYS days; only
 * while the campaign is open; each e-mail is logged (family_reminders) and
 * stored in the outbox in the same transaction; the daily job runs once per
 * Paris day (job_runs "season-reminders").
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { familyReminders, registrations, users } from "#db/schema";
import { getSetting } from "../club/settings.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { formatEuros } from "../core/money";
import { parisDate } from "../core/time";
import { deliverPendingMail, queueMail } from "../mail/mail.server";
import { MEDICAL_STATUS_LABELS } from "./medical";
import { claimDailyRun } from "./reminders.server";
import { registeredMembers } from "./season-overview.server";

const REMIND_EVERY_DAYS = 7;
const SEASON_REMINDERS_JOB = "season-reminders";

type FamilyProblem = "unfinished" | "unpaid" | "medical";

interface FamilyReminder {
  ownerId: string;
  to: string;
  reasons: FamilyProblem[];
}

/** Sends the combined reminders due at `now`; returns what was sent. */
export async function runSeasonReminders(now: Date = new Date()): Promise<FamilyReminder[]> {
  const campaign = await getSetting("campaign");
  if (!campaign.open) return [];
  const identity = await getSetting("identity");
  const season = campaign.season;
  const regs = await db
    .select({ ownerId: registrations.ownerId, status: registrations.status, totalCents: registrations.totalCents, email: users.email, prenom: users.prenom })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.ownerId))
    .where(and(eq(registrations.season, season), inArray(registrations.status, ["brouillon", "en-attente", "payee"]), eq(users.active, true)));
  const members = await registeredMembers(season, now);
  const since = new Date(now.getTime() - REMIND_EVERY_DAYS * 86_400_000);
  const sent: FamilyReminder[] = [];
  const base = env().BASE_URL;
  for (const r of regs) {
    const family = members.filter((m) => m.ownerId === r.ownerId);
    const papers = family.filter((m) => m.medical !== "ok");
    const reasons: FamilyProblem[] = [];
    if (r.status === "brouillon") reasons.push("unfinished");
    if (r.status === "en-attente") reasons.push("unpaid");
    if (papers.length) reasons.push("medical");
    if (!reasons.length) continue;
    const done = await db.transaction(async (tx) => {
      const [last] = await tx
        .select({ id: familyReminders.id })
        .from(familyReminders)
        .where(and(eq(familyReminders.ownerId, r.ownerId), eq(familyReminders.season, season), gt(familyReminders.sentAt, since)))
        .orderBy(desc(familyReminders.sentAt))
        .limit(1);
      if (last) return false;
      const lines = [
        `Bonjour ${r.prenom},`.replace(" ,", ","),
        "",
        `Pour la saison ${season}, il reste à faire :`,
        ...(reasons.includes("unfinished") ? [`- terminer l'inscription de votre famille : ${base}/espace-membre/inscription`] : []),
        ...(reasons.includes("unpaid") ? [`- régler l'inscription (${formatEuros(r.totalCents)}) : ${base}/espace-membre/inscription/paiement`] : []),
        ...papers.map((m) => `- ${m.prenom} ${m.nom} : ${MEDICAL_STATUS_LABELS[m.medical].toLowerCase()}`),
        "",
        "Ce rappel s'arrête de lui-même dès que tout est en ordre. Si c'est déjà fait, merci de ne pas en tenir compte.",
        "",
        identity.clubName,
      ];
      await queueMail({ to: r.email, subject: `Inscription ${season} : ce qu'il reste à faire`, text: lines.join("\n") }, tx);
      await tx.insert(familyReminders).values({ ownerId: r.ownerId, season, reasons: reasons.join(","), sentAt: now });
      return true;
    });
    if (done) sent.push({ ownerId: r.ownerId, to: r.email, reasons });
  }
  if (sent.length) void deliverPendingMail();
  return sent;
}

/** The daily job: once per Paris day. */
export async function runDailySeasonReminders(now: Date = new Date()): Promise<FamilyReminder[] | null> {
  if (!(await claimDailyRun(SEASON_REMINDERS_JOB, parisDate(now)))) return null;
  const sent = await runSeasonReminders(now);
  log.info("season reminders", { sent: sent.length });
  return sent;
}
