/**
 * The add/edit form of the revision videos, browser-safe:
 * the page validates with it and the action of /espace-membre/videos parses
 * with it; videos.server.ts enforces the rest (grade exists, version check)
 * with `DomainError`.
 */
import { z } from "zod";
import { displayOrder, id, optionalLongText, requiredText, version, withMax } from "../http/fields";
import { VIDEO_CATEGORIES, parseVideoLink, type VideoCategory } from "./video-links";
import { positiveId } from "../http/id-format";
import { VIDEO_GONE } from "./content-messages";

const categoryValues = VIDEO_CATEGORIES.map((c) => c.value) as [VideoCategory, ...VideoCategory[]];

/** The add/edit form (values are the strings of the submitted FormData). */
export const videoFormSchema = z.object({
  title: requiredText("Indiquez le titre de la vidéo.", 200, "Le titre ne doit pas dépasser 200 caractères."),
  url: withMax(500, z.string({ error: "Indiquez le lien de la vidéo." }))
    .trim()
    .transform((value, ctx) => {
      const parsed = parseVideoLink(value);
      if (!parsed.ok) {
        ctx.addIssue({ code: "custom", message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  gradeId: z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = positiveId(v);
      if (n === null) {
        ctx.addIssue({ code: "custom", message: "Choisissez un grade dans la liste." });
        return z.NEVER;
      }
      return n;
    }),
  category: z.enum(categoryValues, { error: "Choisissez une catégorie dans la liste." }),
  description: optionalLongText(2000),
  position: displayOrder(),
});

export type VideoInput = z.infer<typeof videoFormSchema>;

/** The edit form: the same fields, the video and the version the page was based on. */
export const videoUpdateSchema = videoFormSchema.extend({
  id: id("Cette vidéo n’existe plus : elle a peut-être déjà été supprimée."),
  version: version(),
});

/** The delete form (after the confirmation step): the video only. */
export const videoDeleteSchema = z.object({ id: id(VIDEO_GONE) });
