/**
 * Video links (shared by server and UI): parse a YouTube or Vimeo link into
 * provider + id, and build the privacy-enhanced player, thumbnail and watch
 * URLs. Other hosts are refused: the CSP (server/csp.ts) allows exactly the
 * frames of www.youtube-nocookie.com and player.vimeo.com.
 */

export type VideoProvider = "youtube" | "vimeo";

export const VIDEO_CATEGORIES = [
  { value: "technique", label: "Technique" },
  { value: "quyen", label: "Quyền" },
  { value: "self-defense", label: "Self-défense" },
  { value: "autre", label: "Autre" },
] as const;

export type VideoCategory = (typeof VIDEO_CATEGORIES)[number]["value"];

export function videoCategoryLabel(category: string): string {
  return VIDEO_CATEGORIES.find((c) => c.value === category)?.label ?? "Autre";
}

export type ParsedVideoLink =
  { ok: true; provider: VideoProvider; id: string; url: string } | { ok: false; error: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{5,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

export const REFUSED_HOST_MESSAGE =
  "Seuls les liens YouTube (youtube.com, youtu.be) ou Vimeo (vimeo.com) sont acceptés.";

function youtube(id: string | null | undefined): ParsedVideoLink {
  if (!id || !YOUTUBE_ID.test(id)) {
    return { ok: false, error: "Ce lien YouTube ne désigne pas une vidéo : copiez l’adresse de la page de la vidéo." };
  }
  return { ok: true, provider: "youtube", id, url: watchUrl("youtube", id) };
}

function vimeo(id: string | undefined, hash?: string | null): ParsedVideoLink {
  if (!id || !VIMEO_ID.test(id)) {
    return { ok: false, error: "Ce lien Vimeo ne désigne pas une vidéo : copiez l’adresse de la page de la vidéo." };
  }
  const full = hash && VIMEO_HASH.test(hash) ? `${id}:${hash}` : id;
  return { ok: true, provider: "vimeo", id: full, url: watchUrl("vimeo", full) };
}

/**
 * Accepted forms: youtube.com/watch?v=ID, youtu.be/ID, youtube.com/shorts/ID,
 * youtube.com/embed/ID, youtube-nocookie.com/embed/ID, vimeo.com/ID (with an
 * optional private hash: vimeo.com/ID/HASH) and player.vimeo.com/video/ID.
 * A Vimeo private hash is kept in the id as "ID:HASH".
 */
export function parseVideoLink(input: string): ParsedVideoLink {
  const raw = input.trim();
  if (!raw) return { ok: false, error: "Indiquez le lien de la vidéo." };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return { ok: false, error: "Ce lien n’est pas une adresse web valide." };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return { ok: false, error: "Ce lien n’est pas une adresse web valide." };
  }
  const host = url.hostname.toLowerCase().replace(/^(www|m|music)\./, "");
  const parts = url.pathname.split("/").filter(Boolean);

  if (host === "youtu.be") return youtube(parts[0]);
  if (host === "youtube.com") {
    if (parts[0] === "watch") return youtube(url.searchParams.get("v"));
    if (parts[0] === "shorts" || parts[0] === "embed" || parts[0] === "live") return youtube(parts[1]);
    return youtube(null);
  }
  if (host === "youtube-nocookie.com") {
    return youtube(parts[0] === "embed" ? parts[1] : null);
  }
  if (host === "vimeo.com") return vimeo(parts[0], parts[1]);
  if (host === "player.vimeo.com") {
    return vimeo(parts[0] === "video" ? parts[1] : undefined, url.searchParams.get("h"));
  }
  return { ok: false, error: REFUSED_HOST_MESSAGE };
}

function vimeoParts(id: string): { id: string; hash?: string } {
  const [videoId = "", hash] = id.split(":");
  return { id: videoId, hash };
}

/** The public page of the video (the facade's link without JavaScript). */
export function watchUrl(provider: VideoProvider | string, id: string): string {
  if (provider === "vimeo") {
    const v = vimeoParts(id);
    return `https://vimeo.com/${v.id}${v.hash ? `/${v.hash}` : ""}`;
  }
  return `https://www.youtube.com/watch?v=${id}`;
}

/** The privacy-enhanced player, started at once (it loads only after a click). */
export function embedUrl(provider: VideoProvider | string, id: string): string {
  if (provider === "vimeo") {
    const v = vimeoParts(id);
    return `https://player.vimeo.com/video/${v.id}?dnt=1&autoplay=1${v.hash ? `&h=${v.hash}` : ""}`;
  }
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;
}

/** YouTube's still image; Vimeo needs an API call for it, so none (a neutral poster is drawn). */
export function thumbnailUrl(provider: VideoProvider | string, id: string): string | null {
  return provider === "youtube" ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}
