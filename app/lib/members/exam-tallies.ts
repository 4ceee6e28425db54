/**
 * Per-test counts of an exam session for the managers' page: pure and browser-safe, from the marks the jury gave
 * (exam-tests.server.ts `testsOfCandidates`).
 *
 * Rules:
 *  - A candidate's count is the tests marked « acquis » out of the tests of
 *    the grade presented: « 7 tests acquis sur 9 », the same words as the
 *    jury page; « Tests non notés » while the jury has marked none of them;
 *    nothing for a grade without checklist (its overall mark is the only one).
 *  - Per test of the session, grouped by grade in checklist order: how many
 *    convoked candidates acquired it, did not, and are not marked yet.
 *  - Counts only: the overall result stays the jury's decision.
 */
import { testsCountText, type TestResult } from "./exams";

interface MarkedTest {
  techniqueId: number;
  title: string;
  result: TestResult | null;
}

export interface TestTally {
  techniqueId: number;
  title: string;
  acquired: number;
  notAcquired: number;
  unmarked: number;
}

export interface GradeTally {
  gradeId: number;
  label: string;
  candidates: number;
  tests: TestTally[];
}

/** « 7 tests acquis sur 9 », « Tests non notés », or null for a grade without tests. */
export function candidateTestsText(tests: readonly Pick<MarkedTest, "result">[]): string | null {
  if (!tests.length) return null;
  if (!tests.some((t) => t.result)) return "Tests non notés";
  return testsCountText(tests.filter((t) => t.result === "acquis").length, tests.length);
}

/** Per grade presented (in the order given), per test: acquired, not acquired, not marked. */
export function tallyByTest(
  candidates: readonly { grade: { id: number; label: string }; tests: readonly MarkedTest[] }[],
): GradeTally[] {
  const out: GradeTally[] = [];
  for (const c of candidates) {
    let grade = out.find((g) => g.gradeId === c.grade.id);
    if (!grade) {
      grade = { gradeId: c.grade.id, label: c.grade.label, candidates: 0, tests: [] };
      out.push(grade);
    }
    grade.candidates++;
    for (const t of c.tests) {
      let tally = grade.tests.find((x) => x.techniqueId === t.techniqueId);
      if (!tally) {
        tally = { techniqueId: t.techniqueId, title: t.title, acquired: 0, notAcquired: 0, unmarked: 0 };
        grade.tests.push(tally);
      }
      if (t.result === "acquis") tally.acquired++;
      else if (t.result === "non_acquis") tally.notAcquired++;
      else tally.unmarked++;
    }
  }
  return out.filter((g) => g.tests.length);
}
