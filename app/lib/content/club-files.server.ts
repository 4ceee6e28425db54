/**
 * Files the admins manage from the dashboard: registration documents (PDF),
 * comic strips (images with a required alt text) and the club brochure (one
 * PDF, in the settings). Uploads go through the uploads module; a file still
 * used elsewhere is never deleted (the deletion is refused: `DomainError` 409),
 * and deleting a row that does not exist is a 404 `DomainError`.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { comics, documents, media } from "#db/schema";
import { db } from "../core/db.server";
import { getSetting, setSetting } from "../club/settings.server";
import { DomainError } from "../core/errors";
import {
  deleteMedia,
  deleteMediaIfUnused,
  imageSrcSet,
  mediaUrl,
  mediaUsages,
  storeUpload,
  UploadError,
  type Media,
} from "./uploads.server";
import { invariant } from "../core/invariant";
import { COMIC_GONE, DOCUMENT_GONE, type BrochureInput, type ComicInput, type DocumentInput } from "./club-files-form";

// ------------------------------------------------------------ shared

/** Where a media is referenced by the settings (brochure, banners), in French words. */
export async function settingsMediaUsages(mediaId: number): Promise<string[]> {
  const usages: string[] = [];
  const brochure = await getSetting("brochure");
  if (brochure.mediaId === mediaId) usages.push("la brochure du club");
  const banners = await getSetting("banners");
  for (const [prefix, id] of Object.entries(banners)) if (id === mediaId) usages.push(`la bannière de « ${prefix} »`);
  return usages;
}

/** Deletes a media that is no longer referenced by anything (content or settings). */
export async function deleteMediaIfUnreferenced(mediaId: number | null | undefined): Promise<void> {
  if (!mediaId) return;
  if ((await settingsMediaUsages(mediaId)).length) return;
  await deleteMediaIfUnused(mediaId);
}

const CONFLICT = (what: string) =>
  `${what} par quelqu’un d’autre pendant que vous travailliez dessus. Vos changements n’ont pas été enregistrés : rechargez la page puis recommencez.`;

/** Stores an uploaded file; a refused file is a `DomainError` on the field "file". */
async function upload(
  file: File | undefined,
  accept: "pdf" | "image",
  userId: string,
  alt?: string,
): Promise<Media | null> {
  if (!file) return null;
  try {
    return await storeUpload(file, { accept, userId, alt });
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.message, { field: "file" });
    throw err;
  }
}

// ------------------------------------------------------------ documents

export interface DocumentView {
  id: number;
  title: string;
  description: string;
  position: number;
  version: number;
  href: string | null;
  fileName: string | null;
  size: number | null;
  shipped: boolean;
}

export async function listDocumentsForAdmin(): Promise<DocumentView[]> {
  const rows = await db
    .select({ doc: documents, media })
    .from(documents)
    .leftJoin(media, eq(media.id, documents.mediaId))
    .orderBy(asc(documents.position), asc(documents.id));
  return rows.map(({ doc, media: m }) => ({
    id: doc.id,
    title: doc.title,
    description: doc.description,
    position: doc.position,
    version: doc.version,
    href: m ? mediaUrl(m) : doc.href,
    fileName: m?.originalName ?? (doc.href ? (doc.href.split("/").pop() ?? null) : null),
    size: m?.size ?? null,
    shipped: !m && Boolean(doc.href),
  }));
}

/** Adds (no id) or updates (id and version) a document; returns its id. Refusals: `DomainError`. */
export async function saveDocument(input: DocumentInput, userId: string): Promise<number> {
  const { id, version, file, ...fields } = input;
  if (!id && !file) throw new DomainError("Choisissez le fichier PDF du document.", { field: "file" });
  const newMediaId = (await upload(file, "pdf", userId))?.id ?? null;

  if (!id) {
    const [row] = await db
      .insert(documents)
      .values({ ...fields, mediaId: newMediaId, createdBy: userId, updatedBy: userId })
      .returning({ id: documents.id });
    invariant(row, "document inséré");
    return row.id;
  }

  const [old] = await db.select().from(documents).where(eq(documents.id, id));
  const updated = await db
    .update(documents)
    .set({
      ...fields,
      ...(newMediaId ? { mediaId: newMediaId, href: null } : {}),
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql`${documents.version} + 1`,
    })
    .where(and(eq(documents.id, id), eq(documents.version, version ?? -1)))
    .returning({ id: documents.id });
  if (!updated.length) {
    await deleteMediaIfUnreferenced(newMediaId);
    throw old
      ? new DomainError(CONFLICT("Ce document a été modifié"), { status: 409 })
      : new DomainError(DOCUMENT_GONE, { status: 404 });
  }
  if (newMediaId && old?.mediaId) await deleteMediaIfUnreferenced(old.mediaId);
  return id;
}

/**
 * Deletes a row owning a media, and the media with it — refused when the
 * media is used elsewhere (an article linking to the PDF…): nothing changes then.
 */
async function deleteOwnerAndMedia(
  mediaId: number | null,
  deleteRow: () => Promise<void>,
  what: string,
): Promise<{ ok: true }> {
  await db.transaction(async () => {
    await deleteRow();
    if (!mediaId) return;
    const usages = [...(await mediaUsages(mediaId)), ...(await settingsMediaUsages(mediaId))];
    if (usages.length)
      throw new DomainError(
        `Impossible de supprimer ${what} : son fichier est encore utilisé par ${usages.join(", ")}. Retirez-le d’abord de ${usages.length > 1 ? "ces contenus" : "ce contenu"}.`,
        { status: 409 },
      );
    const res = await deleteMedia(mediaId);
    if (!res.ok) throw new DomainError(res.message, { status: 409 });
  });
  return { ok: true };
}

export async function deleteDocument(id: number) {
  const [doc] = await db.select().from(documents).where(eq(documents.id, id));
  if (!doc) throw new DomainError(DOCUMENT_GONE, { status: 404 });
  return deleteOwnerAndMedia(
    doc.mediaId,
    async () => void (await db.delete(documents).where(eq(documents.id, id))),
    `le document « ${doc.title} »`,
  );
}

// ------------------------------------------------------------ comics

export interface ComicView {
  id: number;
  title: string;
  alt: string;
  position: number;
  version: number;
  src: string | null;
  srcSet: { webp: string; avif: string; width: number; height: number } | null;
}

export async function listComicsForAdmin(): Promise<ComicView[]> {
  const rows = await db
    .select({ comic: comics, media })
    .from(comics)
    .leftJoin(media, eq(media.id, comics.mediaId))
    .orderBy(asc(comics.position), asc(comics.id));
  return rows.map(({ comic, media: m }) => {
    const set = m ? imageSrcSet(m) : null;
    return {
      id: comic.id,
      title: comic.title,
      alt: comic.alt,
      position: comic.position,
      version: comic.version,
      src: set?.src ?? comic.src,
      srcSet: set ? { webp: set.webp, avif: set.avif, width: set.width, height: set.height } : null,
    };
  });
}

/** Adds (no id) or updates (id and version) a comic strip; returns its id. Refusals: `DomainError`. */
export async function saveComic(input: ComicInput, userId: string): Promise<number> {
  const { id, version, file, ...fields } = input;
  if (!id && !file) throw new DomainError("Choisissez l’image de la planche (JPEG, PNG ou WebP).", { field: "file" });
  const newMediaId = (await upload(file, "image", userId, fields.alt))?.id ?? null;

  if (!id) {
    const [row] = await db
      .insert(comics)
      .values({ ...fields, mediaId: newMediaId, createdBy: userId, updatedBy: userId })
      .returning({ id: comics.id });
    invariant(row, "planche insérée");
    return row.id;
  }
  const [old] = await db.select().from(comics).where(eq(comics.id, id));
  const updated = await db
    .update(comics)
    .set({
      ...fields,
      ...(newMediaId ? { mediaId: newMediaId, src: null } : {}),
      updatedBy: userId,
      updatedAt: new Date(),
      version: sql`${comics.version} + 1`,
    })
    .where(and(eq(comics.id, id), eq(comics.version, version ?? -1)))
    .returning({ id: comics.id, mediaId: comics.mediaId });
  if (!updated.length) {
    await deleteMediaIfUnreferenced(newMediaId);
    throw old
      ? new DomainError(CONFLICT("Cette planche a été modifiée"), { status: 409 })
      : new DomainError(COMIC_GONE, { status: 404 });
  }
  // Keep the media's own alt text in step with the comic's.
  const updatedMediaId = updated[0]?.mediaId;
  if (updatedMediaId) await db.update(media).set({ alt: fields.alt }).where(eq(media.id, updatedMediaId));
  if (newMediaId && old?.mediaId) await deleteMediaIfUnreferenced(old.mediaId);
  return id;
}

export async function deleteComic(id: number) {
  const [comic] = await db.select().from(comics).where(eq(comics.id, id));
  if (!comic) throw new DomainError(COMIC_GONE, { status: 404 });
  return deleteOwnerAndMedia(
    comic.mediaId,
    async () => void (await db.delete(comics).where(eq(comics.id, id))),
    `la planche « ${comic.title} »`,
  );
}

// ------------------------------------------------------------ brochure

/**
 * Files reserved to members (served by /media with an access check and
 * private caching): today the brochure; future members-only files
 * (certificates…) are added here. Every other media is public.
 */
export async function isMembersOnlyMedia(mediaId: number): Promise<boolean> {
  const brochure = await getSetting("brochure");
  return brochure.mediaId === mediaId;
}

export interface BrochureView {
  title: string;
  href: string | null;
  fileName: string | null;
  size: number | null;
}

/** The club brochure for the member area: title and PDF link (href null when none). */
export async function getBrochure(): Promise<BrochureView> {
  const setting = await getSetting("brochure");
  if (!setting.mediaId) return { title: setting.title, href: null, fileName: null, size: null };
  const [m] = await db.select().from(media).where(eq(media.id, setting.mediaId));
  return m
    ? { title: setting.title, href: mediaUrl(m), fileName: m.originalName, size: m.size }
    : { title: setting.title, href: null, fileName: null, size: null };
}

/** Sets the brochure's title and, when given, its new PDF. Refusals: `DomainError`. */
export async function saveBrochure(input: BrochureInput, userId: string): Promise<void> {
  const current = await getSetting("brochure");
  if (!input.file && !current.mediaId)
    throw new DomainError("Choisissez le fichier PDF de la brochure.", { field: "file" });
  const uploaded = await upload(input.file, "pdf", userId);
  await setSetting("brochure", { title: input.title, mediaId: uploaded?.id ?? current.mediaId }, userId);
  if (uploaded && current.mediaId) await deleteMediaIfUnreferenced(current.mediaId);
}

export async function removeBrochure(userId: string): Promise<void> {
  const current = await getSetting("brochure");
  await setSetting("brochure", { ...current, mediaId: null }, userId);
  await deleteMediaIfUnreferenced(current.mediaId);
}

/** Media rows by id (for previews). */
export async function mediaByIds(ids: number[]): Promise<Map<number, Media>> {
  if (!ids.length) return new Map();
  const rows = await db.select().from(media).where(inArray(media.id, ids));
  return new Map(rows.map((m) => [m.id, m]));
}
