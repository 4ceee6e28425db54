/**
 * The article form, browser-safe: the pages
 * /espace-membre/articles/ajouter and /modifier/:id validate with it and their
 * actions parse with it; article-editing.server.ts enforces the rest (the
 * cover's alt text when the article keeps a cover, the upload, the version
 * check) with `DomainError`.
 */
import { z } from "zod";
import { parseParisDateTime } from "../core/time";
import { checkbox, version, withMax } from "../http/fields";

export const ARTICLE_STATUSES = ["brouillon", "publie", "programme"] as const;

const articleFields = z.object({
  title: withMax(
    200,
    z
      .string({ message: "Le titre est obligatoire." })
      .trim()
      .min(1, "Le titre est obligatoire.")
      .max(200, "Le titre ne doit pas dépasser 200 caractères."),
  ),
  summary: withMax(500, z.string().trim().max(500, "Le chapô ne doit pas dépasser 500 caractères.").default("")),
  body: withMax(
    200_000,
    z.string().max(200_000, "Le texte de l’article est trop long (200 000 caractères au maximum).").default(""),
  ),
  coverAlt: withMax(
    300,
    z.string().trim().max(300, "Le texte alternatif ne doit pas dépasser 300 caractères.").default(""),
  ),
  cover: z.file().optional(),
  removeCover: checkbox(),
  // A refinement, not z.enum: an unknown status must not hide the other fields' errors.
  status: z
    .string()
    .default("")
    .refine((v) => (ARTICLE_STATUSES as readonly string[]).includes(v), {
      message: "Choisissez un statut : brouillon, publié ou programmé.",
    })
    .transform((v) => v as (typeof ARTICLE_STATUSES)[number]),
  publishAt: withMax(40, z.string().trim().default("")),
});

function checkPublication(v: { status: string; publishAt: string }, ctx: z.RefinementCtx) {
  if (v.status !== "programme") return;
  if (!v.publishAt) {
    ctx.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "Indiquez la date et l’heure de publication d’un article programmé.",
    });
  } else if (!parseParisDateTime(v.publishAt)) {
    ctx.addIssue({
      code: "custom",
      path: ["publishAt"],
      message: "Date et heure invalides (exemple : 14/03/2026 09:30).",
    });
  }
}

export const articleSchema = articleFields.superRefine(checkPublication);

/** The edit form also carries the version the page was based on. */
export const articleUpdateSchema = articleFields
  .extend({ version: version("Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez.") })
  .superRefine(checkPublication);

export type ArticleInput = z.infer<typeof articleSchema> & { version?: number };

/** After a refused submission the browser forgets the chosen file: say so next to it. */
export const COVER_LOST = "Le formulaire contient des erreurs : choisissez à nouveau l’image de couverture.";
