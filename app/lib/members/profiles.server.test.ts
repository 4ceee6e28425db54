/**
 * Family profiles, the session's selected profile, RGPD export and deletion,
 * revision progress — on a real (PGlite) database with two accounts.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { assert, beforeAll, describe, expect, it } from "vitest";
import {
  accounts,
  attendanceMarks,
  deletionRequests,
  gradeHistory,
  profiles,
  registrations,
  seasonStatuses,
  sessions,
  users,
} from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { listGrades } from "./grades.server";
import { exportUserData, requestAccountDeletion } from "../accounts/member-data.server";
import { getProfileStatus } from "./profile-status.server";
import {
  addFamilyProfile,
  clearSelection,
  ensureOwnProfile,
  familyProfileSchema,
  getOwnedProfile,
  listProfiles,
  ownProfileSchema,
  removeFamilyProfile,
  selectedProfileForSession,
  selectProfile,
  updateFamilyProfile,
  updateOwnProfile,
} from "./profiles.server";
import { getRevisionMaterial, setItemDone } from "./revision.server";
import { seasonOf } from "../core/time";
import { seedDatabase } from "../core/seed.server";

async function makeUser(prenom: string, roles = ["membre"]) {
  const id = randomUUID();
  await db
    .insert(users)
    .values({ id, name: prenom, email: `${prenom.toLowerCase()}-${id}@exemple.fr`, prenom, nom: "Test", roles });
  await db
    .insert(accounts)
    .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: "hash-secret-xyz" });
  await ensureOwnProfile(id);
  return id;
}

async function makeSession(userId: string) {
  const id = randomUUID();
  await db.insert(sessions).values({ id, token: `tok-${id}`, userId, expiresAt: new Date(Date.now() + 3600_000) });
  return id;
}

async function expectStatus(promise: Promise<unknown>, status: number) {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).status).toBe(status);
    return;
  }
  throw new Error("expected a refusal");
}

let alice: string;
let bob: string;

beforeAll(async () => {
  await seedDatabase();
  alice = await makeUser("Alice");
  bob = await makeUser("Bob");
});

describe("family profiles", () => {
  it("adds, lists, edits and removes a child; the own profile stays", async () => {
    const parsed = familyProfileSchema.safeParse({
      prenom: " Léa ",
      nom: "Test",
      dateOfBirth: "2016-03-04",
      relationship: "enfant",
    });
    expect(parsed.success).toBe(true);
    const child = await addFamilyProfile(alice, parsed.data!);
    expect(child.prenom).toBe("Léa");

    const list = await listProfiles(alice);
    expect(list.map((p) => p.prenom)).toEqual(["Alice", "Léa"]);
    expect(list[0]?.isSelf).toBe(true);

    const edited = await updateFamilyProfile(alice, child.id, {
      prenom: "Léa",
      nom: "Martin",
      dateOfBirth: null,
      relationship: "enfant",
    });
    expect(edited.nom).toBe("Martin");
    expect(edited.version).toBe(2);

    const [self] = list;
    assert(self);
    await expectStatus(removeFamilyProfile(alice, self.id), 400);
    await removeFamilyProfile(alice, child.id);
    expect((await listProfiles(alice)).map((p) => p.prenom)).toEqual(["Alice"]);
  });

  it("validates in French", () => {
    const bad = familyProfileSchema.safeParse({ prenom: "", dateOfBirth: "2999-01-01", relationship: "voisin" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toContain("Le prénom est obligatoire");
    expect(messages).toContain("Choisissez le lien de parenté");
    const phone = ownProfileSchema.safeParse({ prenom: "A", nom: "B", phone: "abc" });
    expect(phone.success).toBe(false);
  });

  it("updates the own profile and the user's names", async () => {
    await updateOwnProfile(alice, {
      prenom: "Alicia",
      nom: "Durand",
      phone: "06 12 34 56 78",
      dateOfBirth: "1985-05-06",
      emergencyContact: "Paul, 06 00 00 00 00",
    });
    const [u] = await db.select().from(users).where(eq(users.id, alice));
    assert(u);
    expect(u.prenom).toBe("Alicia");
    expect(u.name).toBe("Alicia Durand");
    const own = await ensureOwnProfile(alice);
    expect(own.phone).toBe("06 12 34 56 78");
  });

  it("never gives another account's profile", async () => {
    const bobChild = await addFamilyProfile(bob, { prenom: "Tom", nom: "", dateOfBirth: null, relationship: "enfant" });
    await expectStatus(getOwnedProfile(alice, bobChild.id), 404);
    await expectStatus(
      updateFamilyProfile(alice, bobChild.id, { prenom: "X", nom: "", dateOfBirth: null, relationship: "autre" }),
      404,
    );
    await expectStatus(removeFamilyProfile(alice, bobChild.id), 404);
    const aliceSession = await makeSession(alice);
    await expectStatus(selectProfile(aliceSession, alice, bobChild.id), 404);
    // Even a tampered session row pointing at Bob's child falls back to Alice's own profile.
    await db.update(sessions).set({ selectedProfileId: bobChild.id }).where(eq(sessions.id, aliceSession));
    const shown = await selectedProfileForSession(aliceSession, alice);
    expect(shown.ownerId).toBe(alice);
    expect(shown.isSelf).toBe(true);
    // And Alice cannot change Bob's session.
    const bobSession = await makeSession(bob);
    const aliceChild = await addFamilyProfile(alice, {
      prenom: "Zoé",
      nom: "",
      dateOfBirth: null,
      relationship: "enfant",
    });
    await expectStatus(selectProfile(bobSession, alice, aliceChild.id), 401);
  });
});

describe("selected profile", () => {
  it("lasts across requests of the session, is per session, and clears", async () => {
    const child = await addFamilyProfile(alice, { prenom: "Noé", nom: "", dateOfBirth: null, relationship: "enfant" });
    const s1 = await makeSession(alice);
    const s2 = await makeSession(alice);
    await selectProfile(s1, alice, child.id);
    expect((await selectedProfileForSession(s1, alice)).id).toBe(child.id);
    expect((await selectedProfileForSession(s1, alice)).id).toBe(child.id);
    // Another session (a new sign-in) starts on the own profile.
    expect((await selectedProfileForSession(s2, alice)).isSelf).toBe(true);
    await clearSelection(s1, alice);
    expect((await selectedProfileForSession(s1, alice)).isSelf).toBe(true);
    // Removing a selected profile resets the selection.
    await selectProfile(s1, alice, child.id);
    await removeFamilyProfile(alice, child.id);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, s1));
    assert(row);
    expect(row.selectedProfileId).toBeNull();
  });
});

describe("status and revision", () => {
  it("gives the first grade as next without history, and progress per profile", async () => {
    const grades = await listGrades();
    const [firstGrade, second] = grades;
    assert(firstGrade && second);
    expect(grades.length).toBeGreaterThan(3);
    const own = await ensureOwnProfile(alice);
    const child = await addFamilyProfile(alice, { prenom: "Lou", nom: "", dateOfBirth: null, relationship: "enfant" });
    const childStatus = await getProfileStatus(child.id);
    expect(childStatus.currentGrade).toBeNull();
    expect(childStatus.nextGrade?.id).toBe(firstGrade.id);

    await db
      .insert(gradeHistory)
      .values({ profileId: own.id, gradeId: firstGrade.id, awardedOn: "2025-06-20", note: "Bravo" });
    const ownStatus = await getProfileStatus(own.id);
    expect(ownStatus.currentGrade?.id).toBe(firstGrade.id);
    expect(ownStatus.nextGrade?.id).toBe(second.id);

    const material = await getRevisionMaterial(child.id, firstGrade.id);
    expect(material.total).toBeGreaterThan(0);
    const first = material.categories[0]?.items[0];
    assert(first);
    await setItemDone(child.id, first.type, first.id, true);
    await setItemDone(child.id, first.type, first.id, true);
    const after = await getRevisionMaterial(child.id, firstGrade.id);
    expect(after.done).toBe(1);
    expect(after.percent).toBe(Math.floor(100 / after.total));
    // The parent's own progress on the same grade is separate.
    expect((await getRevisionMaterial(own.id, firstGrade.id)).done).toBe(0);
    await setItemDone(child.id, first.type, first.id, false);
    expect((await getRevisionMaterial(child.id, firstGrade.id)).done).toBe(0);
  });

  it("reads the season status", async () => {
    const own = await ensureOwnProfile(bob);
    const season = seasonOf(new Date(), 9);
    await db.insert(seasonStatuses).values({
      profileId: own.id,
      season,
      cotisationPaidOn: "2026-09-10",
      cotisationAmountCents: 25000,
      cotisationMeans: "cheque",
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: "2026-09-10",
      healthDocumentValidUntil: "2999-08-31",
    });
    const status = await getProfileStatus(own.id);
    expect(status.season).toBe(season);
    expect(status.cotisation.paid).toBe(true);
    expect(status.health).toMatchObject({ kind: "certificat", valid: true, validUntil: "2999-08-31" });
  });
});

describe("season and today in Paris time", () => {
  it("reads 31 August 22:30 UTC as 1 September in Paris: new season, and a document valid until 31 August has expired", async () => {
    const carla = await makeUser("Carla");
    const own = await ensureOwnProfile(carla);
    await db.insert(seasonStatuses).values({
      profileId: own.id,
      season: "2026-2027",
      healthDocumentKind: "questionnaire",
      healthDocumentReceivedOn: "2026-08-20",
      healthDocumentValidUntil: "2026-08-31",
    });
    const status = await getProfileStatus(own.id, new Date("2026-08-31T22:30:00Z"));
    expect(status.season).toBe("2026-2027");
    expect(status.health).toMatchObject({ kind: "questionnaire", validUntil: "2026-08-31", valid: false });
    const before = await getProfileStatus(own.id, new Date("2026-08-31T21:30:00Z"));
    expect(before.season).toBe("2025-2026");
  });
});

describe("RGPD", () => {
  it("exports exactly the user's own data, without secrets", async () => {
    const data = await exportUserData(alice);
    const json = JSON.stringify(data);
    expect(data.user.id).toBe(alice);
    expect(json).not.toContain("hash-secret-xyz");
    expect(json).not.toContain("tok-");
    expect(json).not.toContain(bob);
    expect(json).not.toContain("Tom");
    expect(data.profiles.every((p) => p.ownerId === alice)).toBe(true);
    expect(data.profiles.length).toBe((await listProfiles(alice)).length);
    expect(data.gradeHistory.length).toBe(1);
    expect(data.revisionProgress.length).toBe(0);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: "credential" })]);
  });

  it("exports the season and the mat too: registrations, attendance, and never another family's", async () => {
    const [own] = await db.select().from(profiles).where(eq(profiles.ownerId, alice));
    const [bobs] = await db.select().from(profiles).where(eq(profiles.ownerId, bob));
    assert(own && bobs);
    await db.insert(registrations).values([
      { ownerId: alice, season: "2026-2027", status: "en-attente", totalCents: 25000 },
      { ownerId: bob, season: "2026-2027", status: "payee", totalCents: 19000 },
    ]);
    await db.insert(attendanceMarks).values([
      { sessionDate: "2026-11-24", slotId: "adultes-mar", profileId: own.id, clientMarkId: "export-a" },
      { sessionDate: "2026-11-24", slotId: "adultes-mar", profileId: bobs.id, clientMarkId: "export-b" },
    ]);
    const data = await exportUserData(alice);
    expect(data.registrations).toEqual([expect.objectContaining({ season: "2026-2027", totalCents: 25000 })]);
    expect(data.attendance).toEqual([expect.objectContaining({ profileId: own.id, sessionDate: "2026-11-24" })]);
    expect(JSON.stringify(data.attendance)).not.toContain("export-a"); // the phone's id is technical
    expect(data).toHaveProperty("examResults");
    expect(data).toHaveProperty("healthPapers");
  });

  it("queues the deletion when there is a membership this season, deletes at once otherwise", async () => {
    const queued = await requestAccountDeletion(bob);
    expect(queued.outcome).toBe("queued");
    await requestAccountDeletion(bob);
    expect(await db.select().from(deletionRequests).where(eq(deletionRequests.userId, bob))).toHaveLength(1);

    const carol = await makeUser("Carol");
    const done = await requestAccountDeletion(carol);
    expect(done.outcome).toBe("deleted");
    expect(await db.select().from(users).where(eq(users.id, carol))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, carol))).toHaveLength(0);

    const admin = await makeUser("Dana", ["admin"]);
    expect((await requestAccountDeletion(admin)).outcome).toBe("queued");
  });
});
