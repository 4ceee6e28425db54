/**
 * The photo forms, browser-safe: the page validates with them
 * and the action of /espace-membre/articles/photos parses with them.
 * Rule: a photo on which members can be recognised is accepted only once the
 * manager states that their consent (a parent's for a minor) was obtained;
 * the server records who stated it and when.
 */
import { z } from "zod";
import { checkbox, id, optionalText, requiredText } from "../http/fields";

export const PHOTO_CONSENT_MISSING =
  "Sans l’accord des personnes reconnaissables (ou de leurs parents pour les mineurs), la photo ne peut pas être publiée.";

export const photoUploadSchema = z
  .object({
    intent: z.literal("upload"),
    file: z.file({ error: "Choisissez une photo (JPEG, PNG ou WebP)." }),
    alt: requiredText("Décrivez la photo pour les personnes qui ne la voient pas (texte alternatif).", 300),
    caption: optionalText(300),
    articleId: z
      .union([z.literal(""), id("Article introuvable.")])
      .optional()
      .transform((v) => (v === undefined || v === "" ? null : v)),
    identifiable: checkbox(),
    consent: checkbox(),
  })
  .superRefine((value, ctx) => {
    if (value.identifiable && !value.consent)
      ctx.addIssue({ code: "custom", path: ["consent"], message: PHOTO_CONSENT_MISSING });
  });

export const photoWithdrawSchema = z.object({
  intent: z.literal("withdraw"),
  photoId: id("Photo introuvable."),
});
