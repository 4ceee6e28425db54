/**
 * Forms of the user management, browser-safe: the page
 * validates with these schemas and the actions of users-*.server.ts parse with
 * the same ones. Built from the shared fields (app/lib/http/fields.ts); the
 * rules that need the database (roles, last admin, versions) are in the
 * server modules and come back as `DomainError`.
 */
import { z } from "zod";
import type { IntentAnswer } from "../http/intents";
import { checkbox, email, id, optionalEuros, optionalIsoDate, optionalLongText, personName } from "../http/fields";
import { timestampVersion } from "../http/id-format";
import { PAYMENT_MEANS } from "./users-admin-labels";

const roles = z.array(z.string().max(40)).max(10).default([]);
/** users.updatedAt (ms) or season_statuses.version, carried by a hidden field. */
const version = z.unknown().transform((value, ctx) => {
  // Strict shape (app/lib/http/id-format.ts): digits only, a safe integer.
  const parsed = timestampVersion(value);
  if (parsed === null) {
    ctx.addIssue({ code: "custom", message: "Rechargez la page puis recommencez." });
    return z.NEVER;
  }
  return parsed;
});

export const newUserSchema = z.object({
  prenom: personName("Indiquez le prénom."),
  nom: personName("Indiquez le nom."),
  email: email(),
  roles,
});
export type NewUserInput = z.output<typeof newUserSchema>;

export const accountSchema = z.object({
  prenom: personName("Indiquez le prénom."),
  nom: personName("Indiquez le nom."),
  email: email(),
  roles,
  active: checkbox(),
  version,
});
export type AccountInput = z.output<typeof accountSchema>;

export const validateSchema = z.object({ version });
/** Forms with only their intent (a button). */
export const noFieldsSchema = z.object({});

/** A date of the club's records: not before 2000 (typing mistakes); "" -> null. */
const recordDate = () =>
  optionalIsoDate()
    .refine((v) => v === "" || v >= "2000-01-01", "Cette date est trop ancienne.")
    .transform((v) => (v === "" ? null : v));

export const statusSchema = z
  .object({
    profileId: id("Profil introuvable pour ce compte."),
    season: z.string({ error: "Saison inconnue." }).regex(/^\d{4}(-\d{4})?$/, "Saison inconnue."),
    version,
    cotisationPaidOn: recordDate(),
    cotisationAmount: optionalEuros(10_000),
    cotisationMeans: z
      .enum(PAYMENT_MEANS, { error: "Ce moyen de paiement est inconnu." })
      .optional()
      .transform((v) => v ?? null),
    healthKind: z
      .enum(["certificat", "questionnaire"], { error: "Ce document est inconnu." })
      .optional()
      .transform((v) => v ?? null),
    healthReceivedOn: recordDate(),
  })
  .superRefine((v, ctx) => {
    const paidParts = [v.cotisationPaidOn, v.cotisationAmount, v.cotisationMeans];
    if (paidParts.some((p) => p !== null)) {
      if (!v.cotisationPaidOn)
        ctx.addIssue({ code: "custom", path: ["cotisationPaidOn"], message: "Indiquez la date du paiement" });
      if (v.cotisationAmount === null)
        ctx.addIssue({ code: "custom", path: ["cotisationAmount"], message: "Indiquez le montant payé" });
      if (!v.cotisationMeans)
        ctx.addIssue({ code: "custom", path: ["cotisationMeans"], message: "Choisissez le moyen de paiement" });
    }
    if (v.healthKind && !v.healthReceivedOn)
      ctx.addIssue({ code: "custom", path: ["healthReceivedOn"], message: "Indiquez la date de réception" });
    if (!v.healthKind && v.healthReceivedOn)
      ctx.addIssue({ code: "custom", path: ["healthKind"], message: "Choisissez le document reçu" });
  });
export type StatusInput = z.output<typeof statusSchema>;

export const gradeEntrySchema = z.object({
  profileId: id("Profil introuvable pour ce compte."),
  gradeId: id("Choisissez un grade"),
  awardedOn: recordDate().refine((v) => v !== null, "Indiquez la date d'obtention"),
  note: optionalLongText(300),
});
export type GradeEntryInput = z.output<typeof gradeEntrySchema>;

export const gradeDeleteSchema = z.object({
  profileId: id(),
  entryId: id("Cette ligne de l'historique n'existe plus."),
});

export const deleteUserSchema = z.object({
  confirm: checkbox().refine((v) => v, "Cochez la case pour confirmer la suppression."),
});

/** Intents of the edit page (one handler each in the route's action). */
export const USER_EDIT_INTENTS = [
  "account",
  "validate",
  "status",
  "grade-add",
  "grade-delete",
  "send-link",
  "close-deletion-request",
  "delete",
  // An admin removes a profile's portrait.
  "portrait-remove",
] as const;
export type UserEditIntent = (typeof USER_EDIT_INTENTS)[number];

/** What the edit page's action answers when it refuses a form: which form (intent, profile id as `key`), and Conform's result. */
export type UserEditAnswer = IntentAnswer<UserEditIntent>;
