/**
 * The club of the attendance tests (attendance and attendance-emergency server tests), on real
 * PGlite, for a fake clock set by the test on Wednesday 25 November 2026 (`TODAY`):
 *  - an admin, two instructors (members holding the role `enseignant`) and a member, Lan Tran;
 *  - in « Enfants (6-11 ans) »: Lan's child Bao (`child`, paid) and Chi (`sibling`, waiting for
 *    payment, another family); Duc (`teenager`) in « Adolescents (12-15 ans) »; Em (`drafted`)
 *    only in a draft registration; Giang (`unplaced`) with a season status and no registration;
 *  - the dojo closed on Saturday 28 November.
 */
import { events, profiles, registrationLines, registrations, seasonStatuses } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { createUser, type CreatedUser } from "./auth";

export const TODAY = "2026-11-25"; // a Wednesday: enfants-mer (17:30) and ados-mer (18:30)

export interface AttendanceClub {
  admin: CreatedUser;
  instructor: CreatedUser;
  otherInstructor: CreatedUser;
  member: CreatedUser;
  /** Registered in « Enfants (6-11 ans) », paid. */
  child: number;
  /** Registered in « Enfants (6-11 ans) », waiting for payment. */
  sibling: number;
  /** Registered in « Adolescents (12-15 ans) ». */
  teenager: number;
  /** Only in a draft registration. */
  drafted: number;
  /** A season status, no registration (a club not yet registering online). */
  unplaced: number;
}

async function family(
  owner: CreatedUser,
  status: string,
  lines: Array<{ prenom: string; group: string }>,
): Promise<number[]> {
  const ids: number[] = [];
  const [reg] = await db
    .insert(registrations)
    .values({ ownerId: owner.user.id, season: "2026-2027", status })
    .returning();
  for (const l of lines) {
    const [p] = await db
      .insert(profiles)
      .values({
        ownerId: owner.user.id,
        prenom: l.prenom,
        nom: "Tran",
        relationship: "enfant",
        dateOfBirth: "2017-03-01",
      })
      .returning();
    await db
      .insert(registrationLines)
      .values({ registrationId: reg!.id, profileId: p!.id, groupName: l.group, priceCents: 19000, amountCents: 19000 });
    ids.push(p!.id);
  }
  return ids;
}

/** Seeds the database and creates the club above (call once, in a file's `beforeAll`, after the fake clock). */
export async function attendanceClub(): Promise<AttendanceClub> {
  await seedDatabase();
  const admin = await createUser({ roles: ["admin"], prenom: "Minh", nom: "Le" });
  const instructor = await createUser({ roles: ["membre", "enseignant"], prenom: "Thanh", nom: "Nguyen" });
  const otherInstructor = await createUser({ roles: ["membre", "enseignant"], prenom: "Hoa", nom: "Pham" });
  const member = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Tran" });
  const [child, sibling] = (await family(member, "payee", [{ prenom: "Bao", group: "Enfants (6-11 ans)" }])).concat(
    await family(await createUser({ roles: ["membre"] }), "en-attente", [
      { prenom: "Chi", group: "Enfants (6-11 ans)" },
    ]),
  ) as [number, number];
  const [teenager] = (await family(await createUser({ roles: ["membre"] }), "payee", [
    { prenom: "Duc", group: "Adolescents (12-15 ans)" },
  ])) as [number];
  const [drafted] = (await family(await createUser({ roles: ["membre"] }), "brouillon", [
    { prenom: "Em", group: "Enfants (6-11 ans)" },
  ])) as [number];
  const holder = await createUser({ roles: ["membre"] });
  const [p] = await db.insert(profiles).values({ ownerId: holder.user.id, prenom: "Giang", nom: "Vo" }).returning();
  const unplaced = p!.id;
  await db.insert(seasonStatuses).values({ profileId: unplaced, season: "2026-2027" });
  // Saturday 28 November: the dojo is closed.
  await db.insert(events).values({
    title: "Gymnase fermé (travaux)",
    startsAt: new Date("2026-11-27T23:00:00Z"),
    endsAt: new Date("2026-11-28T23:00:00Z"),
    category: "fermeture",
  });
  return { admin, instructor, otherInstructor, member, child, sibling, teenager, drafted, unplaced };
}
