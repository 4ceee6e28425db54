/**
 * Uploads: images (JPEG, PNG, WebP up to 10 Mo) and PDFs (up to 20 Mo),
 * checked by their content, never by their name or the browser's type.
 * Images are re-encoded by sharp into resized WebP and AVIF variants (the
 * original bytes, with their EXIF metadata, are not kept); PDFs are stored
 * as they are. Each upload is one `media` row; the bytes live in the
 * storage module.
 *
 * URLs: /media/<storageKey>/<width>.webp|.avif for images,
 *       /media/<storageKey>/document.pdf for PDFs.
 */
import { randomBytes } from "node:crypto";
import { eq, like, or } from "drizzle-orm";
import sharp from "sharp";
import { articles, comics, documents, media } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { log } from "../core/log.server";
import { storage } from "./storage.server";
import { defined, invariant } from "../core/invariant";

export type Media = typeof media.$inferSelect;

import { DomainError } from "../core/errors";
import { formatMegabytes, MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE } from "./upload-limits";

export { MAX_IMAGE_BYTES, MAX_PDF_BYTES };
/** Widths of the image variants; never larger than the original. */
export const VARIANT_WIDTHS = [480, 960, 1600] as const;
const LARGEST_VARIANT_WIDTH = 1600 satisfies (typeof VARIANT_WIDTHS)[2];

const ACCEPTED_IMAGE_FORMATS: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

/** An upload refused for a reason the user can fix; `message` is French. */
export class UploadError extends DomainError {
  constructor(message: string) {
    super(message);
    this.name = "UploadError";
  }
}

export type UploadKind = "image" | "pdf";

/** The file of a form field, or null when the user chose none. */
export function uploadedFile(formData: FormData, name: string): File | null {
  const value = formData.get(name);
  if (value && typeof value !== "string" && value.size > 0) return value;
  return null;
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** The image type from its first bytes (magic numbers), or null. */
export function sniffImage(bytes: Uint8Array): "jpeg" | "png" | "webp" | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}

/** True when the bytes start like a PDF ("%PDF-"). */
export function sniffPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]);
}

/** Widths actually produced for an original of `width` pixels (no upscaling). */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  const largest = Math.min(width, LARGEST_VARIANT_WIDTH);
  if (!widths.includes(largest)) widths.push(largest);
  return widths;
}

function newKey(kind: UploadKind): string {
  return `${kind === "image" ? "img" : "pdf"}-${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;
}

function cleanName(name: string): string {
  // Keep a readable original name (used for PDF downloads), without paths or control characters.
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f"]/g, "").slice(0, 150) || "fichier";
}

interface ProcessedImage {
  width: number;
  height: number;
  files: Array<{ name: string; body: Buffer; contentType: string }>;
}

async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
  } catch {
    throw new UploadError("Ce fichier n’est pas une image lisible. Formats acceptés : JPEG, PNG ou WebP.");
  }
  if (!meta.format || !(meta.format in ACCEPTED_IMAGE_FORMATS) || !meta.width || !meta.height) {
    throw new UploadError("Format d’image non accepté. Formats acceptés : JPEG, PNG ou WebP.");
  }
  // EXIF orientations 5 to 8 swap width and height once the image is rotated.
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = rotated ? meta.height : meta.width;
  const height = rotated ? meta.width : meta.height;
  const files: ProcessedImage["files"] = [];
  try {
    for (const w of variantWidths(width)) {
      const base = sharp(bytes, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width: w, withoutEnlargement: true });
      const [webp, avif] = await Promise.all([
        base.clone().webp({ quality: 80 }).toBuffer(),
        base.clone().avif({ quality: 55, effort: 2 }).toBuffer(),
      ]);
      files.push({ name: `${w}.webp`, body: webp, contentType: "image/webp" });
      files.push({ name: `${w}.avif`, body: avif, contentType: "image/avif" });
    }
  } catch (err) {
    log.warn("image re-encoding failed", { err });
    throw new UploadError(
      "Cette image est endommagée ou illisible. Essayez de l’enregistrer à nouveau puis de la renvoyer.",
    );
  }
  return { width, height, files };
}

/**
 * Validates and stores an uploaded file; returns its `media` row.
 * Throws UploadError (French message) when the file is refused — nothing is stored then.
 */
export async function storeUpload(
  file: File | (Blob & { name?: string }),
  options: { accept: UploadKind | "image-or-pdf"; alt?: string; userId?: string | null },
): Promise<Media> {
  const accept = options.accept;
  const name = cleanName((file as File).name ?? "");
  const acceptedText =
    accept === "image"
      ? "une image JPEG, PNG ou WebP"
      : accept === "pdf"
        ? "un document PDF"
        : "une image JPEG, PNG ou WebP, ou un document PDF";
  if (file.size === 0) throw new UploadError("Le fichier envoyé est vide.");
  if (file.size > MAX_PDF_BYTES && accept !== "image") {
    throw new UploadError(`Le fichier dépasse la taille maximale de ${formatMegabytes(MAX_PDF_BYTES)}.`);
  }
  if (file.size > MAX_IMAGE_BYTES && accept === "image") {
    throw new UploadError(`L’image dépasse la taille maximale de ${formatMegabytes(MAX_IMAGE_BYTES)}.`);
  }
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const imageType = sniffImage(head);
  const isPdf = sniffPdf(head);

  let kind: UploadKind;
  if (imageType && accept !== "pdf") kind = "image";
  else if (isPdf && accept !== "image") kind = "pdf";
  else
    throw new UploadError(
      `Ce fichier n’est pas accepté : choisissez ${acceptedText}. Le type est vérifié d’après le contenu du fichier, pas son nom.`,
    );

  if (kind === "image" && file.size > MAX_IMAGE_BYTES) {
    throw new UploadError(`L’image dépasse la taille maximale de ${formatMegabytes(MAX_IMAGE_BYTES)}.`);
  }

  const bytes = Buffer.from(await file.arrayBuffer());
  const key = newKey(kind);
  const store = storage();
  let width: number | null = null;
  let height: number | null = null;
  let mimeType: string;
  let files: ProcessedImage["files"];
  if (kind === "image") {
    const processed = await processImage(bytes);
    width = processed.width;
    height = processed.height;
    files = processed.files;
    mimeType = defined(imageType && ACCEPTED_IMAGE_FORMATS[imageType], "type MIME de l’image");
  } else {
    mimeType = "application/pdf";
    files = [{ name: "document.pdf", body: bytes, contentType: mimeType }];
  }

  try {
    for (const f of files) await store.put(`${key}/${f.name}`, f.body, f.contentType);
    const [row] = await db
      .insert(media)
      .values({
        kind,
        storageKey: key,
        originalName: name,
        mimeType,
        size: file.size,
        width,
        height,
        alt: options.alt?.trim() ?? "",
        createdBy: options.userId ?? null,
      })
      .returning();
    invariant(row, "média inséré");
    log.info("media stored", { mediaId: row.id, kind, size: file.size, userId: options.userId ?? null });
    return row;
  } catch (err) {
    await store.deletePrefix(key).catch(() => {});
    throw err;
  }
}

export async function getMedia(id: number): Promise<Media | null> {
  const [row] = await db.select().from(media).where(eq(media.id, id)).limit(inlineCount(1));
  return row ?? null;
}

export async function getMediaByKey(key: string): Promise<Media | null> {
  const [row] = await db.select().from(media).where(eq(media.storageKey, key)).limit(inlineCount(1));
  return row ?? null;
}

/** Public URL of one file of a media. */
export function mediaUrl(m: Pick<Media, "storageKey" | "kind">, variant?: string): string {
  return `/media/${m.storageKey}/${variant ?? (m.kind === "pdf" ? "document.pdf" : "960.webp")}`;
}

export interface ImageSources {
  /** Fallback (largest WebP). */
  src: string;
  webp: string;
  avif: string;
  width: number;
  height: number;
}

/** srcset strings of an image media, for <picture> (see ResponsiveImage). */
export function imageSrcSet(m: Pick<Media, "storageKey" | "kind" | "width" | "height">): ImageSources {
  const width = m.width ?? LARGEST_VARIANT_WIDTH;
  const height = m.height ?? Math.round((width * 9) / 16);
  const widths = variantWidths(width);
  const set = (ext: string) => widths.map((w) => `/media/${m.storageKey}/${w}.${ext} ${w}w`).join(", ");
  const largest = widths.at(-1) ?? width;
  return { src: `/media/${m.storageKey}/${largest}.webp`, webp: set("webp"), avif: set("avif"), width, height };
}

/** Where a media is used, in French words ("l’article « … »"), empty when unused. */
export async function mediaUsages(id: number, ignoreArticleId?: number): Promise<string[]> {
  const m = await getMedia(id);
  if (!m) return [];
  const usages: string[] = [];
  const pattern = `%/media/${m.storageKey}/%`;
  const articleRows = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(or(eq(articles.coverImageId, id), like(articles.body, pattern)));
  for (const a of articleRows) if (a.id !== ignoreArticleId) usages.push(`l’article « ${a.title} »`);
  const docRows = await db.select({ title: documents.title }).from(documents).where(eq(documents.mediaId, id));
  for (const d of docRows) usages.push(`le document « ${d.title} »`);
  const comicRows = await db.select({ title: comics.title }).from(comics).where(eq(comics.mediaId, id));
  for (const c of comicRows) usages.push(`la planche « ${c.title} »`);
  return usages;
}

export type DeleteMediaResult = { ok: true } | { ok: false; message: string };

/** Deletes a media and its files — refused (French message) when still used somewhere. */
export async function deleteMedia(id: number): Promise<DeleteMediaResult> {
  const m = await getMedia(id);
  if (!m) return { ok: true };
  const usages = await mediaUsages(id);
  if (usages.length > 0) {
    return {
      ok: false,
      message: `Ce fichier est encore utilisé par ${usages.join(", ")}. Retirez-le d’abord de ${usages.length > 1 ? "ces contenus" : "ce contenu"}.`,
    };
  }
  await db.delete(media).where(eq(media.id, id));
  await storage()
    .deletePrefix(m.storageKey)
    .catch((err) => log.warn("media files not deleted", { err, key: m.storageKey }));
  log.info("media deleted", { mediaId: id });
  return { ok: true };
}

/** Deletes a media only if nothing uses it any more (used after replacing or deleting its owner). */
export async function deleteMediaIfUnused(id: number | null | undefined): Promise<boolean> {
  if (!id) return false;
  const result = await deleteMedia(id);
  return result.ok;
}

/** Largest body read (and thrown away) before answering 413, so the browser receives the answer. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Refuses an oversized request body (announced by Content-Length) before
 * parsing the form: throws a `DomainError` 413 with the French message. The
 * body is read and thrown away first (up to DRAIN_MAX_BYTES): a server that
 * answers while the browser is still sending leaves the page waiting
 * (« Enregistrement… » forever).
 */
export async function assertRequestSize(request: Request, maxBytes = MAX_REQUEST_BYTES): Promise<void> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length <= maxBytes) return;
  const reader = request.body?.getReader();
  let read = 0;
  try {
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > DRAIN_MAX_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away: nothing to answer.
  }
  throw new DomainError(REQUEST_TOO_LARGE, { status: 413 });
}

/** `assertRequestSize` as a value: the 413 `DomainError` to answer, or null when the request may be read. */
export async function oversizedRequest(request: Request, maxBytes = MAX_REQUEST_BYTES): Promise<DomainError | null> {
  try {
    await assertRequestSize(request, maxBytes);
    return null;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
}
