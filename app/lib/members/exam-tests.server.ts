/**
 * Per-test marking of a grade exam.
 *
 * Rules:
 *  - The tests of a candidate are the checklist elements (`techniques`) of
 *    the grade they present, in the order of the checklist: no second list to
 *    keep. A grade without elements has no test; its overall mark is the only one.
 *  - Only the session's jury and the admins mark (`requireJury`, the same rule
 *    as the overall mark: 403 otherwise, 404 for a missing session or a
 *    candidate not convoked to it); a cancelled session is not marked (409).
 *  - ONE row per candidate and test (primary key): a second mark updates it.
 *    Last write wins: a test mark has no effect but itself (the grade history
 *    follows the overall result only), and every change is in the audit log
 *    (`exam.tests`: who, when, which tests); the same form sent twice changes
 *    nothing and is not audited twice.
 *  - A test that is not (or no longer) in the checklist of the candidate's
 *    grade is refused (409), nothing of the form is saved.
 *  - The overall « Réussi » stays the jury's decision: the count « 7 tests
 *    acquis sur 9 » is shown beside it, never used to decide.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { examCandidates, examTestMarks, profiles, techniques } from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatDate } from "../core/time";
import type { SessionUser } from "../accounts/session.server";
import { audit } from "../core/audit.server";
import { requireJury } from "./exam-jury.server";
import { TEST_RESULT_LABELS, type TestMarksInput, type TestResult } from "./exams";

export interface CandidateTest {
  techniqueId: number;
  title: string;
  result: TestResult | null;
}

export interface CandidateTests {
  tests: CandidateTest[];
  acquired: number;
}

/** The tests of these candidates (the checklist of their grade) with their marks, by candidate id. */
export async function testsOfCandidates(
  candidates: { id: number; grade: { id: number } }[],
): Promise<Map<number, CandidateTests>> {
  const out = new Map<number, CandidateTests>();
  if (!candidates.length) return out;
  const gradeIds = [...new Set(candidates.map((c) => c.grade.id))];
  const list = await db
    .select({ id: techniques.id, gradeId: techniques.gradeId, title: techniques.title })
    .from(techniques)
    .where(inArray(techniques.gradeId, gradeIds))
    .orderBy(asc(techniques.position), asc(techniques.id));
  const marks = await db
    .select()
    .from(examTestMarks)
    .where(
      inArray(
        examTestMarks.candidateId,
        candidates.map((c) => c.id),
      ),
    );
  for (const c of candidates) {
    const tests = list
      .filter((t) => t.gradeId === c.grade.id)
      .map((t) => ({
        techniqueId: t.id,
        title: t.title,
        result:
          (marks.find((m) => m.candidateId === c.id && m.techniqueId === t.id)?.result as TestResult | undefined) ??
          null,
      }));
    out.set(c.id, { tests, acquired: tests.filter((t) => t.result === "acquis").length });
  }
  return out;
}

/** Saves the tests chosen in the form of one candidate; returns how many marks changed. */
export async function markTests(user: SessionUser, sessionId: number, input: TestMarksInput): Promise<number> {
  const session = await requireJury(user, sessionId);
  if (session.status === "annulee")
    throw new DomainError("Cette session est annulée : ses candidats ne se notent pas.", { status: 409 });
  const chosen = new Map<number, TestResult>();
  for (const m of input.marks) if (m.result) chosen.set(m.techniqueId, m.result);
  return transaction(async (tx) => {
    const [cand] = await tx
      .select({ id: examCandidates.id, gradeId: examCandidates.gradeId, p: profiles })
      .from(examCandidates)
      .innerJoin(profiles, eq(profiles.id, examCandidates.profileId))
      .where(
        and(
          eq(examCandidates.id, input.candidateId),
          eq(examCandidates.sessionId, sessionId),
          sql`${examCandidates.convokedAt} is not null`,
        ),
      )
      .for("update", { of: examCandidates });
    if (!cand) throw new DomainError("Ce candidat n'est pas convoqué à cette session.", { status: 404 });
    const known = await tx
      .select({ id: techniques.id, title: techniques.title })
      .from(techniques)
      .where(and(eq(techniques.gradeId, cand.gradeId), inArray(techniques.id, [...chosen.keys()])));
    if (known.length !== chosen.size) {
      throw new DomainError(
        "Un des tests n'est plus au programme de ce grade : rechargez la page et notez de nouveau.",
        { status: 409 },
      );
    }
    const now = new Date();
    const changed: string[] = [];
    for (const t of known) {
      const result = chosen.get(t.id)!;
      const [row] = await tx
        .insert(examTestMarks)
        .values({ candidateId: cand.id, techniqueId: t.id, result, markedBy: user.id, markedAt: now })
        .onConflictDoUpdate({
          target: [examTestMarks.candidateId, examTestMarks.techniqueId],
          set: { result, markedBy: user.id, markedAt: now },
          setWhere: sql`${examTestMarks.result} <> ${result}`,
        })
        .returning({ techniqueId: examTestMarks.techniqueId });
      if (row) changed.push(`${t.title} : ${TEST_RESULT_LABELS[result].toLowerCase()}`);
    }
    if (changed.length) {
      await audit(
        user,
        "exam.tests",
        `Examen du ${formatDate(session.examDate)}, ${`${cand.p.prenom} ${cand.p.nom}`.trim()} : ${changed.join(" ; ")}`,
        { profileId: cand.p.id },
      );
    }
    return changed.length;
  });
}
