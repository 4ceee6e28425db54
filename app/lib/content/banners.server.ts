/**
 * Banner images chosen by the admins (/espace-membre/contenu/bannieres).
 * The layout shows the images of public/banners by default
 * (sectionBanners in navigation.ts); an admin may replace the image of a
 * section prefix ("/" = the default banner) by an uploaded image. The map
 * prefix -> media id is the `banners` setting.
 */
import { sectionBanners, sectionNames, DEFAULT_BANNER } from "../club/navigation";
import { getSetting, setSetting } from "../club/settings.server";
import { mediaByIds, deleteMediaIfUnreferenced } from "./club-files.server";
import { DomainError } from "../core/errors";
import { imageSrcSet, storeUpload, UploadError } from "./uploads.server";

export interface BannerImage {
  /** Largest WebP variant: usable wherever a plain image URL is expected. */
  src: string;
  webp: string;
  avif: string;
  width: number;
  height: number;
}

/** The sections an admin can give a banner: "/" (default) and every named section prefix. */
export function bannerSections(): Array<{ prefix: string; name: string; defaultImage: string }> {
  const list = [{ prefix: "/", name: "Bannière par défaut (toutes les autres pages)", defaultImage: DEFAULT_BANNER }];
  for (const [prefix, name] of Object.entries(sectionNames)) {
    if (["/deconnexion", "/reinitialiser-mot-de-passe", "/mot-de-passe-oublie"].includes(prefix)) continue;
    let best: string | undefined;
    for (const p of Object.keys(sectionBanners)) {
      if ((prefix === p || prefix.startsWith(`${p}/`)) && (!best || p.length > best.length)) best = p;
    }
    list.push({ prefix, name, defaultImage: (best && sectionBanners[best]) || DEFAULT_BANNER });
  }
  return list;
}

export function isBannerSection(prefix: string): boolean {
  return bannerSections().some((s) => s.prefix === prefix);
}

/** Uploaded banner images by section prefix, with their responsive sources. */
export async function getBannerOverrideImages(): Promise<Record<string, BannerImage>> {
  const map = await getSetting("banners");
  const medias = await mediaByIds(Object.values(map));
  const result: Record<string, BannerImage> = {};
  for (const [prefix, id] of Object.entries(map)) {
    const m = medias.get(id);
    if (m && m.kind === "image") result[prefix] = imageSrcSet(m);
  }
  return result;
}

/**
 * Banner image URLs chosen by the admins, by section prefix ("/" = default),
 * to merge over the defaults: `longestPrefixMatch(path, { ...sectionBanners, ...overrides })`
 * (a "/" entry then replaces DEFAULT_BANNER). Empty when nothing was uploaded.
 */
export async function getBannerOverrides(): Promise<Record<string, string>> {
  const images = await getBannerOverrideImages();
  return Object.fromEntries(Object.entries(images).map(([prefix, img]) => [prefix, img.src]));
}

/** Sets a section's banner image; a refusal is a `DomainError` next to its field (section, file). */
export async function setBannerImage(prefix: string, file: File | null, userId: string): Promise<{ ok: true }> {
  if (!isBannerSection(prefix)) throw new DomainError("Choisissez une section dans la liste.", { field: "section" });
  if (!file) throw new DomainError("Choisissez une image (JPEG, PNG ou WebP).", { field: "file" });
  let mediaId: number;
  try {
    mediaId = (await storeUpload(file, { accept: "image", userId, alt: "" })).id;
  } catch (err) {
    if (err instanceof UploadError) throw new DomainError(err.message, { field: "file", cause: err });
    throw err;
  }
  const map = await getSetting("banners");
  const old = map[prefix];
  await setSetting("banners", { ...map, [prefix]: mediaId }, userId);
  if (old) await deleteMediaIfUnreferenced(old);
  return { ok: true };
}

export async function resetBannerImage(prefix: string, userId: string): Promise<void> {
  const map = { ...(await getSetting("banners")) };
  const old = map[prefix];
  if (old === undefined) return;
  delete map[prefix];
  await setSetting("banners", map, userId);
  await deleteMediaIfUnreferenced(old);
}
