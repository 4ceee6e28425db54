/**
 * The teachers form, browser-safe: the page validates with it
 * and the action of /espace-membre/contenu/enseignants parses with it.
 * One form per teacher (and one to add one); a delete form; both carry the
 * version of the setting they were loaded with (concurrent edits refused).
 */
import { z } from "zod";
import { id, optionalLongText, optionalText, requiredText } from "../http/fields";

const classIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).filter((s) => /^[a-z0-9-]{1,60}$/i.test(s)));

export const teacherSchema = z.object({
  intent: z.literal("save"),
  /** Empty for a new teacher. */
  teacherId: z.string().max(40).optional().default(""),
  basedOn: z.string().max(40).optional().default(""),
  name: requiredText("Indiquez le nom de l’enseignant ou de l’enseignante.", 100),
  grade: requiredText("Indiquez son grade (par exemple «\u00a04e dang\u00a0»).", 100),
  diploma: optionalText(150),
  text: optionalLongText(600),
  classIds,
  photoId: z
    .union([z.literal(""), id("Photo introuvable.")])
    .optional()
    .transform((v) => (v === undefined || v === "" ? null : v)),
});

export const teacherDeleteSchema = z.object({
  intent: z.literal("delete"),
  teacherId: z.string().min(1).max(40),
  basedOn: z.string().max(40).optional().default(""),
});
