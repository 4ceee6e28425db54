/**
 * Eligibility for the next grade, from the database:
 * gathers each profile's highest grade (grade_history), the classes attended
 * since then (attendance_marks, present = true, after the day of the last
 * grade and up to the exam day) and the date of birth, then applies the pure
 * rules of exam-eligibility.ts. One query per kind of fact, whatever the
 * number of profiles.
 *
 * The exam's season is the season of its day (the club's start
 * month); a registration counts once sent (neither a draft nor cancelled);
 * the medical file is judged on the exam day with the `medical` rules
 * (season-overview.server.ts). The `examEligibility` setting switches either
 * requirement off.
 */
import { and, count, eq, gt, inArray, lte, min, notInArray, sql } from "drizzle-orm";
import { attendanceMarks, gradeHistory, grades, profiles, registrationLines, registrations } from "#db/schema";
import { db } from "../core/db.server";
import { getSetting, setSetting } from "../club/settings.server";
import { seasonOf } from "../core/time";
import { checkEligibility, type Eligibility, type SeasonFacts } from "./exam-eligibility";
import { cachedGradeTable, type Grade } from "./grades.server";
import type { MedicalStatus } from "./medical";
import { medicalStatuses } from "./season-overview.server";
import type { ExamRequirementsInput } from "./exams";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

export interface ProfileEligibility {
  profileId: number;
  /** The highest grade obtained, and when. */
  current: { grade: Grade; awardedOn: string } | null;
  /** The grade after it (the first of the table without history); null at the top of the table. */
  target: Grade | null;
  /** null when there is no grade to present. */
  eligibility: Eligibility | null;
}

/** Eligibility of these profiles for their next grade at an exam on `examDate` (Paris day). */
export async function eligibilityOf(profileIds: number[], examDate: string): Promise<Map<number, ProfileEligibility>> {
  const out = new Map<number, ProfileEligibility>();
  if (!profileIds.length) return out;
  const table = await cachedGradeTable(); // the same for everyone, kept until a write
  const byId = new Map(table.map((g) => [g.id, g]));

  // Highest grade of each profile (by position), with its day.
  const history = await db
    .select({
      profileId: gradeHistory.profileId,
      gradeId: gradeHistory.gradeId,
      awardedOn: gradeHistory.awardedOn,
      position: grades.position,
    })
    .from(gradeHistory)
    .innerJoin(grades, eq(grades.id, gradeHistory.gradeId))
    .where(inArray(gradeHistory.profileId, profileIds));
  const current = new Map<number, { grade: Grade; awardedOn: string }>();
  const lastAwarded = new Map<number, string>();
  for (const h of history) {
    if ((lastAwarded.get(h.profileId) ?? "") < h.awardedOn) lastAwarded.set(h.profileId, h.awardedOn);
    const grade = byId.get(h.gradeId);
    const known = current.get(h.profileId);
    if (!grade) continue;
    if (
      !known ||
      grade.position > known.grade.position ||
      (grade.position === known.grade.position && h.awardedOn > known.awardedOn)
    ) {
      current.set(h.profileId, { grade, awardedOn: h.awardedOn });
    }
  }

  const births = new Map(
    (
      await db
        .select({ id: profiles.id, dateOfBirth: profiles.dateOfBirth })
        .from(profiles)
        .where(inArray(profiles.id, profileIds))
    ).map((p) => [p.id, p.dateOfBirth]),
  );

  // Attendances after the last grade (all of them without one), up to the exam day; first class attended.
  const marks = await db
    .select({ profileId: attendanceMarks.profileId, n: count(), first: min(attendanceMarks.sessionDate) })
    .from(attendanceMarks)
    .where(
      and(
        inArray(attendanceMarks.profileId, profileIds),
        eq(attendanceMarks.present, true),
        lte(attendanceMarks.sessionDate, examDate),
        gt(
          attendanceMarks.sessionDate,
          sql`coalesce((select max(${gradeHistory.awardedOn}) from ${gradeHistory} where ${gradeHistory.profileId} = ${attendanceMarks.profileId}), '0001-01-01'::date)`,
        ),
      ),
    )
    .groupBy(attendanceMarks.profileId);
  const attended = new Map(marks.map((m) => [m.profileId, m]));
  const seasonOfExam = await seasonFactsOf(profileIds, examDate, births);

  for (const profileId of profileIds) {
    const cur = current.get(profileId) ?? null;
    const target = cur ? (table.find((g) => g.position > cur.grade.position) ?? null) : (table[0] ?? null);
    const m = attended.get(profileId);
    // The reference day: the most recent award (as in the count above), else the first class attended.
    const from = lastAwarded.get(profileId) ?? m?.first ?? null;
    out.set(profileId, {
      profileId,
      current: cur,
      target,
      eligibility: target
        ? checkEligibility(
            target,
            {
              examDate,
              since: from,
              attendances: m?.n ?? 0,
              dateOfBirth: births.get(profileId) ?? null,
            },
            seasonOfExam(profileId),
          )
        : null,
    });
  }
  return out;
}

/** The season requirements of each profile at an exam on `examDate` (those the managers keep on). */
async function seasonFactsOf(
  profileIds: number[],
  examDate: string,
  births: Map<number, string | null>,
): Promise<(profileId: number) => SeasonFacts | null> {
  const required = await getSetting("examEligibility");
  if (!required.requireRegistration && !required.requireMedical) return () => null;
  const { seasonStartMonth } = await getSetting("membership");
  const season = seasonOf(examDate, seasonStartMonth);
  const lines = await db
    .select({ profileId: registrationLines.profileId, competitor: registrationLines.competitor })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .where(
      and(
        inArray(registrationLines.profileId, profileIds),
        eq(registrations.season, season),
        notInArray(registrations.status, ["brouillon", "annulee"]),
      ),
    );
  const registered = new Map(lines.map((l) => [l.profileId, l]));
  const medical = required.requireMedical
    ? await medicalStatuses(
        profileIds.map((id) => ({
          profileId: id,
          dateOfBirth: births.get(id) ?? null,
          competitor: registered.get(id)?.competitor ?? false,
        })),
        season,
        new Date(`${examDate}T12:00:00Z`),
      )
    : new Map<number, MedicalStatus>();
  return (profileId) => ({
    season,
    registered: required.requireRegistration ? registered.has(profileId) : null,
    medical: required.requireMedical ? (medical.get(profileId) ?? "certificate-due") : null,
  });
}

/** The managers keep or switch off the season's requirements (audited). */
export async function saveExamRequirements(actor: Actor, input: ExamRequirementsInput): Promise<void> {
  const value = { requireRegistration: input.requireRegistration, requireMedical: input.requireMedical };
  await setSetting("examEligibility", value, actor.id);
  const said = (on: boolean) => (on ? "exigé" : "non exigé");
  await audit(
    actor,
    "exam.requirements",
    `Examens : inscription de la saison ${said(value.requireRegistration)}, dossier médical ${said(value.requireMedical)}.`,
  );
}
