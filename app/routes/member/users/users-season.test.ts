/**
 * An account's season status and grades through the real request handler: the cotisation and
 * the certificate with their validity, family profiles' grade history, another account's
 * profile refused.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { gradeHistory, grades, profiles, seasonStatuses } from "#db/schema";
import { createUser } from "../../../../tests/helpers/auth";
import {
  dataOf,
  editPath,
  errorsOf,
  get,
  post,
  statusOf,
  userRow,
  usersCast,
} from "../../../../tests/helpers/users-admin";
import { db } from "~/lib/core/db.server";
import { currentSeasonAt } from "~/lib/members/seasons.server";

type Account = Awaited<ReturnType<typeof usersCast>>["admin"];
let manager: Account;
let membre: Account;

beforeAll(async () => {
  ({ manager, membre } = await usersCast());
});

describe("season status and grades", () => {
  it("records a cotisation and a certificate, computes the validity and syncs the user's flags", async () => {
    const target = await createUser({ roles: ["membre"], prenom: "Chloé", nom: "Cotisante" });
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, target.user.id), eq(profiles.isSelf, true)));
    assert(own);
    const season = await currentSeasonAt();
    const bad = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "180",
        cotisationMeans: "",
        healthKind: "certificat",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(bad)).toBe(400);
    const errors = errorsOf(bad);
    expect(errors.cotisationPaidOn).toBe("Indiquez la date du paiement");
    expect(errors.cotisationMeans).toBe("Choisissez le moyen de paiement");
    expect(errors.healthReceivedOn).toBe("Indiquez la date de réception");

    const start = `${season.slice(0, 4)}-09-15`;
    const ok = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: start,
        cotisationAmount: "180,50",
        cotisationMeans: "pass-sport",
        healthKind: "certificat",
        healthReceivedOn: start,
      },
      manager.cookie,
    );
    expect(statusOf(ok)).toBe(302);
    const [row] = await db
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, own.id), eq(seasonStatuses.season, season)));
    assert(row);
    expect(row.cotisationAmountCents).toBe(18050);
    expect(row.cotisationMeans).toBe("pass-sport");
    // 3 seasons by default: valid until the end of August, two years after the season's end year.
    expect(row.healthDocumentValidUntil).toBe(`${Number(season.slice(0, 4)) + 3}-08-31`);
    expect(row.updatedBy).toBe(manager.user.id);
    const flags = await userRow(target.user.id);
    assert(flags);
    expect(flags.aPayeCotisation).toBe(true);
    expect(flags.certificatMedicalFourni).toBe(true);

    // An outdated form (version 0 while the row exists) is refused.
    const stale = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(stale)).toBe(409);

    // A questionnaire is valid for the season only; clearing the cotisation resets the flag.
    const questionnaire = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: String(row.version),
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "questionnaire",
        healthReceivedOn: start,
      },
      manager.cookie,
    );
    expect(statusOf(questionnaire)).toBe(302);
    const [row2] = await db.select().from(seasonStatuses).where(eq(seasonStatuses.id, row.id));
    assert(row2);
    expect(row2.healthDocumentValidUntil).toBe(`${Number(season.slice(0, 4)) + 1}-08-31`);
    expect((await userRow(target.user.id))?.aPayeCotisation).toBe(false);
  });

  it("refuses a profile that belongs to another account", async () => {
    const [other] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, membre.user.id), eq(profiles.isSelf, true)));
    assert(other);
    const target = await createUser({ roles: ["membre"] });
    const season = await currentSeasonAt();
    const result = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(other.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(404);
  });

  it("adds and deletes grade history entries of a family profile", async () => {
    const parent = await createUser({ roles: ["membre"], prenom: "Paul", nom: "Parent" });
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: parent.user.id, prenom: "Tom", nom: "Parent", relationship: "enfant" })
      .returning();
    assert(child);
    const [grade] = await db.select().from(grades).orderBy(grades.position).limit(1);
    assert(grade);
    const add = await post(
      editPath(parent.user.id),
      {
        intent: "grade-add",
        profileId: String(child.id),
        gradeId: String(grade.id),
        awardedOn: "2026-06-20",
        note: "Passage de grade de juin",
      },
      manager.cookie,
    );
    expect(statusOf(add)).toBe(302);
    const [entry] = await db.select().from(gradeHistory).where(eq(gradeHistory.profileId, child.id));
    assert(entry);
    expect(entry.note).toBe("Passage de grade de juin");
    expect(entry.createdBy).toBe(manager.user.id);
    const page = dataOf<{ detail: { profiles: Array<{ id: number; grades: unknown[] }> } }>(
      await get(editPath(parent.user.id), manager.cookie),
    );
    expect(page.detail.profiles.find((p) => p.id === child.id)!.grades).toHaveLength(1);
    const del = await post(
      editPath(parent.user.id),
      { intent: "grade-delete", profileId: String(child.id), entryId: String(entry.id) },
      manager.cookie,
    );
    expect(statusOf(del)).toBe(302);
    expect(await db.select().from(gradeHistory).where(eq(gradeHistory.profileId, child.id))).toHaveLength(0);
  });
});
