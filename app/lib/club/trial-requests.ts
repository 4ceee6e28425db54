/**
 * Trial-class requests (issue 15, decision 0028): what the booking page and
 * the managers' board share with the server (browser-safe).
 *
 * Rules:
 *  - A session is named by its key "YYYY-MM-DD_<slot id>" (a Paris day and a
 *    slot of the `schedule` setting).
 *  - The visitor gives the first name and name of the person who comes, the
 *    age group, an e-mail address and/or a phone number, and, for a child or a
 *    teenager, the name of the parent who writes.
 *  - The statuses, in pipeline order: à traiter, contacté, essai prévu,
 *    inscrit, abandonné.
 */
import { z } from "zod";
import {
  id,
  optionalEmail,
  optionalLongText,
  optionalPhone,
  optionalText,
  personName,
  version,
  withMax,
} from "../http/fields";

/** How far ahead a visitor may book (days from today)… */
export const TRIAL_WINDOW_DAYS = 14;
/** …or, when those days hold fewer sessions (holidays, summer), up to this many sessions… */
export const TRIAL_MIN_SESSIONS = 4;
/** …within this many days (the first classes of the next season are bookable from July). */
export const TRIAL_MAX_WINDOW_DAYS = 100;

export const AGE_GROUPS = { enfant: "Enfant", adolescent: "Adolescent", adulte: "Adulte" } as const;
export const isMinorGroup = (g: string) => g === "enfant" || g === "adolescent";

export const TRIAL_STATUSES = {
  "a-traiter": "À traiter",
  contacte: "Contacté",
  "essai-prevu": "Essai prévu",
  inscrit: "Inscrit",
  abandonne: "Abandonné",
} as const;
export type TrialStatus = keyof typeof TRIAL_STATUSES;
export const TRIAL_STATUS_KEYS = Object.keys(TRIAL_STATUSES) as TrialStatus[];
export const isTrialStatus = (s: string | null | undefined): s is TrialStatus =>
  !!s && Object.hasOwn(TRIAL_STATUSES, s);

/** "2026-11-25_enfants-mer" <-> { date, slotId }. */
export function sessionKey(date: string, slotId: string): string {
  return `${date}_${slotId}`;
}
export function parseSessionKey(key: string): { date: string; slotId: string } | null {
  const m = /^(\d{4}-\d{2}-\d{2})_(.{1,100})$/.exec(key);
  return m?.[1] && m[2] ? { date: m[1], slotId: m[2] } : null;
}

export const TRIAL_NOT_SENT = "La demande n'a pas été envoyée : corrigez les champs signalés.";
export const CONTACT_MISSING =
  "Indiquez une adresse e-mail ou un numéro de téléphone pour que le club puisse vous répondre.";

export const trialRequestSchema = z
  .object({
    session: withMax(
      120,
      z
        .string({ error: "Choisissez le cours auquel vous voulez venir." })
        .max(120, "Choisissez le cours auquel vous voulez venir."),
    ),
    prenom: personName("Indiquez le prénom de la personne qui vient essayer."),
    nom: personName("Indiquez le nom de la personne qui vient essayer."),
    ageGroup: z.enum(["enfant", "adolescent", "adulte"], { error: "Choisissez la tranche d'âge." }),
    parentName: optionalText(100, "Ce nom ne peut pas dépasser 100 caractères."),
    email: optionalEmail(),
    phone: optionalPhone(),
    message: optionalLongText(2000),
  })
  // Runs even when other fields are refused (`when`), so that every error shows at once; the values may then be raw.
  .superRefine(
    (v, ctx) => {
      const filled = (x: unknown) => typeof x === "string" && x.trim() !== "";
      if (!filled(v.email) && !filled(v.phone))
        ctx.addIssue({ code: "custom", path: ["email"], message: CONTACT_MISSING });
      if (isMinorGroup(String(v.ageGroup)) && !filled(v.parentName))
        ctx.addIssue({
          code: "custom",
          path: ["parentName"],
          message: "Pour un enfant ou un adolescent, indiquez le nom du parent qui fait la demande.",
        });
    },
    { when: () => true },
  );
export type TrialRequestInput = z.output<typeof trialRequestSchema>;

// ---------------------------------------------------------------- the managers' board

/** The board's forms (one handler each, app/lib/http/intents.ts). */
export type TrialBoardIntent = "status" | "convert";

export const trialStatusSchema = z.object({
  id: id("Demande introuvable."),
  version: version(),
  status: z.enum(TRIAL_STATUS_KEYS as [TrialStatus, ...TrialStatus[]], { error: "Choisissez un statut." }),
  note: optionalLongText(2000),
});
export type TrialStatusInput = z.output<typeof trialStatusSchema>;

export const trialConvertSchema = z.object({
  id: id("Demande introuvable."),
  version: version(),
});
export type TrialConvertInput = z.output<typeof trialConvertSchema>;
