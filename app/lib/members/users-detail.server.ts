/**
 * Reading one account for the edit page: the account, its profiles with their
 * season statuses and grade history, the history of changes, the seasons
 * still editable (the current one, and the next one once started).
 */
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { accounts, auditLog, deletionRequests, profiles, seasonStarts, seasonStatuses, users } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { getSetting } from "../club/settings.server";
import { getGradeHistory } from "./profile-status.server";
import { listGrades } from "./grades.server";
import { currentSeasonAt } from "./seasons.server";
import { parisDate } from "../core/time";
import { healthState, type UserRow } from "./users-rules.server";

export async function getUser(id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

/** users.updatedAt as the version token of the account form. */
export function userVersion(user: Pick<UserRow, "updatedAt">): number {
  return user.updatedAt.getTime();
}

/** Everything the edit page shows. */
export async function getUserDetail(id: string, now: Date = new Date()) {
  const user = await getUser(id);
  if (!user) return null;
  const season = await currentSeasonAt(now);
  const today = parisDate(now);
  const [hasPassword] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, id), eq(accounts.providerId, "credential")));
  const [google] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, id), ne(accounts.providerId, "credential")));
  const profileRows = await db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerId, id))
    .orderBy(desc(profiles.isSelf), asc(profiles.createdAt), asc(profiles.id));
  const profileIds = profileRows.map((p) => p.id);
  const statuses = profileIds.length
    ? await db
        .select()
        .from(seasonStatuses)
        .where(inArray(seasonStatuses.profileId, profileIds))
        .orderBy(desc(seasonStatuses.season))
    : [];
  const editableSeasons = await editableSeasonsAt(now);
  const profilesOut = [];
  for (const p of profileRows) {
    const own = statuses.filter((s) => s.profileId === p.id);
    profilesOut.push({
      id: p.id,
      prenom: p.prenom,
      nom: p.nom,
      isSelf: p.isSelf,
      relationship: p.relationship,
      dateOfBirth: p.dateOfBirth,
      sex: p.sex,
      statuses: own.map((s) => ({
        id: s.id,
        season: s.season,
        version: s.version,
        cotisationPaidOn: s.cotisationPaidOn,
        cotisationAmountCents: s.cotisationAmountCents,
        cotisationMeans: s.cotisationMeans,
        healthKind: s.healthDocumentKind,
        healthReceivedOn: s.healthDocumentReceivedOn,
        healthValidUntil: s.healthDocumentValidUntil,
        health: healthState(s.healthDocumentReceivedOn, s.healthDocumentValidUntil, today),
        updatedAt: s.updatedAt.toISOString(),
      })),
      grades: (await getGradeHistory(p.id)).map((g) => ({
        id: g.id,
        gradeId: g.gradeId,
        awardedOn: g.awardedOn,
        note: g.note,
        name: `${g.grade.vietnameseName} — ${g.grade.frenchName}`,
      })),
    });
  }
  const history = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetUserId, id))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(inlineCount(30));
  const membership = await getSetting("membership");
  const [deletion] = await db
    .select({ requestedAt: deletionRequests.requestedAt, reason: deletionRequests.reason })
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, id), isNull(deletionRequests.handledAt)));
  return {
    deletionRequest: deletion ? { requestedAt: deletion.requestedAt.toISOString(), reason: deletion.reason } : null,
    user: {
      id: user.id,
      prenom: user.prenom,
      nom: user.nom,
      email: user.email,
      roles: user.roles,
      active: user.active,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      version: userVersion(user),
      hasPassword: Boolean(hasPassword),
      hasGoogle: Boolean(google),
      aPayeCotisation: user.aPayeCotisation,
      certificatMedicalFourni: user.certificatMedicalFourni,
    },
    profiles: profilesOut,
    season,
    editableSeasons,
    today,
    certificateValiditySeasons: membership.certificateValiditySeasons,
    gradeTable: (await listGrades()).map((g) => ({ id: g.id, label: `${g.vietnameseName} — ${g.frenchName}` })),
    history: history.map((h) => ({
      id: h.id,
      at: h.at.toISOString(),
      actorName: h.actorName,
      action: h.action,
      summary: h.summary,
    })),
  };
}

/** Seasons whose status can be recorded: the current one, and the next one once started. */
export async function editableSeasonsAt(now: Date = new Date()): Promise<string[]> {
  const current = await currentSeasonAt(now);
  const later = await db
    .select({ season: seasonStarts.season })
    .from(seasonStarts)
    .where(sql`${seasonStarts.season} > ${current}`);
  return [current, ...later.map((l) => l.season).sort()];
}

/** What the edit page receives. */
export type UserDetail = NonNullable<Awaited<ReturnType<typeof getUserDetail>>>;
