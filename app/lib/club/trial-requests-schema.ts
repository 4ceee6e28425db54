/**
 * Trial-class requests' schemas: the booking form, shared by
 * the page (browser validation, imported on demand) and the
 * server; the managers' board forms.
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
import { CONTACT_MISSING, isMinorGroup, TRIAL_STATUS_KEYS, type TrialStatus } from "./trial-requests";

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
