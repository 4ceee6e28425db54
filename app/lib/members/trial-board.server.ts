/**
 * The managers' board of trial-class requests:
 * the list by status, a status change with a note, the one-click conversion
 * into a registration, and the conversion figures of the dashboard.
 *
 * Rules:
 *  - Every change carries the version the manager saw: a request changed
 *    meanwhile is refused (409) and nothing is written; each change writes one
 *    audit-log entry (trial.status, trial.convert).
 *  - Conversion (« Inscrire »): the request needs an e-mail address. When no
 *    account has it, a pré-inscrit account is created the usual way
 *    (createManagedUser: the welcome link to choose a password), for the
 *    adult who tries or, for a child or a teenager, for the parent who wrote,
 *    with the child's profile added to the family. When an account has it,
 *    nothing is created but the child's profile when missing, and the account
 *    gets an invitation. Both e-mails point to /espace-membre/inscription,
 *    where the family continues. The request becomes « inscrit », linked to
 *    the account. A request already converted is refused.
 *  - Conversion figures: per month of the request (Paris time), the requests
 *    received and those now « inscrit », last 12 months, SQL aggregates.
 */
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { profiles, trialRequests, users } from "#db/schema";
import { splitDisplayName } from "../accounts/auth.server";
import { PENDING_ROLE } from "../accounts/roles";
import { db, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { addMonths, CLUB_TIME_ZONE, capitalize, formatLongDate, formatTime, parisDate, parisTime } from "../core/time";
import { isMinorGroup, TRIAL_STATUS_KEYS, TRIAL_STATUSES, type TrialStatus } from "../club/trial-requests";
import type { TrialConvertInput, TrialStatusInput } from "../club/trial-requests-schema";
import { deliverPendingMail } from "../mail/mail.server";
import { mailClub, sendMail } from "../mail/send.server";
import { trialContinueLine, trialExistingAccountMail } from "../mail/templates/trial-existing-account";
import { addFamilyProfile } from "./profiles.server";
import { createManagedUser } from "./users-accounts.server";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";
import { de } from "../typography/elision";

export const TRIAL_STALE =
  "Cette demande a été modifiée par quelqu'un d'autre pendant que vous la regardiez : rechargez la page, puis recommencez.";
const NOT_FOUND = "Cette demande de cours d'essai n'existe plus.";

export type TrialRequestRow = typeof trialRequests.$inferSelect;

/** The counts per status and the requests of one status (open ones by session date, the others newest first). */
export async function trialBoard(status: TrialStatus) {
  const counts = await db
    .select({ status: trialRequests.status, n: sql<number>`count(*)::int` })
    .from(trialRequests)
    .groupBy(trialRequests.status);
  const open = status === "a-traiter" || status === "contacte" || status === "essai-prevu";
  const rows = await db
    .select()
    .from(trialRequests)
    .where(eq(trialRequests.status, status))
    .orderBy(open ? asc(trialRequests.startsAt) : desc(trialRequests.updatedAt), asc(trialRequests.id))
    .limit(inlineCount(200));
  return {
    counts: Object.fromEntries(TRIAL_STATUS_KEYS.map((k) => [k, counts.find((c) => c.status === k)?.n ?? 0])) as Record<
      TrialStatus,
      number
    >,
    requests: rows.map((r) => ({
      ...r,
      session: `${capitalize(formatLongDate(r.sessionDate))} à ${formatTime(r.startsAt)}`,
      minor: isMinorGroup(r.ageGroup),
    })),
  };
}

async function lockRequest(id: number, version: number): Promise<TrialRequestRow> {
  const [row] = await db.select().from(trialRequests).where(eq(trialRequests.id, id)).for("update");
  if (!row) throw new DomainError(NOT_FOUND, { status: 404 });
  if (row.version !== version) throw new DomainError(TRIAL_STALE, { status: 409 });
  return row;
}

const who = (r: Pick<TrialRequestRow, "prenom" | "nom">) => `${r.prenom} ${r.nom}`.trim();

/** Changes the status and the note of a request. */
export async function updateTrialStatus(actor: Actor, input: TrialStatusInput, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockRequest(input.id, input.version);
    const changes: string[] = [];
    if (row.status !== input.status)
      changes.push(`${TRIAL_STATUSES[row.status as TrialStatus] ?? row.status} → ${TRIAL_STATUSES[input.status]}`);
    if (row.note !== input.note) changes.push("note modifiée");
    if (!changes.length) return;
    await tx
      .update(trialRequests)
      .set({ status: input.status, note: input.note, updatedAt: now, updatedBy: actor.id, version: row.version + 1 })
      .where(eq(trialRequests.id, row.id));
    await audit(
      actor,
      "trial.status",
      `Demande de cours d'essai n° ${row.id} (${who(row)}) : ${changes.join(" ; ")}.`,
      { userId: row.userId },
    );
  });
}

/** « Inscrire »: creates (or invites) the account, pre-filled from the request, and marks it « inscrit ». */
export async function convertTrialRequest(
  actor: Actor,
  input: TrialConvertInput,
  now: Date = new Date(),
): Promise<{ userId: string; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    const row = await lockRequest(input.id, input.version);
    if (row.userId) throw new DomainError("Cette demande est déjà devenue une inscription.", { status: 409 });
    if (!row.email)
      throw new DomainError(
        "Cette demande n'a pas d'adresse e-mail : créez le compte depuis la page Utilisateurs, puis passez la demande à « Inscrit ».",
        { status: 400 },
      );
    const minor = isMinorGroup(row.ageGroup);
    const holder = minor ? splitDisplayName(row.parentName) : { prenom: row.prenom, nom: row.nom };

    const [existing] = await tx
      .select({ id: users.id, prenom: users.prenom })
      .from(users)
      .where(eq(users.email, row.email));
    let userId: string;
    if (existing) {
      userId = existing.id;
      await sendMail(
        trialExistingAccountMail,
        { prenom: existing.prenom, email: row.email, childPrenom: minor ? row.prenom : null },
        { to: row.email },
      );
    } else {
      userId = (
        await createManagedUser(
          actor,
          { prenom: holder.prenom, nom: holder.nom, email: row.email, roles: [PENDING_ROLE] },
          ["", trialContinueLine(minor ? row.prenom : null, (await mailClub()).baseUrl)],
        )
      ).id;
    }
    let profileId: number | null = null;
    if (minor) {
      const [same] = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(and(eq(profiles.ownerId, userId), sql`lower(${profiles.prenom}) = lower(${row.prenom})`));
      profileId =
        same?.id ??
        (
          await addFamilyProfile(userId, {
            prenom: row.prenom,
            nom: row.nom,
            dateOfBirth: null,
            relationship: "enfant",
          })
        ).id;
    }
    await tx
      .update(trialRequests)
      .set({
        status: "inscrit",
        userId,
        convertedAt: now,
        updatedAt: now,
        updatedBy: actor.id,
        version: row.version + 1,
      })
      .where(eq(trialRequests.id, row.id));
    await audit(
      actor,
      "trial.convert",
      `Demande de cours d'essai n° ${row.id} (${who(row)}) inscrite : ${existing ? "compte existant invité" : "compte pré-inscrit créé"} (${row.email})${profileId ? `, profil ${de(row.prenom)}` : ""}.`,
      { userId, profileId },
    );
    return { userId, created: !existing };
  });
  void deliverPendingMail();
  return result;
}

export interface ConversionMonth {
  /** "2026-11" */
  month: string;
  requests: number;
  registered: number;
  /** Percent, rounded; null without requests. */
  rate: number | null;
}

/** Trial-to-member conversion per month of the request, the last `months` months (oldest first). */
export async function trialConversion(now: Date = new Date(), months = 12): Promise<ConversionMonth[]> {
  const firstMonth = addMonths(`${parisDate(now).slice(0, 7)}-01`, -(months - 1));
  const monthOf = sql<string>`to_char(timezone(${CLUB_TIME_ZONE}, ${trialRequests.createdAt}), 'YYYY-MM')`;
  const rows = await db
    .select({
      month: monthOf,
      requests: sql<number>`count(*)::int`,
      registered: sql<number>`(count(*) filter (where ${trialRequests.status} = 'inscrit'))::int`,
    })
    .from(trialRequests)
    .where(gte(trialRequests.createdAt, parisTime(firstMonth)))
    .groupBy(sql`1`);
  return Array.from({ length: months }, (_, i) => {
    const month = addMonths(firstMonth, i).slice(0, 7);
    const r = rows.find((x) => x.month === month);
    const requests = r?.requests ?? 0;
    const registered = r?.registered ?? 0;
    return { month, requests, registered, rate: requests ? Math.round((registered / requests) * 100) : null };
  });
}
