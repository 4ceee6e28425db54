/**
 * Where uploaded files are kept, browser-safe: the operations page's form
 * schema and the words for each place (uploads-place.server.ts applies them).
 *
 * Rules: two places, « dossier » (the data folder) and « postgres » (the
 * database, the one choice for several machines); PostgreSQL is refused on the
 * embedded database, with the reason in French (`EMBEDDED_REFUSAL`).
 */
import { z } from "zod";

export type UploadsPlace = "dossier" | "postgres";

export const PLACE_LABELS: Record<UploadsPlace, string> = {
  dossier: "le dossier de données",
  postgres: "la base PostgreSQL",
};

export const EMBEDDED_REFUSAL =
  "La base embarquée (sans DATABASE_URL) ne sert qu'une machine : ses fichiers restent dans le dossier de données. Pour garder les fichiers dans PostgreSQL, passez d'abord le site sur PostgreSQL (variable DATABASE_URL).";

/** The operations page's form (intent « fichiers »). */
export const uploadsPlaceSchema = z.object({
  place: z.enum(["dossier", "postgres"], { error: "Choisissez où garder les nouveaux fichiers." }),
});
