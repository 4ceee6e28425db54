/** Eligibility for a grade exam: the pure rules, dates on both sides of each boundary. */
import { describe, expect, it } from "vitest";
import { ageOn, checkEligibility, monthsBetween, type EligibilityFacts, type ExamRules } from "./exam-eligibility";

const NO_RULES: ExamRules = { minMonths: null, minAttendances: null, minAge: null };
const facts = (f: Partial<EligibilityFacts>): EligibilityFacts => ({
  examDate: "2027-02-06",
  since: null,
  attendances: 0,
  dateOfBirth: null,
  ...f,
});

describe("months since the last grade", () => {
  it("counts whole calendar months: the day before the monthly date is one month short", () => {
    expect(monthsBetween("2026-09-15", "2027-03-14")).toBe(5);
    expect(monthsBetween("2026-09-15", "2027-03-15")).toBe(6);
    expect(monthsBetween("2026-09-15", "2026-09-15")).toBe(0);
    expect(monthsBetween("2026-09-15", "2026-09-01")).toBe(0);
  });

  it("clamps a month end: 31 January plus one month is the last day of February", () => {
    expect(monthsBetween("2027-01-31", "2027-02-27")).toBe(0);
    expect(monthsBetween("2027-01-31", "2027-02-28")).toBe(1);
    expect(monthsBetween("2028-01-31", "2028-02-28")).toBe(0); // 2028 is a leap year: 29 February
    expect(monthsBetween("2028-01-31", "2028-02-29")).toBe(1);
    expect(monthsBetween("2026-08-31", "2026-09-30")).toBe(1);
    expect(monthsBetween("2026-08-31", "2026-09-29")).toBe(0);
  });

  it("says how many months are missing, and passes on the exact day", () => {
    const rules = { ...NO_RULES, minMonths: 6 };
    expect(checkEligibility(rules, facts({ since: "2026-08-07", examDate: "2027-02-06" })).missing).toEqual([
      "encore 1 mois",
    ]);
    expect(checkEligibility(rules, facts({ since: "2026-08-06", examDate: "2027-02-06" })).eligible).toBe(true);
    expect(checkEligibility(rules, facts({ since: "2026-12-06", examDate: "2027-02-06" })).missing).toEqual([
      "encore 4 mois",
    ]);
    // No previous grade and no class attended: nothing to count from.
    expect(checkEligibility(rules, facts({ since: null })).missing).toEqual(["encore 6 mois"]);
  });
});

describe("attendances since the last grade", () => {
  it("says how many classes are missing, and passes at the minimum", () => {
    const rules = { ...NO_RULES, minAttendances: 20 };
    expect(checkEligibility(rules, facts({ attendances: 14 })).missing).toEqual(["encore 6 cours"]);
    expect(checkEligibility(rules, facts({ attendances: 19 })).missing).toEqual(["encore 1 cours"]);
    expect(checkEligibility(rules, facts({ attendances: 20 })).eligible).toBe(true);
  });
});

describe("age on the exam day", () => {
  it("counts the birthday the day of the exam", () => {
    expect(ageOn("2015-02-06", "2027-02-05")).toBe(11);
    expect(ageOn("2015-02-06", "2027-02-06")).toBe(12);
    const rules = { ...NO_RULES, minAge: 12 };
    expect(checkEligibility(rules, facts({ dateOfBirth: "2015-02-07" })).missing).toEqual([
      "12 ans minimum le jour de l'examen",
    ]);
    expect(checkEligibility(rules, facts({ dateOfBirth: "2015-02-06" })).eligible).toBe(true);
  });

  it("gives a child born on 29 February their years on 28 February of a common year", () => {
    expect(ageOn("2016-02-29", "2027-02-27")).toBe(10);
    expect(ageOn("2016-02-29", "2027-02-28")).toBe(11);
    expect(ageOn("2016-02-29", "2028-02-28")).toBe(11); // leap year: the birthday is the 29th
    expect(ageOn("2016-02-29", "2028-02-29")).toBe(12);
  });

  it("asks for the date of birth when an age rule is set and the date is unknown", () => {
    const result = checkEligibility({ ...NO_RULES, minAge: 1 }, facts({ dateOfBirth: null }));
    expect(result.eligible).toBe(false);
    expect(result.missing).toEqual(["date de naissance à renseigner (1 an minimum le jour de l'examen)"]);
  });
});

describe("rules the club has not set", () => {
  it("never block and are shown as not set", () => {
    const result = checkEligibility(NO_RULES, facts({}));
    expect(result.eligible).toBe(true);
    expect(result.checks.map((c) => c.label)).toEqual([
      "Ancienneté : non fixée",
      "Présences : non fixées",
      "Âge minimum : non fixé",
    ]);
  });

  it("lists every missing condition together", () => {
    const result = checkEligibility(
      { minMonths: 6, minAttendances: 20, minAge: 12 },
      facts({ since: "2026-12-06", attendances: 14, dateOfBirth: "2016-01-01" }),
    );
    expect(result.missing).toEqual(["encore 4 mois", "encore 6 cours", "12 ans minimum le jour de l'examen"]);
  });
});

describe("the exam's season (issue 56)", () => {
  it("adds a registration and a medical file in order, each only when required", () => {
    const season = { season: "2026-2027", registered: false, medical: "expired" as const };
    expect(checkEligibility(NO_RULES, facts({}), season)).toMatchObject({
      eligible: false,
      missing: ["pas d'inscription pour la saison 2026-2027", "certificat médical expiré"],
    });
    const none = checkEligibility(NO_RULES, facts({}), { ...season, registered: null, medical: null });
    expect(none.eligible).toBe(true);
    expect(none.checks.map((c) => c.rule)).toEqual(["months", "attendances", "age"]);
    const ok = checkEligibility(NO_RULES, facts({}), { season: "2026-2027", registered: true, medical: "ok" });
    expect(ok.eligible).toBe(true);
    expect(ok.checks.slice(3).map((c) => c.label)).toEqual([
      "Inscription pour la saison 2026-2027 : envoyée",
      "Dossier médical 2026-2027 : en règle",
    ]);
  });
});
