/**
 * The image files of a profile's portrait, beside the uploads
 * module whose rules they follow: the type is read from the first bytes
 * (JPEG, PNG or WebP, never the name or the browser's type), the size is at
 * most MAX_IMAGE_BYTES, the picture is re-encoded by sharp (EXIF and every
 * other metadata dropped, the orientation applied) and the original bytes
 * are not kept.
 *
 * Rules of their own:
 *  - only two small square WebP variants, PORTRAIT_SIZES (96 and 192 px),
 *    cropped around the most salient part of the picture (usually the face);
 *  - one `media` row of kind "portrait" under a key "portrait-…", with no
 *    original name (a file name may carry the child's name): /media never
 *    serves that kind (routes/resources/media.ts answers 404), only the
 *    guarded route of the member area reads the files (portraits.server.ts);
 *  - deleting a portrait deletes its media row and its files together.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { media } from "#db/schema";
import { db } from "../core/db.server";
import { invariant } from "../core/invariant";
import { log } from "../core/log.server";
import { PORTRAIT_SIZES, type PortraitSize } from "../members/portraits";
import { formatMegabytes, MAX_IMAGE_BYTES } from "./upload-limits";
import { sniffImage, UploadError, type Media } from "./uploads.server";
import { storage, type StoredObject } from "./storage.server";

export const PORTRAIT_KIND = "portrait";

const NOT_AN_IMAGE = "Ce fichier n’est pas une photo lisible. Formats acceptés : JPEG, PNG ou WebP.";

/** Largest picture sharp is allowed to decode (as for every upload). */
const MAX_INPUT_PIXELS = 100_000_000;

/** The WebP variants of a picture: 96 and 192 px squares. */
async function squareVariants(bytes: Buffer): Promise<Array<{ size: PortraitSize; body: Buffer }>> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new UploadError(NOT_AN_IMAGE);
  }
  if (!meta.width || !meta.height || !["jpeg", "png", "webp"].includes(meta.format ?? "")) {
    throw new UploadError(NOT_AN_IMAGE);
  }
  try {
    return await Promise.all(
      PORTRAIT_SIZES.map(async (size) => ({
        size,
        body: await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
          .rotate()
          .resize({ width: size, height: size, fit: "cover", position: sharp.strategy.attention })
          .webp({ quality: 82 })
          .toBuffer(),
      })),
    );
  } catch (err) {
    log.warn("portrait re-encoding failed", { err });
    throw new UploadError("Cette photo est endommagée ou illisible. Enregistrez-la à nouveau puis renvoyez-la.");
  }
}

/** Checks, re-encodes and stores a portrait; returns its media row. Nothing is kept when it is refused. */
export async function storePortraitImage(file: Blob, userId: string): Promise<Media> {
  if (file.size === 0) throw new UploadError("Le fichier envoyé est vide.");
  if (file.size > MAX_IMAGE_BYTES)
    throw new UploadError(`La photo dépasse la taille maximale de ${formatMegabytes(MAX_IMAGE_BYTES)}.`);
  const bytes = Buffer.from(await file.arrayBuffer());
  if (!sniffImage(bytes.subarray(0, 16))) {
    throw new UploadError(
      "Ce fichier n’est pas accepté : choisissez une photo JPEG, PNG ou WebP. Le type est vérifié d’après le contenu du fichier, pas son nom.",
    );
  }
  const variants = await squareVariants(bytes);
  const key = `${PORTRAIT_KIND}-${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;
  const store = storage();
  try {
    for (const v of variants) await store.put(`${key}/${v.size}.webp`, v.body, "image/webp");
    const [row] = await db
      .insert(media)
      .values({
        kind: PORTRAIT_KIND,
        storageKey: key,
        originalName: "",
        mimeType: "image/webp",
        size: variants.reduce((sum, v) => sum + v.body.byteLength, 0),
        width: Math.max(...PORTRAIT_SIZES),
        height: Math.max(...PORTRAIT_SIZES),
        createdBy: userId,
      })
      .returning();
    invariant(row, "média du portrait inséré");
    return row;
  } catch (err) {
    await store.deletePrefix(key).catch(() => {});
    throw err;
  }
}

/** One variant of a stored portrait, or null when its file is missing. */
export async function readPortraitImage(storageKey: string, size: PortraitSize): Promise<StoredObject | null> {
  return storage().get(`${storageKey}/${size}.webp`);
}

/**
 * Deletes portrait media rows (their portrait rows must be gone first), then
 * their files. A file that cannot be deleted is logged: without its row,
 * nothing serves it any more.
 */
export async function deletePortraitMedia(mediaIds: readonly number[]): Promise<void> {
  if (!mediaIds.length) return;
  const gone = await db
    .delete(media)
    .where(and(inArray(media.id, [...mediaIds]), eq(media.kind, PORTRAIT_KIND)))
    .returning({ storageKey: media.storageKey });
  for (const m of gone) {
    await storage()
      .deletePrefix(m.storageKey)
      .catch((err: unknown) => log.error("portrait files not deleted", { err, key: m.storageKey }));
  }
  if (gone.length) log.info("portrait files deleted", { count: gone.length });
}
