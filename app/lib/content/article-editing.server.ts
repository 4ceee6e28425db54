/**
 * Articles, write side (member area): create, update, delete, edit form and
 * preview (the managers' list lives in manager-lists.server.ts). Every save is
 * validated with zod (French messages per field), the body is sanitized before
 * it is stored, the cover image goes through the uploads module, and an update
 * must carry the version it was based on (optimistic concurrency: a second
 * manager's stale save is refused, never silently overwritten).
 * createdBy/updatedBy/updatedAt record who and when.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { articles, media, users } from "#db/schema";
import { ARTICLE_STATUSES, ARTICLE_STATUS_LABELS, articlePath, isPublished, slugify } from "./articles.server";
import { db, isUniqueViolation, type Queryable } from "../core/db.server";
import { parseParisDateTime } from "../core/time";
import type { FieldErrors } from "../http/forms";
import { formText, formValues } from "../http/forms";
import { DomainError } from "../core/errors";
import { ARTICLE_GONE } from "./content-messages";
import { log } from "../core/log.server";
import { canOpen } from "../accounts/permissions";
import { getSessionUser } from "../accounts/session.server";
import { sanitizeRichText } from "./sanitize.server";
import { fullName } from "./manager-lists.server";
import { deleteMediaIfUnused, getMediaByKey, imageSrcSet, storeUpload, uploadedFile, UploadError, type Media } from "./uploads.server";
import { positiveId } from "~/lib/http/ids.server";
import { groups, invariant } from "../core/invariant";

export { ARTICLE_STATUSES, ARTICLE_STATUS_LABELS };

export type ArticleRow = typeof articles.$inferSelect;

export const CONFLICT_MESSAGE =
  "Cet article a été modifié par quelqu’un d’autre pendant que vous l’éditiez. Vos modifications n’ont pas été enregistrées : elles sont conservées ci-dessous. Ouvrez la dernière version dans un autre onglet, puis reportez-y vos changements.";

const versionField = z
  .string()
  .optional()
  .transform((v) => (v && /^\d+$/.test(v) ? (v === "0" ? 0 : (positiveId(v) ?? undefined)) : undefined));

export const articleSchema = z
  .object({
    title: z
      .string({ message: "Le titre est obligatoire." })
      .trim()
      .min(1, "Le titre est obligatoire.")
      .max(200, "Le titre ne doit pas dépasser 200 caractères."),
    summary: z.string().trim().max(500, "Le chapô ne doit pas dépasser 500 caractères.").default(""),
    body: z.string().max(200_000, "Le texte de l’article est trop long (200 000 caractères au maximum).").default(""),
    coverAlt: z.string().trim().max(300, "Le texte alternatif ne doit pas dépasser 300 caractères.").default(""),
    removeCover: z.string().optional().transform((v) => v === "on" || v === "1" || v === "true"),
    // A refinement, not z.enum: an unknown status must not hide the other fields' errors.
    status: z
      .string()
      .default("")
      .refine((v) => (ARTICLE_STATUSES as readonly string[]).includes(v), { message: "Choisissez un statut : brouillon, publié ou programmé." })
      .transform((v) => v as (typeof ARTICLE_STATUSES)[number]),
    publishAt: z.string().trim().default(""),
    version: versionField,
  })
  .superRefine((v, ctx) => {
    if (v.status === "programme") {
      if (!v.publishAt) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Indiquez la date et l’heure de publication d’un article programmé." });
      } else if (!parseParisDateTime(v.publishAt)) {
        ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Date et heure invalides (exemple : 14/03/2026 09:30)." });
      }
    }
  });

export type ArticleInput = z.infer<typeof articleSchema>;

export type SaveResult =
  | { ok: true; article: ArticleRow }
  | { ok: false; errors: FieldErrors; values: Record<string, string>; conflict?: boolean; notFound?: boolean };

function zodErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_form";
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

/** A slug not used by another article: "stage-d-ete", "stage-d-ete-2", … */
async function uniqueSlug(title: string, q: Queryable, exceptId?: number): Promise<string> {
  const base = slugify(title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const where = exceptId ? and(eq(articles.slug, candidate), ne(articles.id, exceptId)) : eq(articles.slug, candidate);
    const [row] = await q.select({ id: articles.id }).from(articles).where(where).limit(1);
    if (!row) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * Writes with a free slug. `uniqueSlug` checks, then the write inserts: two
 * articles with one title at once may pick the same slug; the loser gets a
 * unique violation and tries again with the next free slug.
 */
async function withFreeSlug<T>(title: string, exceptId: number | undefined, write: (slug: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(title, db, exceptId);
    try {
      return await write(slug);
    } catch (err) {
      if (!isUniqueViolation(err) || attempt >= 20) throw err; // each round, one of the racers wins
    }
  }
}

/**
 * The body as HTML: a body typed without the editor (no JavaScript) is plain
 * text — blank lines separate paragraphs, single line breaks are kept.
 */
export function bodyToHtml(raw: string): string {
  const text = raw.replace(/\r\n?/g, "\n").trim();
  if (!text || /<\/?[a-z][^>]*>/i.test(text)) return text;
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escape(para.trim()).replace(/\n/g, "<br>")}</p>`)
    .join("");
}

/** Storage keys of the uploaded images a body refers to. */
export function bodyMediaKeys(html: string): string[] {
  const keys = new Set<string>();
  for (const m of html.matchAll(/\/media\/([a-z0-9][a-z0-9._-]*)\//g)) keys.add(groups(m, 1)[0]);
  return [...keys];
}

async function deleteUnusedBodyMedia(keys: string[], q: Queryable = db): Promise<void> {
  for (const key of keys) {
    const m = await getMediaByKey(key, q);
    if (m) await deleteMediaIfUnused(m.id, q);
  }
}

function publicationDate(input: ArticleInput, existing: ArticleRow | null, now: Date): Date | null {
  if (input.status === "brouillon") return null;
  if (input.status === "programme") return parseParisDateTime(input.publishAt);
  // publie: keep the original date of an article already public, otherwise now.
  if (existing && existing.publishedAt && isPublished(existing, now)) return existing.publishedAt;
  return now;
}

/**
 * Validates the form, stores a new cover if one was sent, then saves.
 * `id` null creates an article; otherwise updates it (version check).
 */
export async function saveArticle(
  id: number | null,
  formData: FormData,
  userId: string,
  options: { now?: Date } = {},
): Promise<SaveResult> {
  const values = formValues(formData);
  delete values.cover;
  const now = options.now ?? new Date();
  const parsed = articleSchema.safeParse(values);
  const coverFile = uploadedFile(formData, "cover");

  let existing: ArticleRow | null = null;
  if (id !== null) {
    const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
    if (!row) return { ok: false, errors: { _form: "Cet article n’existe plus : il a peut-être été supprimé." }, values, notFound: true };
    existing = row;
  }

  const errors: FieldErrors = parsed.success ? {} : zodErrors(parsed.error);
  const input = parsed.success ? parsed.data : null;
  const willHaveCover = !!coverFile || (!!existing?.coverImageId && !(input?.removeCover ?? values.removeCover === "on"));
  const alt = (values.coverAlt ?? "").trim();
  if (willHaveCover && !alt && !errors.coverAlt) {
    errors.coverAlt = "Décrivez l’image de couverture (texte alternatif) pour les personnes qui ne la voient pas.";
  }
  if (existing && input && input.version === undefined) {
    errors._form = "Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez.";
  }
  if (Object.keys(errors).length > 0 || !input) {
    if (coverFile && !errors.cover) errors.cover = "Le formulaire contient des erreurs : choisissez à nouveau l’image de couverture.";
    return { ok: false, errors, values };
  }
  // Version check before the (slow) image processing; re-checked atomically by the update.
  if (existing && input.version !== existing.version) {
    return { ok: false, errors: { _form: CONFLICT_MESSAGE }, values, conflict: true };
  }

  let newCover: Media | null = null;
  if (coverFile) {
    try {
      newCover = await storeUpload(coverFile, { accept: "image", alt, userId });
    } catch (err) {
      if (err instanceof UploadError) return { ok: false, errors: { cover: err.message }, values };
      throw err;
    }
  }

  const body = sanitizeRichText(bodyToHtml(input.body));
  const publishedAt = publicationDate(input, existing, now);
  const coverImageId = newCover ? newCover.id : input.removeCover ? null : (existing?.coverImageId ?? null);

  try {
    if (!existing) {
      const [row] = await withFreeSlug(input.title, undefined, (slug) =>
        db
          .insert(articles)
          .values({
            slug,
            title: input.title,
            summary: input.summary,
            body,
            coverImageId,
            coverAlt: coverImageId ? alt : "",
            status: input.status,
            publishedAt,
            createdBy: userId,
            updatedBy: userId,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      invariant(row, "article inséré");
      log.info("article created", { articleId: row.id, userId, status: row.status });
      return { ok: true, article: row };
    }

    // The public URL keeps its slug once the article has been public.
    const newSlug = input.title !== existing.title && !isPublished(existing, now);
    const update = (slug: string) =>
      db
        .update(articles)
        .set({
          slug,
          title: input.title,
          summary: input.summary,
          body,
          coverImageId,
          coverAlt: coverImageId ? alt : "",
          status: input.status,
          publishedAt,
          updatedBy: userId,
          updatedAt: now,
          version: sql`${articles.version} + 1`,
        })
        .where(and(eq(articles.id, existing.id), eq(articles.version, input.version!)))
        .returning();
    const [row] = newSlug ? await withFreeSlug(input.title, existing.id, update) : await update(existing.slug);
    if (!row) {
      if (newCover) await deleteMediaIfUnused(newCover.id);
      return { ok: false, errors: { _form: CONFLICT_MESSAGE }, values, conflict: true };
    }
    if (existing.coverImageId && existing.coverImageId !== row.coverImageId) await deleteMediaIfUnused(existing.coverImageId);
    const removed = bodyMediaKeys(existing.body).filter((k) => !row.body.includes(`/media/${k}/`));
    await deleteUnusedBodyMedia(removed);
    log.info("article updated", { articleId: row.id, userId, status: row.status, version: row.version });
    return { ok: true, article: row };
  } catch (err) {
    if (newCover) await deleteMediaIfUnused(newCover.id).catch(() => {});
    throw err;
  }
}

/** Deletes an article, then its cover and body images when nothing else uses them. */
/** Deletes an article and its media no longer used; a missing article is a 404 `DomainError`. */
export async function deleteArticle(id: number, userId: string): Promise<true> {
  const [row] = await db.delete(articles).where(eq(articles.id, id)).returning();
  if (!row) throw new DomainError(ARTICLE_GONE, { status: 404 });
  if (row.coverImageId) await deleteMediaIfUnused(row.coverImageId);
  await deleteUnusedBodyMedia(bodyMediaKeys(row.body));
  log.info("article deleted", { articleId: id, userId, title: row.title });
  return true;
}

export async function getArticleRow(id: number, q: Queryable = db): Promise<ArticleRow | null> {
  const [row] = await q.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row ?? null;
}

/** What the edit form needs: the row, its cover (srcset) and audit names. */
export async function getArticleForEditing(id: number) {
  const author = alias(users, "author");
  const editor = alias(users, "editor");
  const [row] = await db
    .select({
      article: articles,
      cover: media,
      authorPrenom: author.prenom,
      authorNom: author.nom,
      editorPrenom: editor.prenom,
      editorNom: editor.nom,
    })
    .from(articles)
    .leftJoin(media, eq(media.id, articles.coverImageId))
    .leftJoin(author, eq(author.id, articles.createdBy))
    .leftJoin(editor, eq(editor.id, articles.updatedBy))
    .where(eq(articles.id, id))
    .limit(1);
  if (!row) return null;
  return {
    article: row.article,
    cover: row.cover && row.cover.kind === "image" ? imageSrcSet(row.cover) : null,
    author: fullName(row.authorPrenom, row.authorNom),
    editor: fullName(row.editorPrenom, row.editorNom),
    path: articlePath(row.article),
  };
}


/** Editor image upload: stores the image and returns its URL for the body. */
export async function uploadBodyImage(
  formData: FormData,
  userId: string,
): Promise<{ ok: true; src: string; alt: string; width: number; height: number } | { ok: false; error: string }> {
  const file = uploadedFile(formData, "image");
  const alt = formText(formData, "alt").trim();
  if (!file) return { ok: false, error: "Choisissez une image à insérer." };
  if (!alt) return { ok: false, error: "Décrivez l’image (texte alternatif) pour les personnes qui ne la voient pas." };
  if (alt.length > 300) return { ok: false, error: "Le texte alternatif ne doit pas dépasser 300 caractères." };
  try {
    const m = await storeUpload(file, { accept: "image", alt, userId });
    const set = imageSrcSet(m);
    const w = Math.min(set.width, 960);
    const src = `/media/${m.storageKey}/${w}.webp`;
    return { ok: true, src, alt, width: w, height: Math.round((set.height * w) / set.width) };
  } catch (err) {
    if (err instanceof UploadError) return { ok: false, error: err.message };
    throw err;
  }
}

/** May this request preview unpublished articles at their public URL? (content managers only) */
export async function canPreviewArticles(request: Request): Promise<boolean> {
  const user = await getSessionUser(request);
  return !!user && canOpen(user.roles, "/espace-membre/articles");
}
