/** Comic strips of /la-vie-du-club/bd-humour, public read side. */
import { desc, eq } from "drizzle-orm";
import { comics, media } from "#db/schema";
import { db } from "../core/db.server";
import { imageSrcSet, type ImageSources } from "./uploads.server";

export interface ComicStrip {
  id: number;
  title: string;
  alt: string;
  publishedAt: Date;
  /** Uploaded strips: responsive sources. */
  image: ImageSources | null;
  /** Strips shipped with the site (public/comics/…). */
  src: string | null;
}

/** Every strip, newest first. */
export async function listComics(): Promise<ComicStrip[]> {
  const rows = await db
    .select({
      id: comics.id,
      title: comics.title,
      alt: comics.alt,
      src: comics.src,
      publishedAt: comics.publishedAt,
      position: comics.position,
      storageKey: media.storageKey,
      kind: media.kind,
      width: media.width,
      height: media.height,
    })
    .from(comics)
    .leftJoin(media, eq(media.id, comics.mediaId))
    .orderBy(desc(comics.publishedAt), desc(comics.position), desc(comics.id));
  return rows
    .map((r) => ({
      id: r.id,
      title: r.title,
      alt: r.alt,
      publishedAt: r.publishedAt,
      image:
        r.storageKey && r.kind === "image"
          ? imageSrcSet({ storageKey: r.storageKey, kind: r.kind, width: r.width, height: r.height })
          : null,
      src: r.src,
    }))
    .filter((c) => c.image !== null || c.src !== null);
}
