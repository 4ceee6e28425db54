/** Per-test counts of an exam session: the candidate's words and the tallies per test. */
import { describe, expect, it } from "vitest";
import { candidateTestsText, tallyByTest } from "./exam-tallies";

const test = (techniqueId: number, result: "acquis" | "non_acquis" | null) => ({
  techniqueId,
  title: `Test ${techniqueId}`,
  result,
});

describe("a candidate's tests", () => {
  it("counts the acquired tests out of the grade's tests, with the jury page's words", () => {
    expect(candidateTestsText([test(1, "acquis"), test(2, "non_acquis"), test(3, null)])).toBe("1 test acquis sur 3");
    expect(candidateTestsText([test(1, "acquis"), test(2, "acquis")])).toBe("2 tests acquis sur 2");
  });

  it("says « non notés » while no test is marked, and nothing for a grade without tests", () => {
    expect(candidateTestsText([test(1, null), test(2, null)])).toBe("Tests non notés");
    expect(candidateTestsText([])).toBeNull();
  });
});

describe("the tallies per test", () => {
  it("counts, per grade and per test, the candidates who acquired it, did not, and are not marked", () => {
    const yellow = { id: 2, label: "Hoàng đai" };
    const blue = { id: 1, label: "Lam đai" };
    const tallies = tallyByTest([
      { grade: blue, tests: [test(10, "acquis"), test(11, "non_acquis")] },
      { grade: blue, tests: [test(10, "acquis"), test(11, null)] },
      { grade: yellow, tests: [] },
      { grade: blue, tests: [test(10, "non_acquis"), test(11, "acquis")] },
    ]);
    expect(tallies).toEqual([
      {
        gradeId: 1,
        label: "Lam đai",
        candidates: 3,
        tests: [
          { techniqueId: 10, title: "Test 10", acquired: 2, notAcquired: 1, unmarked: 0 },
          { techniqueId: 11, title: "Test 11", acquired: 1, notAcquired: 1, unmarked: 1 },
        ],
      },
    ]);
  });
});
