/**
 * Portraits of the profiles, browser-safe: the
 * forms' schemas (the profile page validates with them, its action parses
 * with them), the consent statement, the guarded address of an image.
 *
 * Rules:
 *  - A portrait is added or replaced only with the account holder's consent,
 *    ticked on the form; the statement is stored word for word with who and
 *    when. Withdrawing the consent is removing the portrait.
 *  - The image is never at a public address: `portraitPath` is the member
 *    area's guarded route, which answers the holder, the instructors of the
 *    profile's groups this season and the admins (404 for anyone else).
 */
import { href } from "react-router";
import { z } from "zod";
import { checkbox, id } from "../http/fields";
import { frenchText } from "../typography/french";
import { de } from "../typography/elision";

/** Sides of the stored square variants, in pixels. */
export const PORTRAIT_SIZES = [96, 192] as const;
export type PortraitSize = (typeof PORTRAIT_SIZES)[number];

/** The guarded address of a portrait; `version` (the media id) changes when it is replaced. */
export function portraitPath(profileId: number, size: PortraitSize, version: number): string {
  return `${href("/espace-membre/profil/portrait/:id", { id: String(profileId) })}?taille=${size}&v=${version}`;
}

export const PORTRAIT_MESSAGES = {
  noFile: "Choisissez une photo (JPEG, PNG ou WebP).",
  noConsent: "Cochez l’accord : sans lui, le portrait ne peut pas être enregistré.",
  notSaved: "Le portrait n’a pas été enregistré : corrigez les champs signalés.",
} as const;

/** The statement the holder ticks (own profile, or a family profile named by its first name). */
export function consentStatement(profile: { prenom: string; isSelf: boolean }): string {
  return frenchText(
    profile.isSelf
      ? "J’accepte que ce portrait soit enregistré : il n’est montré qu’aux enseignants de mes cours et aux administrateurs du club, pour me reconnaître à l’appel, et n’est jamais publié. Je peux le retirer à tout moment."
      : `J’accepte, en tant que titulaire du compte, que ce portrait ${de(profile.prenom, "’")} soit enregistré : il n’est montré qu’aux enseignants de ses cours et aux administrateurs du club, pour reconnaître ${profile.prenom} à l’appel, et n’est jamais publié. Je peux le retirer à tout moment.`,
  );
}

/** Adding or replacing the portrait of one profile of the account. */
export const portraitUploadSchema = z
  .object({
    profileId: id("Profil introuvable."),
    file: z.file({ error: PORTRAIT_MESSAGES.noFile }),
    consent: checkbox(),
  })
  .superRefine((value, ctx) => {
    if (!value.consent) ctx.addIssue({ code: "custom", path: ["consent"], message: PORTRAIT_MESSAGES.noConsent });
  });

/** Removing it (withdrawing the consent): the profile's id. */
export const portraitRemoveSchema = z.object({ profileId: id("Profil introuvable.") });
