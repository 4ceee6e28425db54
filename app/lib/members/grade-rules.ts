/**
 * The exam rules of a grade in French, browser-safe: what the
 * managers set (months since the previous grade, attendances since then, age on
 * the exam date); a rule left empty is not mentioned, never replaced by a default.
 */
interface ExamRules {
  minMonths: number | null;
  minAttendances: number | null;
  minAge: number | null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** « Au moins 6 mois et 40 présences depuis le grade précédent ; âge minimum : 12 ans » or « Aucune règle fixée ». */
export function examRulesText(rules: ExamRules): string {
  const since = [
    rules.minMonths !== null ? `${rules.minMonths} mois` : null,
    rules.minAttendances !== null ? plural(rules.minAttendances, "présence", "présences") : null,
  ].filter((p): p is string => p !== null);
  const parts = [
    since.length ? `au moins ${since.join(" et ")} depuis le grade précédent` : null,
    rules.minAge !== null ? `âge minimum : ${rules.minAge} ans` : null,
  ].filter((p): p is string => p !== null);
  if (parts.length === 0) return "Aucune règle fixée";
  const text = parts.join(" ; ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}
