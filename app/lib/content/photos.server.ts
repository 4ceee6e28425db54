/**
 * Photos with recorded consent.
 *
 * Rules:
 *  - A photo goes through the uploads module (type checked by content,
 *    re-encoded without EXIF, the upload limits).
 *  - A photo with identifiable members needs the manager's statement that
 *    consent was obtained: stored with who stated it (id and name) and when,
 *    and written to the audit log.
 *  - Withdrawing consent (or withdrawing any photo) deletes the image files
 *    and the media row at once, so every public page and the /media URL stop
 *    showing it together; the photo row stays as the trace (who, when),
 *    without the image. The page cache is emptied by the POST itself
 *    (server/page-cache.ts); photos of people are served `no-cache` by
 *    /media, so no browser or proxy keeps showing a withdrawn one.
 *  - Public lists show only photos that still have their image.
 */
import { and, asc, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import { articles, media, photos } from "#db/schema";
import { db, transaction, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { audit, actorName } from "../core/audit.server";
import { type Actor } from "../members/users-rules.server";
import { PHOTO_CONSENT_MISSING } from "./photos";
import { articlePath, publishedCondition } from "./articles.server";
import { deleteMedia, imageSrcSet, storeUpload, type ImageSources } from "./uploads.server";

export interface PublicPhoto {
  id: number;
  alt: string;
  caption: string;
  image: ImageSources;
}

export interface NewPhoto {
  file: File;
  alt: string;
  caption: string;
  articleId: number | null;
  identifiable: boolean;
  consent: boolean;
}

/** Stores a photo; refuses one with identifiable members without the consent statement. */
export async function addPhoto(input: NewPhoto, actor: Actor, now: Date = new Date()): Promise<number> {
  if (input.identifiable && !input.consent) throw new DomainError(PHOTO_CONSENT_MISSING, { field: "consent" });
  if (input.articleId !== null) {
    const [article] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, input.articleId));
    if (!article)
      throw new DomainError("Cet article n’existe plus : choisissez-en un autre.", { field: "articleId", status: 404 });
  }
  const stored = await storeUpload(input.file, { accept: "image", alt: input.alt, userId: actor.id });
  try {
    return await transaction(async (tx) => {
      const [row] = await tx
        .insert(photos)
        .values({
          mediaId: stored.id,
          articleId: input.articleId,
          alt: input.alt,
          caption: input.caption,
          identifiable: input.identifiable,
          consentRecordedAt: input.identifiable ? now : null,
          consentRecordedBy: input.identifiable ? actor.id : null,
          consentRecordedByName: input.identifiable ? actorName(actor) : "",
          createdBy: actor.id,
        })
        .returning({ id: photos.id });
      if (!row) throw new Error("photo not inserted");
      await audit(
        actor,
        "photo-ajoutee",
        input.identifiable
          ? `Photo « ${input.alt} » ajoutée ; accord des personnes reconnaissables déclaré obtenu.`
          : `Photo « ${input.alt} » ajoutée (sans personne reconnaissable).`,
      );
      return row.id;
    });
  } catch (err) {
    await deleteMedia(stored.id).catch(() => undefined);
    throw err;
  }
}

/**
 * Withdraws a photo (consent withdrawn, or no longer wanted): its image is
 * deleted everywhere at once; the row keeps who withdrew it and when.
 */
export async function withdrawPhoto(photoId: number, actor: Actor, now: Date = new Date()): Promise<void> {
  const mediaId = await transaction(async (tx) => {
    const [row] = await tx.select().from(photos).where(eq(photos.id, photoId)).for("update");
    if (!row) throw new DomainError("Cette photo n’existe pas.", { status: 404 });
    if (row.withdrawnAt) throw new DomainError("Cette photo a déjà été retirée.", { status: 409 });
    await tx
      .update(photos)
      .set({ withdrawnAt: now, withdrawnByName: actorName(actor), mediaId: null })
      .where(eq(photos.id, photoId));
    await audit(
      actor,
      "photo-retiree",
      row.identifiable
        ? `Photo « ${row.alt} » retirée : accord retiré, image supprimée.`
        : `Photo « ${row.alt} » retirée, image supprimée.`,
    );
    return row.mediaId;
  });
  if (mediaId) {
    const deleted = await deleteMedia(mediaId);
    if (!deleted.ok) log.warn("withdrawn photo's media still used elsewhere", { photoId, mediaId });
  }
}

const publicColumns = {
  id: photos.id,
  alt: photos.alt,
  caption: photos.caption,
  storageKey: media.storageKey,
  kind: media.kind,
  width: media.width,
  height: media.height,
};

function toPublic(row: {
  id: number;
  alt: string;
  caption: string;
  storageKey: string;
  kind: string;
  width: number | null;
  height: number | null;
}): PublicPhoto {
  return { id: row.id, alt: row.alt, caption: row.caption, image: imageSrcSet(row) };
}

/** The photos of an article still shown (not withdrawn), oldest first. */
export async function listArticlePhotos(articleId: number): Promise<PublicPhoto[]> {
  const rows = await db
    .select(publicColumns)
    .from(photos)
    .innerJoin(media, eq(media.id, photos.mediaId))
    .where(and(eq(photos.articleId, articleId), isNull(photos.withdrawnAt)))
    .orderBy(asc(photos.id));
  return rows.map(toPublic);
}

/** One photo still shown, or null (withdrawn, missing). */
export async function getPublicPhoto(photoId: number): Promise<PublicPhoto | null> {
  const [row] = await db
    .select(publicColumns)
    .from(photos)
    .innerJoin(media, eq(media.id, photos.mediaId))
    .where(and(eq(photos.id, photoId), isNull(photos.withdrawnAt)));
  return row ? toPublic(row) : null;
}

/** Is this media a photo of identifiable people (never cached for long)? */
export async function isPhotoOfPeople(mediaId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.mediaId, mediaId), eq(photos.identifiable, true)))
    .limit(inlineCount(1));
  return !!row;
}

export interface AdminPhoto {
  id: number;
  alt: string;
  caption: string;
  articleTitle: string | null;
  identifiable: boolean;
  consentRecordedAt: Date | null;
  consentRecordedByName: string;
  withdrawnAt: Date | null;
  withdrawnByName: string;
  image: ImageSources | null;
}

/** Every photo, newest first, withdrawn ones included (their trace, without image). */
export async function listPhotosForAdmin(): Promise<AdminPhoto[]> {
  const rows = await db
    .select({
      id: photos.id,
      alt: photos.alt,
      caption: photos.caption,
      articleTitle: articles.title,
      identifiable: photos.identifiable,
      consentRecordedAt: photos.consentRecordedAt,
      consentRecordedByName: photos.consentRecordedByName,
      withdrawnAt: photos.withdrawnAt,
      withdrawnByName: photos.withdrawnByName,
      storageKey: media.storageKey,
      kind: media.kind,
      width: media.width,
      height: media.height,
    })
    .from(photos)
    .leftJoin(media, eq(media.id, photos.mediaId))
    .leftJoin(articles, eq(articles.id, photos.articleId))
    .orderBy(desc(photos.id));
  return rows.map(({ storageKey, kind, width, height, ...rest }) => ({
    ...rest,
    image: storageKey && kind ? imageSrcSet({ storageKey, kind, width, height }) : null,
  }));
}

/** Photos that can be chosen as a teacher's portrait (still shown). */
export async function listShownPhotos(): Promise<Array<{ id: number; alt: string }>> {
  return db
    .select({ id: photos.id, alt: photos.alt })
    .from(photos)
    .where(and(isNull(photos.withdrawnAt), isNotNull(photos.mediaId)))
    .orderBy(desc(photos.id));
}

/** Articles a photo can be attached to, newest first. */
export async function listArticleChoices(): Promise<Array<{ id: number; title: string }>> {
  return db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .orderBy(desc(articles.id))
    .limit(inlineCount(200));
}

export interface GalleryPhoto extends PublicPhoto {
  article: { title: string; path: string } | null;
}

/**
 * The public gallery: every photo still shown, newest first, except those of
 * an article that is not published (a draft's photos stay private).
 */
export async function listGalleryPhotos(now: Date = new Date()): Promise<GalleryPhoto[]> {
  const rows = await db
    .select({ ...publicColumns, articleId: articles.id, articleSlug: articles.slug, articleTitle: articles.title })
    .from(photos)
    .innerJoin(media, eq(media.id, photos.mediaId))
    .leftJoin(articles, eq(articles.id, photos.articleId))
    .where(and(isNull(photos.withdrawnAt), or(isNull(photos.articleId), publishedCondition(now))))
    .orderBy(desc(photos.id))
    .limit(inlineCount(200));
  return rows.map((r) => ({
    ...toPublic(r),
    article:
      r.articleId !== null && r.articleSlug !== null && r.articleTitle !== null
        ? { title: r.articleTitle, path: articlePath({ id: r.articleId, slug: r.articleSlug }) }
        : null,
  }));
}

/** Is there anything for the gallery (its menu link and page)? */
export async function hasGalleryPhotos(): Promise<boolean> {
  return (await listGalleryPhotos()).length > 0;
}
