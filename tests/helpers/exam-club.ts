/**
 * The club of the grade-exam tests (exam-eligibility, exams and exam-jury server tests),
 * through the request handler and real PGlite:
 *  - three grades of the seeded table, with the club's rules set by the test (never seeded):
 *    Lam đai I needs 6 months, 3 classes and 8 years; the next one 10 classes;
 *  - an admin, a manager of the members, two jurors and a member;
 *  - the Tran family (`parent`), registered for 2026-2027 with their medical papers: Linh
 *    (grade 1, eligible for grade 2), Minh (grade 1, too young) and An (grade 2, for grade 3),
 *    with their attendance marks.
 */
import { expect } from "vitest";
import { eq } from "drizzle-orm";
import {
  attendanceMarks,
  gradeHistory,
  grades,
  profiles,
  registrationLines,
  registrations,
  seasonStatuses,
} from "#db/schema";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { listGrades, type Grade } from "~/lib/members/grades.server";
import { app } from "./app";
import { createUser, type CreatedUser } from "./auth";

export type Created = CreatedUser;
/** The exam day most tests look at. */
export const EXAM = "2027-02-06";

export interface ExamClub {
  admin: Created;
  manager: Created;
  juror: Created;
  otherJuror: Created;
  member: Created;
  parent: Created;
  first: Grade;
  second: Grade;
  third: Grade;
  /** Children of `parent`: Linh (grade 1, eligible for grade 2), Minh (grade 1, too young), An (grade 2, for grade 3). */
  linh: number;
  minh: number;
  an: number;
}

export const marks = (profileId: number, days: string[], present = true) =>
  db
    .insert(attendanceMarks)
    .values(days.map((sessionDate) => ({ sessionDate, slotId: "enfants-mer", profileId, present })));

/** A session created by `manager` on the managers' page; its id. */
export async function createSession(
  manager: Created,
  examDate: string,
  gradeIds: number[],
  juryIds: string[],
): Promise<number> {
  const res = await app.post(
    "/espace-membre/examens",
    { version: "0", examDate, place: "Dojo du gymnase", status: "prevue", gradeIds: gradeIds.map(String), juryIds },
    { as: manager },
  );
  const id = Number(/\/examens\/(\d+)/.exec(res.redirect ?? "")?.[1]);
  expect(id, JSON.stringify(res.data)).toBeGreaterThan(0);
  return id;
}

/** Seeds the database and creates the club above (call once, in a file's `beforeAll`). */
export async function examClub(): Promise<ExamClub> {
  await seedDatabase();
  const table = await listGrades();
  const [first, second, third] = table as [Grade, Grade, Grade];
  // The club's rules for Nhập môn and Lam đai I (federations differ: set by the test, never seeded).
  await db.update(grades).set({ minMonths: 6, minAttendances: 3, minAge: 8 }).where(eq(grades.id, second.id));
  await db.update(grades).set({ minMonths: null, minAttendances: 10, minAge: null }).where(eq(grades.id, third.id));
  const admin = await createUser({ roles: ["admin"] });
  const manager = await createUser({ roles: ["user_manager"], prenom: "Hélène", nom: "Gestion" });
  const juror = await createUser({ roles: ["membre", "article_manager"], prenom: "Thầy", nom: "Bình" });
  const otherJuror = await createUser({ roles: ["membre", "article_manager"], prenom: "Cô", nom: "Mai" });
  const member = await createUser({ roles: ["membre"] });
  const parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Tran", email: "famille-tran@exemple.fr" });
  const kid = async (prenom: string, dateOfBirth: string) =>
    (
      await db
        .insert(profiles)
        .values({ ownerId: parent.user.id, prenom, nom: "Tran", relationship: "enfant", dateOfBirth })
        .returning()
    )[0]!.id;
  const linh = await kid("Linh", "2017-03-01");
  const minh = await kid("Minh", "2019-02-07"); // 7 on the exam day, 8 the day after
  const an = await kid("An", "2014-06-10");
  await db.insert(gradeHistory).values([
    { profileId: linh, gradeId: first.id, awardedOn: "2026-08-06" },
    { profileId: minh, gradeId: first.id, awardedOn: "2026-06-01" },
    { profileId: an, gradeId: first.id, awardedOn: "2025-06-01" },
    { profileId: an, gradeId: second.id, awardedOn: "2026-06-20" },
  ]);
  // Linh: two classes before her grade (not counted), three after, one absence, one after the exam day.
  await marks(linh, ["2026-07-01", "2026-08-06", "2026-09-09", "2026-09-16", "2026-09-23", "2027-03-03"]);
  await marks(linh, ["2026-09-30"], false);
  await marks(minh, ["2026-09-09", "2026-09-16", "2026-09-23"]);
  await marks(an, ["2026-09-09", "2026-09-16", "2026-09-23", "2026-09-30"]);
  await registerWithPapers(parent.user.id, [linh, minh, an]);
  return { admin, manager, juror, otherJuror, member, parent, first, second, third, linh, minh, an };
}

/** A sent registration for 2026-2027 and, for these minors, the health questionnaire's attestation. */
async function registerWithPapers(ownerId: string, ids: number[]) {
  const [reg] = await db
    .insert(registrations)
    .values({ ownerId, season: "2026-2027", status: "payee", totalCents: 19000 * ids.length })
    .returning();
  await db.insert(registrationLines).values(
    ids.map((profileId) => ({
      registrationId: reg!.id,
      profileId,
      groupName: "Enfants (6-11 ans)",
      priceCents: 19000,
      amountCents: 19000,
    })),
  );
  await db.insert(seasonStatuses).values(
    ids.map((profileId) => ({
      profileId,
      season: "2026-2027",
      healthDocumentKind: "questionnaire",
      healthDocumentReceivedOn: "2026-09-02",
    })),
  );
}
