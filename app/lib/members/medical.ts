/**
 * Medical compliance, computed and never typed.
 * Browser-safe and pure: the rules come from the `medical` setting, the facts
 * are the dates and types of the documents received (season_statuses: never
 * the questionnaire's answers).
 *
 * Rules, for a season whose first day is `seasonStart`:
 *  - a competitor (any age) needs a certificate received less than a year
 *    before `today` (when `competitorYearlyCertificate`);
 *  - a minor on the season's first day needs the health-questionnaire
 *    attestation signed by a parent for this season (décret 2021-564, when
 *    `minorsAttestation`); a certificate of this season also does;
 *  - an adult needs a certificate received less than
 *    `certificateValidityYears` years before the season's first day; in the
 *    seasons after the one it was received in, a yearly questionnaire
 *    attestation too (when `questionnaireYearly`).
 * Status: ok | attestation-due | certificate-due (none ever) | expired.
 */
export interface MedicalRules {
  certificateValidityYears: number;
  questionnaireYearly: boolean;
  minorsAttestation: boolean;
  competitorYearlyCertificate: boolean;
}

export type MedicalStatus = "ok" | "attestation-due" | "certificate-due" | "expired";

export const MEDICAL_STATUS_LABELS: Record<MedicalStatus, string> = {
  ok: "En règle",
  "attestation-due": "Attestation du questionnaire de santé à fournir",
  "certificate-due": "Certificat médical à fournir",
  expired: "Certificat médical expiré",
};

export interface HealthDocument {
  season: string;
  kind: "certificat" | "questionnaire";
  receivedOn: string;
}

function addYears(day: string, years: number): string {
  const [y, rest] = [Number(day.slice(0, 4)), day.slice(4)];
  return `${String(y + years).padStart(4, "0")}${rest === "-02-29" ? "-02-28" : rest}`;
}

export function medicalStatus(
  person: { minor: boolean; competitor: boolean },
  docs: readonly HealthDocument[],
  at: { season: string; seasonStart: string; today: string },
  rules: MedicalRules,
): MedicalStatus {
  const certificates = docs
    .filter((d) => d.kind === "certificat")
    .sort((a, b) => b.receivedOn.localeCompare(a.receivedOn));
  const latest = certificates[0];
  const questionnaireThisSeason = docs.some((d) => d.kind === "questionnaire" && d.season === at.season);
  const certificateThisSeason = certificates.some((d) => d.season === at.season);

  if (person.competitor && rules.competitorYearlyCertificate) {
    if (!latest) return "certificate-due";
    return addYears(latest.receivedOn, 1) > at.today ? "ok" : "expired";
  }
  if (person.minor && rules.minorsAttestation) {
    return questionnaireThisSeason || certificateThisSeason ? "ok" : "attestation-due";
  }
  if (!latest) return "certificate-due";
  if (addYears(latest.receivedOn, rules.certificateValidityYears) <= at.seasonStart) return "expired";
  if (certificateThisSeason || !rules.questionnaireYearly) return "ok";
  return questionnaireThisSeason ? "ok" : "attestation-due";
}
