/**
 * Grade exams, browser-safe half: the forms' schemas (shared
 * fields, validated in the page and in the action), the intents of the pages
 * with several forms, the French labels.
 */
import { z } from "zod";
import { checkbox, id, isoDate, optionalText, requiredText, version, withMax } from "../http/fields";

export const EXAM_STATUSES = ["prevue", "terminee", "annulee"] as const;
export type ExamStatus = (typeof EXAM_STATUSES)[number];
export const EXAM_STATUS_LABELS: Record<ExamStatus, string> = {
  prevue: "Prévue",
  terminee: "Terminée",
  annulee: "Annulée",
};

export const EXAM_RESULTS = ["reussi", "ajourne"] as const;
export type ExamResult = (typeof EXAM_RESULTS)[number];
/** Said of the exam, so they fit every candidate: « Réussi », « Non réussi ». */
export const EXAM_RESULT_LABELS: Record<ExamResult, string> = { reussi: "Réussi", ajourne: "Non réussi" };

const PLACE_MAX = 200;
const NOTE_MAX = 1000;

/** The session form (create: version 0; edit: the version it was based on). */
export const examSessionSchema = z.object({
  version: version(),
  examDate: isoDate("Indiquez la date de l'examen."),
  place: requiredText("Indiquez le lieu de l'examen.", PLACE_MAX),
  status: z.enum(EXAM_STATUSES, { error: "Choisissez un état." }).default("prevue"),
  gradeIds: z
    .array(id("Grade introuvable."))
    .max(40)
    .default([])
    .refine((a) => a.length > 0, "Cochez au moins un grade examiné."),
  juryIds: withMax(100, z.array(z.string().trim().min(1).max(100)).max(30).default([])),
});
export type ExamSessionInput = z.output<typeof examSessionSchema>;

/** What every exam requires besides the grade's rules (the `examEligibility` setting). */
export const examRequirementsSchema = z.object({
  intent: z.literal("conditions"),
  requireRegistration: checkbox(),
  requireMedical: checkbox(),
});
export type ExamRequirementsInput = z.output<typeof examRequirementsSchema>;

export const EXAM_SESSION_INTENTS = ["modifier", "convoquer"] as const;

/** Convoking: the profiles ticked in the list of the session's candidates. */
export const convokeSchema = z.object({
  profileIds: z
    .array(id("Profil introuvable."))
    .max(500)
    .default([])
    .refine((a) => a.length > 0, "Cochez au moins un candidat à convoquer."),
});

/** Marking one candidate (the jury, on a phone). */
export const markSchema = z.object({
  candidateId: id("Candidat introuvable."),
  version: version(),
  result: z.enum(EXAM_RESULTS, { error: "Choisissez « Réussi » ou « Non réussi »." }),
  note: optionalText(NOTE_MAX),
});
export type MarkInput = z.output<typeof markSchema>;

/** Per-test marking: the tests are the checklist elements of the grade presented. */
export const TEST_RESULTS = ["acquis", "non_acquis"] as const;
export type TestResult = (typeof TEST_RESULTS)[number];
export const TEST_RESULT_LABELS: Record<TestResult, string> = { acquis: "Acquis", non_acquis: "Non acquis" };

/** « 7 tests acquis sur 9 » (zero and one take the singular in French). */
export function testsCountText(acquired: number, total: number): string {
  return `${acquired} test${acquired > 1 ? "s" : ""} acquis sur ${total}`;
}

/**
 * Marking the tests of one candidate (one form per candidate, one pair of
 * radio buttons per test): a test left without a choice keeps its mark.
 */
export const testMarksSchema = z.object({
  candidateId: id("Candidat introuvable."),
  marks: z
    .array(
      z.object({
        techniqueId: id("Test introuvable."),
        result: z.enum(TEST_RESULTS, { error: "Choisissez « Acquis » ou « Non acquis »." }).optional(),
      }),
    )
    .max(200)
    .default([])
    .refine((a) => a.some((m) => m.result), "Choisissez « Acquis » ou « Non acquis » pour au moins un test."),
});
export type TestMarksInput = z.output<typeof testMarksSchema>;
