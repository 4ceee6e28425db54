/**
 * Articles, write side (member area): create, update, delete, edit form and
 * preview (the managers' list lives in manager-lists.server.ts). The form is
 * parsed by the action with the schema of article-form.ts;
 * the rules that need the database refuse with `DomainError`. The body is sanitized before
 * it is stored, the cover image goes through the uploads module, and an update
 * must carry the version it was based on (optimistic concurrency: a second
 * manager's stale save is refused, never silently overwritten).
 * createdBy/updatedBy/updatedAt record who and when.
 */
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { articles, media, users } from "#db/schema";
import { ARTICLE_STATUSES, ARTICLE_STATUS_LABELS, articlePath, isPublished, slugify } from "./articles.server";
import { db, isUniqueViolation, inlineCount } from "../core/db.server";
import { parseParisDateTime } from "../core/time";
import { DomainError } from "../core/errors";
import { ARTICLE_GONE } from "./content-messages";
import { log } from "../core/log.server";
import { can } from "../accounts/capabilities";
import { getSessionUser } from "../accounts/session.server";
import { sanitizeRichText } from "./sanitize.server";
import { fullName } from "./manager-lists.server";
import {
  deleteMediaIfUnused,
  getMediaByKey,
  imageSrcSet,
  storeUpload,
  uploadedFile,
  UploadError,
  type Media,
} from "./uploads.server";
import { groups, invariant } from "../core/invariant";
import type { ArticleInput } from "./article-form";

export { ARTICLE_STATUSES, ARTICLE_STATUS_LABELS };

export type ArticleRow = typeof articles.$inferSelect;

export const CONFLICT_MESSAGE =
  "Cet article a été modifié par quelqu’un d’autre pendant que vous l’éditiez. Vos modifications n’ont pas été enregistrées : elles sont conservées ci-dessous. Ouvrez la dernière version dans un autre onglet, puis reportez-y vos changements.";

/** A slug not used by another article: "stage-d-ete", "stage-d-ete-2", … */
async function uniqueSlug(title: string, exceptId?: number): Promise<string> {
  const base = slugify(title);
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const where = exceptId
      ? and(eq(articles.slug, candidate), ne(articles.id, exceptId))
      : eq(articles.slug, candidate);
    const [row] = await db.select({ id: articles.id }).from(articles).where(where).limit(inlineCount(1));
    if (!row) return candidate;
  }
  return `${base}-${Date.now().toString(36)}`;
}

/**
 * Writes with a free slug. `uniqueSlug` checks, then the write inserts: two
 * articles with one title at once may pick the same slug; the loser gets a
 * unique violation and tries again with the next free slug.
 */
async function withFreeSlug<T>(
  title: string,
  exceptId: number | undefined,
  write: (slug: string) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const slug = await uniqueSlug(title, exceptId);
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

async function deleteUnusedBodyMedia(keys: string[]): Promise<void> {
  for (const key of keys) {
    const m = await getMediaByKey(key);
    if (m) await deleteMediaIfUnused(m.id);
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
 * Saves a parsed article form: `id` null creates an article; otherwise updates
 * it (version check). Stores a new cover if one was sent. Refusals are
 * `DomainError`s: 404 (the article is gone), 409 (edited meanwhile), the
 * cover's alt text or the cover itself (field errors).
 */
export async function saveArticle(
  id: number | null,
  input: ArticleInput,
  userId: string,
  options: { now?: Date } = {},
): Promise<ArticleRow> {
  const now = options.now ?? new Date();
  const coverFile = input.cover ?? null;

  let existing: ArticleRow | null = null;
  if (id !== null) {
    const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(inlineCount(1));
    if (!row) throw new DomainError("Cet article n’existe plus : il a peut-être été supprimé.", { status: 404 });
    existing = row;
    if (input.version === undefined) {
      throw new DomainError("Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez.");
    }
  }

  const willHaveCover = !!coverFile || (!!existing?.coverImageId && !input.removeCover);
  const alt = input.coverAlt;
  if (willHaveCover && !alt) {
    throw new DomainError(
      "Décrivez l’image de couverture (texte alternatif) pour les personnes qui ne la voient pas.",
      { field: "coverAlt" },
    );
  }
  // Version check before the (slow) image processing; re-checked atomically by the update.
  if (existing && input.version !== existing.version) throw new DomainError(CONFLICT_MESSAGE, { status: 409 });

  let newCover: Media | null = null;
  if (coverFile) {
    try {
      newCover = await storeUpload(coverFile, { accept: "image", alt, userId });
    } catch (err) {
      if (err instanceof UploadError) throw new DomainError(err.message, { field: "cover" });
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
      return row;
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
      throw new DomainError(CONFLICT_MESSAGE, { status: 409 });
    }
    if (existing.coverImageId && existing.coverImageId !== row.coverImageId)
      await deleteMediaIfUnused(existing.coverImageId);
    const removed = bodyMediaKeys(existing.body).filter((k) => !row.body.includes(`/media/${k}/`));
    await deleteUnusedBodyMedia(removed);
    log.info("article updated", { articleId: row.id, userId, status: row.status, version: row.version });
    return row;
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

export async function getArticleRow(id: number): Promise<ArticleRow | null> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(inlineCount(1));
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
    .limit(inlineCount(1));
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
  const rawAlt = formData.get("alt");
  const alt = typeof rawAlt === "string" ? rawAlt.trim() : "";
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
  return can(user, "articles:edit");
}
