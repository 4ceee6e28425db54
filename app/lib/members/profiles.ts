/**
 * Profile forms (the member's own information, family profiles): schemas
 * shared by the page (browser validation) and the server, built from the
 * shared fields (app/lib/http/fields.ts). Browser-safe.
 */
import { z } from "zod";
import { id, optionalBirthDate, optionalPhone, optionalText, personName } from "../http/fields";
import { RELATIONSHIPS } from "./relationships";

/** The sex a profile may record: « f », « m », or empty (not given, stored as null). */
function optionalSex() {
  return z
    .enum(["", "f", "m"], { error: "Choisissez « Féminin », « Masculin » ou « Non précisé »." })
    .optional()
    .transform((v) => (v === "f" || v === "m" ? v : null));
}

/**
 * What a federation's licence form asks for, all optional, filled
 * by the family: birth name (when it differs), place of birth, nationality,
 * postal address. Exported to the licence list (licences.server.ts).
 */
export const LICENCE_IDENTITY_FIELDS = [
  "birthName",
  "placeOfBirth",
  "nationality",
  "address",
  "postalCode",
  "city",
] as const;
export type LicenceIdentity = Record<(typeof LICENCE_IDENTITY_FIELDS)[number], string>;

const licenceIdentity = {
  birthName: optionalText(100, "Ce nom ne peut pas dépasser 100 caractères."),
  placeOfBirth: optionalText(150, "Ce lieu ne peut pas dépasser 150 caractères."),
  nationality: optionalText(60, "Ce champ ne peut pas dépasser 60 caractères."),
  address: optionalText(200, "Cette adresse ne peut pas dépasser 200 caractères."),
  postalCode: optionalText(10, "Un code postal a au plus 10 caractères.").refine(
    (v) => v === "" || /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(v),
    "Code postal invalide (exemple : 92100).",
  ),
  city: optionalText(100, "Ce nom de ville ne peut pas dépasser 100 caractères."),
};

export const PROFILE_NOT_SAVED = "Le formulaire contient des erreurs : corrigez les champs signalés.";

export const familyProfileSchema = z.object({
  prenom: personName("Le prénom est obligatoire"),
  nom: optionalText(100, "Ce nom ne peut pas dépasser 100 caractères."),
  dateOfBirth: optionalBirthDate(),
  sex: optionalSex(),
  relationship: z.enum(RELATIONSHIPS, { error: "Choisissez le lien de parenté" }),
  /** Who may collect this person after class (the emergency sheet of the instructors). */
  authorisedPickup: optionalText(300),
  ...licenceIdentity,
});
export type FamilyProfileInput = z.output<typeof familyProfileSchema>;

/** Editing a family profile: the same fields and the profile's id. */
export const familyEditSchema = familyProfileSchema.extend({ profileId: id("Profil introuvable.") });

export const ownProfileSchema = z.object({
  prenom: personName("Le prénom est obligatoire"),
  nom: personName("Le nom est obligatoire"),
  phone: optionalPhone(),
  dateOfBirth: optionalBirthDate(),
  sex: optionalSex(),
  emergencyContact: optionalText(200),
  ...licenceIdentity,
});
export type OwnProfileInput = z.output<typeof ownProfileSchema>;

/** A profile chosen by its id (removing a family profile, selecting the profile shown). */
export const profileIdSchema = z.object({ profileId: id("Profil introuvable.") });
