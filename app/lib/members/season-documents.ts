/**
 * The forms of the season's papers, browser-safe: the family
 * sends a medical certificate or a health-questionnaire attestation (a file,
 * with the date written on it) and the proof of a declared aid (a file or a
 * reference such as a Pass'Sport code); the managers accept or refuse them.
 * season-documents*.server.ts enforce the rest (file type and size, ownership,
 * versions) with French `DomainError`s.
 */
import { z } from "zod";
import { id, isoDate, optionalText, requiredText, version } from "../http/fields";

/** Largest file a family may send (a phone photo of a certificate fits). */
export const MAX_SEASON_FILE_BYTES = 5 * 1024 * 1024;
export const SEASON_FILE_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export const HEALTH_KINDS = ["certificat", "questionnaire"] as const;
export type HealthKind = (typeof HEALTH_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<string, string> = {
  certificat: "Certificat médical",
  questionnaire: "Attestation du questionnaire de santé",
  aide: "Justificatif d'aide",
};

export const DOCUMENT_STATE_LABELS: Record<string, string> = {
  "a-verifier": "En cours de vérification par le club",
  acceptee: "Accepté",
  refusee: "Refusé",
};

export const SEASON_DOCUMENT_INTENTS = ["health", "aid"] as const;

/** The family's medical paper for one profile. */
export const healthUploadSchema = z.object({
  intent: z.literal("health"),
  profileId: id("Ce profil n'existe plus."),
  kind: z.enum(HEALTH_KINDS, { error: "Choisissez le type de document." }),
  documentDate: isoDate("Indiquez la date écrite sur le document."),
  file: z.file({ error: "Choisissez le fichier (PDF, JPEG ou PNG)." }),
});

/** The proof of an aid declared for one profile: a file, a reference, or both. */
export const aidProofSchema = z.object({
  intent: z.literal("aid"),
  profileId: id("Ce profil n'existe plus."),
  reference: optionalText(100),
  file: z.file().optional(),
});

export const REVIEW_INTENTS = ["accept-health", "refuse-health", "accept-aid", "refuse-aid"] as const;

const reason = requiredText("Indiquez la raison du refus : elle est envoyée à la famille.", 500);

export const acceptHealthSchema = z.object({
  intent: z.literal("accept-health"),
  documentId: id("Ce document n'existe plus."),
  version: version(),
});
export const refuseHealthSchema = acceptHealthSchema.extend({ intent: z.literal("refuse-health"), reason });
export const acceptAidSchema = z.object({
  intent: z.literal("accept-aid"),
  lineId: id("Cette inscription n'existe plus."),
});
export const refuseAidSchema = acceptAidSchema.extend({ intent: z.literal("refuse-aid"), reason });
