/**
 * The forms of the registration documents, comic strips and brochure pages,
 * browser-safe: the pages validate with these schemas and the
 * actions parse with them; club-files.server.ts enforces the rest (a file on
 * creation, the upload itself, the version check) with `DomainError`.
 */
import { z } from "zod";
import { displayOrder, id, optionalLongText, requiredLongText, requiredText, version } from "../http/fields";

const position = displayOrder();
const title = (missing: string) => requiredText(missing, 200, "Le titre ne doit pas dépasser 200 caractères.");
const edited = (gone: string) => ({ id: id(gone), version: version() });

export const DOCUMENT_GONE = "Ce document n’existe plus (il a peut-être été supprimé).";
export const COMIC_GONE = "Cette planche n’existe plus (elle a peut-être été supprimée).";

export const documentSchema = z.object({
  title: title("Indiquez le titre du document."),
  description: optionalLongText(1000),
  position,
  file: z.file().optional(),
});
export const documentCreateSchema = documentSchema.extend({
  file: z.file({ error: "Choisissez le fichier PDF du document." }),
});
export const documentUpdateSchema = documentSchema.extend(edited(DOCUMENT_GONE));
export type DocumentInput = z.infer<typeof documentSchema> & { id?: number; version?: number };

const ALT_MISSING = "Décrivez l’image pour les personnes qui ne la voient pas (texte alternatif obligatoire).";
export const comicSchema = z.object({
  title: title("Indiquez le titre de la planche."),
  alt: requiredLongText(ALT_MISSING, 1000),
  position,
  file: z.file().optional(),
});
export const comicCreateSchema = comicSchema.extend({
  file: z.file({ error: "Choisissez l’image de la planche (JPEG, PNG ou WebP)." }),
});
export const comicUpdateSchema = comicSchema.extend(edited(COMIC_GONE));
export type ComicInput = z.infer<typeof comicSchema> & { id?: number; version?: number };

export const brochureSchema = z.object({
  title: title("Indiquez le titre de la brochure."),
  file: z.file().optional(),
});
export type BrochureInput = z.infer<typeof brochureSchema>;

/** Deleting a document or a strip: the id of the row. */
export const documentDeleteSchema = z.object({ id: id(DOCUMENT_GONE) });
export const comicDeleteSchema = z.object({ id: id(COMIC_GONE) });
