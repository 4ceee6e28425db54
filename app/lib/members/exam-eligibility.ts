/**
 * Eligibility for a grade exam: pure and
 * browser-safe; the server half (exam-eligibility.server.ts) gathers the facts.
 *
 * Rules:
 *  - The target grade is the one after the profile's highest grade; its rules
 *    (`minMonths`, `minAttendances`, `minAge`) are the club's data. A rule left
 *    empty (null) is « non fixée »: shown, never blocking. Nothing is invented.
 *  - Months: whole calendar months (Paris days) from the last grade to the
 *    exam day. « N mois après » a day is `addMonths` of time.ts, clamped to the
 *    end of the month: 31 January + 1 month = 28 (or 29) February. Without a
 *    previous grade, months count from the first class attended (no class
 *    attended: 0 month).
 *  - Attendances: classes marked present after the last grade (all of them
 *    without a previous grade), up to the exam day.
 *  - Age: on the exam day itself, the same clamped rule: a child born on
 *    29 February has N years on 28 February of a common year. Unknown date of
 *    birth with an age rule: not eligible, the date of birth is asked for.
 *  - The season of the exam: a sent registration for that season
 *    and a medical file in order for it (medical.ts), each required unless
 *    the managers switched it off (`examEligibility` setting); a requirement
 *    switched off is not checked nor shown.
 *  - What is missing is said in French: « encore 6 cours », « encore 2 mois »,
 *    « 12 ans minimum le jour de l’examen », « pas d'inscription pour la
 *    saison 2026-2027 », « certificat médical manquant ».
 */
import { addMonths } from "../core/time";
import type { MedicalStatus } from "./medical";

export interface ExamRules {
  minMonths: number | null;
  minAttendances: number | null;
  minAge: number | null;
}

export interface EligibilityFacts {
  /** Paris day of the exam. */
  examDate: string;
  /** Day the months count from (last grade, else first class attended), null when none. */
  since: string | null;
  /** Classes attended since then, up to the exam day. */
  attendances: number;
  dateOfBirth: string | null;
}

export type RuleKind = "months" | "attendances" | "age" | "registration" | "medical";

/** The exam's season, for the requirements the managers keep on (null: switched off). */
export interface SeasonFacts {
  season: string;
  registered: boolean | null;
  medical: MedicalStatus | null;
}

const MEDICAL_MISSING: Record<Exclude<MedicalStatus, "ok">, string> = {
  "certificate-due": "certificat médical manquant",
  expired: "certificat médical expiré",
  "attestation-due": "attestation du questionnaire de santé manquante",
};

/** The season's requirements that are on, as checks. */
function seasonChecks(facts: SeasonFacts): RuleCheck[] {
  const checks: RuleCheck[] = [];
  if (facts.registered !== null) {
    checks.push({
      rule: "registration",
      required: null,
      actual: null,
      ok: facts.registered,
      label: `Inscription pour la saison ${facts.season} : ${facts.registered ? "envoyée" : "aucune"}`,
      missing: facts.registered ? null : `pas d'inscription pour la saison ${facts.season}`,
    });
  }
  if (facts.medical !== null) {
    const ok = facts.medical === "ok";
    checks.push({
      rule: "medical",
      required: null,
      actual: null,
      ok,
      label: `Dossier médical ${facts.season} : ${ok ? "en règle" : MEDICAL_MISSING[facts.medical as Exclude<MedicalStatus, "ok">]}`,
      missing: ok ? null : MEDICAL_MISSING[facts.medical as Exclude<MedicalStatus, "ok">],
    });
  }
  return checks;
}

export interface RuleCheck {
  rule: RuleKind;
  /** null: the club has not set this rule. */
  required: number | null;
  /** What the profile has (null: unknown, e.g. no date of birth). */
  actual: number | null;
  ok: boolean;
  /** « Ancienneté : 3 mois sur 6 » (for the lists). */
  label: string;
  /** What is missing, in French, or null. */
  missing: string | null;
}

export interface Eligibility {
  eligible: boolean;
  checks: RuleCheck[];
  /** The `missing` texts of the failed checks. */
  missing: string[];
}

/** Whole calendar months from `from` to `to` (0 when `to` is before the first month's end). */
export function monthsBetween(from: string, to: string): number {
  if (to < from) return 0;
  let n = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  while (n > 0 && addMonths(from, n) > to) n--;
  return Math.max(0, n);
}

/** Age in whole years on `day` (29 February birthdays: reached on 28 February of a common year). */
export function ageOn(dateOfBirth: string, day: string): number {
  return Math.floor(monthsBetween(dateOfBirth, day) / 12);
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export function checkEligibility(
  rules: ExamRules,
  facts: EligibilityFacts,
  season: SeasonFacts | null = null,
): Eligibility {
  const checks: RuleCheck[] = [];

  const months = facts.since ? monthsBetween(facts.since, facts.examDate) : 0;
  if (rules.minMonths === null) {
    checks.push({
      rule: "months",
      required: null,
      actual: months,
      ok: true,
      label: "Ancienneté : non fixée",
      missing: null,
    });
  } else {
    const ok = months >= rules.minMonths;
    checks.push({
      rule: "months",
      required: rules.minMonths,
      actual: months,
      ok,
      label: `Ancienneté : ${months} mois sur ${rules.minMonths}`,
      missing: ok ? null : `encore ${rules.minMonths - months} mois`,
    });
  }

  if (rules.minAttendances === null) {
    checks.push({
      rule: "attendances",
      required: null,
      actual: facts.attendances,
      ok: true,
      label: "Présences : non fixées",
      missing: null,
    });
  } else {
    const ok = facts.attendances >= rules.minAttendances;
    checks.push({
      rule: "attendances",
      required: rules.minAttendances,
      actual: facts.attendances,
      ok,
      label: `Présences : ${plural(facts.attendances, "cours", "cours")} sur ${rules.minAttendances}`,
      missing: ok ? null : `encore ${plural(rules.minAttendances - facts.attendances, "cours", "cours")}`,
    });
  }

  const age = facts.dateOfBirth ? ageOn(facts.dateOfBirth, facts.examDate) : null;
  if (rules.minAge === null) {
    checks.push({ rule: "age", required: null, actual: age, ok: true, label: "Âge minimum : non fixé", missing: null });
  } else {
    const minimum = `${plural(rules.minAge, "an", "ans")} minimum le jour de l'examen`;
    const ok = age !== null && age >= rules.minAge;
    checks.push({
      rule: "age",
      required: rules.minAge,
      actual: age,
      ok,
      label:
        age === null
          ? `Âge : date de naissance inconnue (${minimum})`
          : `Âge le jour de l'examen : ${plural(age, "an", "ans")} (${minimum})`,
      missing: ok ? null : age === null ? `date de naissance à renseigner (${minimum})` : minimum,
    });
  }

  if (season) checks.push(...seasonChecks(season));
  const missing = checks.flatMap((c) => (c.missing ? [c.missing] : []));
  return { eligible: missing.length === 0, checks, missing };
}
