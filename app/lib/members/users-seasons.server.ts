/**
 * Season status and grades of an account's profiles, recorded by the managers:
 * cotisation and health document per season (optimistic concurrency on
 * season_statuses.version), grade history entries; and the status of every
 * member profile for a season (to-do list, reminders).
 *
 * Rules: dates cannot be in the future; only editable seasons change; a
 * certificate also covers the later seasons already started without one.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { gradeHistory, grades, profiles, seasonStatuses, users } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { getSetting } from "../club/settings.server";
import { HEALTH_DOCUMENT_LABELS, PAYMENT_MEANS_LABELS } from "./profile-status.server";
import { USERS_ADMIN_MESSAGES as MESSAGES } from "./users-admin-labels";
import { formatDate as formatDateFr, parisDate } from "../core/time";
import { healthValidUntil, syncUserFlags } from "./seasons.server";
import type { GradeEntryInput, StatusInput } from "./users-admin";
import { editableSeasonsAt } from "./users-detail.server";
import { audit } from "../core/audit.server";
import {
  eurosText,
  checkCanEdit,
  lockOwnedProfile,
  lockUser,
  memberRolesArray,
  notInFuture,
  type Actor,
} from "./users-rules.server";

function formatStatus(s: {
  cotisationPaidOn: string | null;
  cotisationAmountCents: number | null;
  cotisationMeans: string | null;
  healthKind: string | null;
  healthReceivedOn: string | null;
  validUntil: string | null;
}): string {
  const parts = [
    s.cotisationPaidOn
      ? `cotisation payée le ${formatDateFr(s.cotisationPaidOn)} (${eurosText(s.cotisationAmountCents)} €, ${PAYMENT_MEANS_LABELS[s.cotisationMeans ?? ""] ?? s.cotisationMeans})`
      : "cotisation non payée",
    s.healthKind && s.healthReceivedOn
      ? `${(HEALTH_DOCUMENT_LABELS[s.healthKind] ?? s.healthKind).toLowerCase()} reçu le ${formatDateFr(s.healthReceivedOn)}, valable jusqu'au ${formatDateFr(s.validUntil)}`
      : "aucun document de santé",
  ];
  return parts.join(" ; ");
}

/** Records the cotisation and health document of a profile for a season. */
export async function saveSeasonStatus(
  actor: Actor,
  ownerId: string,
  input: StatusInput,
  now: Date = new Date(),
): Promise<void> {
  const today = parisDate(now);
  notInFuture(input.cotisationPaidOn, "cotisationPaidOn", today);
  notInFuture(input.healthReceivedOn, "healthReceivedOn", today);
  await db.transaction(async (tx) => {
    const owner = await lockUser(ownerId);
    checkCanEdit(actor, owner);
    const profile = await lockOwnedProfile(ownerId, input.profileId);
    const editable = await editableSeasonsAt(now);
    if (!editable.includes(input.season))
      throw new DomainError("Cette saison n'est plus modifiable : son historique est conservé tel quel.");
    const membership = await getSetting("membership");
    const validUntil =
      input.healthKind && input.healthReceivedOn
        ? healthValidUntil(input.healthKind, input.healthReceivedOn, input.season, membership)
        : null;
    const values = {
      cotisationPaidOn: input.cotisationPaidOn,
      cotisationAmountCents: input.cotisationAmount,
      cotisationMeans: input.cotisationMeans,
      healthDocumentKind: input.healthKind,
      healthDocumentReceivedOn: input.healthReceivedOn,
      healthDocumentValidUntil: validUntil,
    };
    const [existing] = await tx
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, profile.id), eq(seasonStatuses.season, input.season)))
      .for("update");
    if (existing) {
      if (existing.version !== input.version) throw new DomainError(MESSAGES.stale, { status: 409 });
      await tx
        .update(seasonStatuses)
        .set({ ...values, updatedAt: now, updatedBy: actor.id, version: existing.version + 1 })
        .where(eq(seasonStatuses.id, existing.id));
    } else {
      if (input.version !== 0) throw new DomainError(MESSAGES.stale, { status: 409 });
      await tx
        .insert(seasonStatuses)
        .values({ profileId: profile.id, season: input.season, ...values, createdBy: actor.id, updatedBy: actor.id });
    }
    // A certificate also covers the later seasons already started that have no health document yet.
    if (input.healthKind === "certificat" && validUntil) {
      for (const later of editable.filter((s) => s > input.season)) {
        await tx
          .insert(seasonStatuses)
          .values({
            profileId: profile.id,
            season: later,
            healthDocumentKind: "certificat",
            healthDocumentReceivedOn: input.healthReceivedOn,
            healthDocumentValidUntil: validUntil,
            createdBy: actor.id,
            updatedBy: actor.id,
          })
          .onConflictDoUpdate({
            target: [seasonStatuses.profileId, seasonStatuses.season],
            set: {
              healthDocumentKind: "certificat",
              healthDocumentReceivedOn: input.healthReceivedOn,
              healthDocumentValidUntil: validUntil,
              updatedAt: now,
              updatedBy: actor.id,
              version: sql`${seasonStatuses.version} + 1`,
            },
            setWhere: isNull(seasonStatuses.healthDocumentReceivedOn),
          });
      }
    }
    await audit(
      actor,
      "status.update",
      `Saison ${input.season}, ${profile.prenom} ${profile.nom} : ${formatStatus({ ...values, healthKind: input.healthKind, healthReceivedOn: input.healthReceivedOn, validUntil })}.`,
      { userId: ownerId, profileId: profile.id },
    );
    if (profile.isSelf) await syncUserFlags([ownerId], now);
  });
}

export async function addGradeEntry(
  actor: Actor,
  ownerId: string,
  input: GradeEntryInput,
  now: Date = new Date(),
): Promise<void> {
  notInFuture(input.awardedOn, "awardedOn", parisDate(now));
  await db.transaction(async (tx) => {
    const owner = await lockUser(ownerId);
    checkCanEdit(actor, owner);
    const profile = await lockOwnedProfile(ownerId, input.profileId);
    const [grade] = await tx.select().from(grades).where(eq(grades.id, input.gradeId));
    if (!grade) throw new DomainError("Grade inconnu.", { field: "gradeId" });
    await tx.insert(gradeHistory).values({
      profileId: profile.id,
      gradeId: grade.id,
      awardedOn: input.awardedOn,
      note: input.note,
      createdBy: actor.id,
    });
    await audit(
      actor,
      "grade.add",
      `${profile.prenom} ${profile.nom} : grade ${grade.vietnameseName} (${grade.frenchName}) obtenu le ${formatDateFr(input.awardedOn)}.`,
      {
        userId: ownerId,
        profileId: profile.id,
      },
    );
  });
}

export async function deleteGradeEntry(actor: Actor, ownerId: string, entryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const owner = await lockUser(ownerId);
    checkCanEdit(actor, owner);
    const [row] = await tx
      .select({ entry: gradeHistory, profile: profiles, grade: grades })
      .from(gradeHistory)
      .innerJoin(profiles, eq(profiles.id, gradeHistory.profileId))
      .innerJoin(grades, eq(grades.id, gradeHistory.gradeId))
      .where(and(eq(gradeHistory.id, entryId), eq(profiles.ownerId, ownerId)));
    if (!row) throw new DomainError("Cette ligne de l'historique n'existe plus.", { status: 404 });
    await tx.delete(gradeHistory).where(eq(gradeHistory.id, entryId));
    await audit(
      actor,
      "grade.delete",
      `${row.profile.prenom} ${row.profile.nom} : grade ${row.grade.vietnameseName} du ${formatDateFr(row.entry.awardedOn)} retiré de l'historique.`,
      { userId: ownerId, profileId: row.profile.id },
    );
  });
}

// ------------------------------------------------- member profiles status

export interface MemberProfileStatus {
  profileId: number;
  prenom: string;
  nom: string;
  isSelf: boolean;
  ownerId: string;
  ownerPrenom: string;
  ownerNom: string;
  ownerEmail: string;
  cotisationPaidOn: string | null;
  healthKind: string | null;
  healthReceivedOn: string | null;
  healthValidUntil: string | null;
}

/** Every profile of the active member accounts with its status for `season` (to-do list, reminders). */
export async function memberProfileStatuses(season: string): Promise<MemberProfileStatus[]> {
  return db
    .select({
      profileId: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      isSelf: profiles.isSelf,
      ownerId: users.id,
      ownerPrenom: users.prenom,
      ownerNom: users.nom,
      ownerEmail: users.email,
      cotisationPaidOn: seasonStatuses.cotisationPaidOn,
      healthKind: seasonStatuses.healthDocumentKind,
      healthReceivedOn: seasonStatuses.healthDocumentReceivedOn,
      healthValidUntil: seasonStatuses.healthDocumentValidUntil,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.ownerId))
    .leftJoin(seasonStatuses, and(eq(seasonStatuses.profileId, profiles.id), eq(seasonStatuses.season, season)))
    .where(and(eq(users.active, true), sql`${users.roles} && ${memberRolesArray}`))
    .orderBy(sql`lower(${profiles.nom})`, sql`lower(${profiles.prenom})`, profiles.id);
}
