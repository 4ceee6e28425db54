/**
 * RGPD rights of a member: a JSON export of exactly their own data, and the
 * request to delete their account.
 *
 * Deletion rule: the account is deleted at once, unless the club still needs
 * it — a profile of the account has a membership record for the current
 * season (cotisation, health document: the club must keep them for the
 * season and its federation licence), or the account holds a manager role
 * (the managers must hand over first). In those cases the request is queued
 * for the managers (deletion_requests), who answer within one month.
 * The export covers the season and the mat too: registrations, payments,
 * health papers (their record, not the file), attendance, exam results and
 * per-test marks, the trial request that led to the account, the portraits
 * (that one exists and its consent).
 * A missing account is a DomainError (404), never a thrown Response.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import {
  accounts,
  attendanceMarks,
  deletionRequests,
  examCandidates,
  examTestMarks,
  gradeHistory,
  payments,
  profiles,
  registrationLines,
  registrations,
  revisionProgress,
  seasonDocuments,
  seasonStatuses,
  sessions,
  trialRequests,
  users,
} from "#db/schema";
import { can } from "./capabilities";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { currentSeasonAt } from "../members/seasons.server";
import { notifyManagersSafely } from "../members/manager-notifications.server";
import { portraitsForExport, purgeOrphanPortraits } from "../members/portraits.server";

/** Everything stored about the user, without any secret (password hash, tokens). */
export async function exportUserData(userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("Compte introuvable.", { status: 404 });
  const ownProfiles = await db.select().from(profiles).where(eq(profiles.ownerId, userId));
  const ids = ownProfiles.map((p) => p.id);
  const [statuses, history, progress] = ids.length
    ? [
        await db.select().from(seasonStatuses).where(inArray(seasonStatuses.profileId, ids)),
        await db.select().from(gradeHistory).where(inArray(gradeHistory.profileId, ids)),
        await db.select().from(revisionProgress).where(inArray(revisionProgress.profileId, ids)),
      ]
    : [[], [], []];
  const regs = await db.select().from(registrations).where(eq(registrations.ownerId, userId));
  const regIds = regs.map((r) => r.id);
  const [lines, paid] = regIds.length
    ? [
        await db.select().from(registrationLines).where(inArray(registrationLines.registrationId, regIds)),
        await db.select().from(payments).where(inArray(payments.registrationId, regIds)),
      ]
    : [[], []];
  const [papers, attendance, candidates] = ids.length
    ? [
        await db.select().from(seasonDocuments).where(inArray(seasonDocuments.profileId, ids)),
        await db.select().from(attendanceMarks).where(inArray(attendanceMarks.profileId, ids)),
        await db.select().from(examCandidates).where(inArray(examCandidates.profileId, ids)),
      ]
    : [[], [], []];
  const testMarks = candidates.length
    ? await db
        .select()
        .from(examTestMarks)
        .where(
          inArray(
            examTestMarks.candidateId,
            candidates.map((c) => c.id),
          ),
        )
    : [];
  const trials = await db.select().from(trialRequests).where(eq(trialRequests.userId, userId));
  const portraits = await portraitsForExport(ids);
  const signInMethods = await db
    .select({ providerId: accounts.providerId, createdAt: accounts.createdAt, updatedAt: accounts.updatedAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
      expiresAt: sessions.expiresAt,
      ipAddress: sessions.ipAddress,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId));
  const requests = await db
    .select({
      requestedAt: deletionRequests.requestedAt,
      reason: deletionRequests.reason,
      handledAt: deletionRequests.handledAt,
    })
    .from(deletionRequests)
    .where(eq(deletionRequests.userId, userId));

  const strip = <T extends Record<string, unknown>>(row: T, keys: string[]) =>
    Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
  const audit = ["createdBy", "updatedBy", "version"];

  return {
    format: "Export des données personnelles (RGPD, article 20)",
    exportedAt: new Date().toISOString(),
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      prenom: user.prenom,
      nom: user.nom,
      image: user.image,
      roles: user.roles,
      aPayeCotisation: user.aPayeCotisation,
      certificatMedicalFourni: user.certificatMedicalFourni,
      active: user.active,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
    },
    signInMethods: signInMethods.map((a) => ({
      ...a,
      provider: a.providerId === "credential" ? "e-mail et mot de passe" : a.providerId,
    })),
    profiles: ownProfiles.map((p) => strip(p, audit)),
    seasonStatuses: statuses.map((s) => strip(s, audit)),
    gradeHistory: history.map((h) => strip(h, ["createdBy"])),
    revisionProgress: progress,
    registrations: regs.map((r) => strip(r, audit)),
    registrationLines: lines,
    payments: paid.map((p) => strip(p, ["recordedBy"])),
    healthPapers: papers.map((d) => strip(d, ["storageKey"])),
    attendance: attendance.map((m) => strip(m, ["markedBy", "clientMarkId"])),
    examResults: candidates.map((c) => strip(c, audit)),
    examTestMarks: testMarks.map((m) => strip(m, ["markedBy"])),
    trialRequests: trials.map((t) => strip(t, audit)),
    // That a portrait exists and the consent given for it (the image stays in the member area).
    portraits,
    sessions: sessionRows,
    deletionRequests: requests,
  };
}

export type DeletionOutcome = { outcome: "deleted" } | { outcome: "queued"; reason: string };

/** Why the account cannot be deleted at once (null: it can). */
export async function deletionBlocker(userId: string): Promise<string | null> {
  const [user] = await db.select({ roles: users.roles }).from(users).where(eq(users.id, userId));
  if (!user) throw new DomainError("Compte introuvable.", { status: 404 });
  if (can(user, "club:manage")) {
    return "Votre compte a un rôle de gestion au club : les responsables doivent d'abord transmettre vos accès.";
  }
  const season = await currentSeasonAt();
  const ids = (await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.ownerId, userId))).map(
    (p) => p.id,
  );
  if (ids.length) {
    const [status] = await db
      .select({ id: seasonStatuses.id })
      .from(seasonStatuses)
      .where(and(inArray(seasonStatuses.profileId, ids), eq(seasonStatuses.season, season)));
    if (status) {
      return `Une adhésion est enregistrée pour la saison ${season} : le club doit conserver son dossier jusqu'à la fin de la saison.`;
    }
  }
  return null;
}

/** Deletes the account now when it is safe, otherwise queues the request for the managers. */
export async function requestAccountDeletion(userId: string, reason = ""): Promise<DeletionOutcome> {
  const blocker = await deletionBlocker(userId);
  if (blocker) {
    const [pending] = await db
      .select({ id: deletionRequests.id })
      .from(deletionRequests)
      .where(and(eq(deletionRequests.userId, userId), isNull(deletionRequests.handledAt)));
    if (!pending) {
      await db.insert(deletionRequests).values({ userId, reason: reason.slice(0, 1000) });
      const [who] = await db
        .select({ prenom: users.prenom, nom: users.nom, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (who) await notifyManagersSafely("suppression", who);
    }
    log.info("account deletion queued", { userId });
    return { outcome: "queued", reason: blocker };
  }
  // Profiles, statuses, grades, progress, sessions and sign-in methods go with the user (cascade).
  await db.delete(users).where(eq(users.id, userId));
  await purgeOrphanPortraits(); // their files too, at once
  log.info("account deleted by its owner", { userId });
  return { outcome: "deleted" };
}

/** A deletion request of this user still waiting for the managers. */
export async function pendingDeletionRequest(userId: string) {
  const [row] = await db
    .select()
    .from(deletionRequests)
    .where(and(eq(deletionRequests.userId, userId), isNull(deletionRequests.handledAt)));
  return row ?? null;
}
