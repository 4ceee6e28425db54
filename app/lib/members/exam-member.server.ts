/**
 * What a family sees of the grade exams (decision 0027): for each profile of
 * the account, its next grade and its eligibility — at the next planned exam
 * session that examines that grade when there is one, else today — with what
 * is missing; and the convocations already sent. Plus the sessions the user
 * sits on as jury (their link to the jury page).
 */
import { and, asc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { examCandidates, examSessionGrades, examSessions } from "#db/schema";
import { db } from "../core/db.server";
import { accountRead } from "../core/cache.server";
import { eligibilityOf } from "./exam-eligibility.server";
import type { Eligibility } from "./exam-eligibility";
import { myJurySessions } from "./exam-jury.server";
import { listProfiles, profileName } from "./profiles.server";

export interface FamilyEligibility {
  profileId: number;
  name: string;
  target: { id: number; vietnameseName: string; frenchName: string } | null;
  /** The day the eligibility is computed for, and whether it is an exam session's day. */
  on: string;
  examPlace: string | null;
  eligibility: Eligibility | null;
  convocation: { examDate: string; place: string } | null;
}

/** Each profile of the family, its next grade and whether it may present it (kept until the next write). */
export function familyEligibility(ownerId: string, today: string): Promise<FamilyEligibility[]> {
  return accountRead(`family-eligibility:${ownerId}:${today}`, async () => ({
    value: await readFamilyEligibility(ownerId, today),
  }));
}

async function readFamilyEligibility(ownerId: string, today: string): Promise<FamilyEligibility[]> {
  const family = await listProfiles(ownerId);
  const ids = family.map((p) => p.id);
  const now = await eligibilityOf(ids, today);
  const upcoming = await db
    .select({
      id: examSessions.id,
      examDate: examSessions.examDate,
      place: examSessions.place,
      gradeId: examSessionGrades.gradeId,
    })
    .from(examSessions)
    .innerJoin(examSessionGrades, eq(examSessionGrades.sessionId, examSessions.id))
    .where(and(eq(examSessions.status, "prevue"), gte(examSessions.examDate, today)))
    .orderBy(asc(examSessions.examDate), asc(examSessions.id));
  const convoked = ids.length
    ? await db
        .select({
          profileId: examCandidates.profileId,
          gradeId: examCandidates.gradeId,
          examDate: examSessions.examDate,
          place: examSessions.place,
        })
        .from(examCandidates)
        .innerJoin(examSessions, eq(examSessions.id, examCandidates.sessionId))
        .where(
          and(
            inArray(examCandidates.profileId, ids),
            isNotNull(examCandidates.convokedAt),
            eq(examSessions.status, "prevue"),
            gte(examSessions.examDate, today),
          ),
        )
        .orderBy(asc(examSessions.examDate))
    : [];
  const out: FamilyEligibility[] = [];
  for (const p of family) {
    const e = now.get(p.id);
    const target = e?.target ?? null;
    const session = target ? upcoming.find((s) => s.gradeId === target.id) : undefined;
    const at = session ? (await eligibilityOf([p.id], session.examDate)).get(p.id) : e;
    // A convocation for the grade still to present (not one already passed).
    const conv = convoked.find((c) => c.profileId === p.id && c.gradeId === target?.id);
    out.push({
      profileId: p.id,
      name: profileName(p),
      target: target ? { id: target.id, vietnameseName: target.vietnameseName, frenchName: target.frenchName } : null,
      on: session?.examDate ?? today,
      examPlace: session?.place ?? null,
      eligibility: at?.eligibility ?? null,
      convocation: conv ? { examDate: conv.examDate, place: conv.place } : null,
    });
  }
  return out;
}

export { myJurySessions };
