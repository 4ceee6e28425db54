/**
 * Serves uploaded files: /media/<storageKey>/<variant> (or /media/<storageKey>
 * for the default file: the largest WebP of an image, the PDF of a document).
 * Keys are random and never reused, so public files are cached for a year
 * as immutable. Members-only files (isMembersOnlyMedia: the brochure…) need a
 * signed-in member (else the sign-in page, or 404 for a pré-inscrit) and are
 * sent `private, no-cache`, never to shared caches. Photos of identifiable
 * people are sent `public, no-cache` with an ETag. PDFs open inline with
 * their original file name. Portraits of profiles (kind "portrait") are
 * never served here: 404, as for an unknown key (only the member area's guarded route reads them).
 */
import { redirect } from "react-router";
import type { Route } from "./+types/media";
import { isValidKey, storage } from "~/lib/content/storage.server";
import { getMediaByKey, variantWidths } from "~/lib/content/uploads.server";
import { isMembersOnlyMedia } from "~/lib/content/club-files.server";
import { isPhotoOfPeople } from "~/lib/content/photos.server";
import { PORTRAIT_KIND } from "~/lib/content/portrait-images.server";
import { can } from "~/lib/accounts/capabilities";
import { getSessionUser, signInUrl } from "~/lib/accounts/session.server";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  avif: "image/avif",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
};

function notFound(): Response {
  return new Response("Fichier introuvable", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** RFC 6266 filename: ASCII fallback plus the UTF-8 name. */
function contentDisposition(name: string): string {
  const withPdf = /\.pdf$/i.test(name) ? name : `${name}.pdf`;
  const ascii = withPdf
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(withPdf)}`;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const path = params["*"] ?? "";
  if (!isValidKey(path)) return notFound();
  const parts = path.split("/");
  if (parts.length > 2) return notFound();
  const row = await getMediaByKey(parts[0] ?? "");
  if (!row || row.kind === PORTRAIT_KIND) return notFound();
  if (parts.length === 1) {
    // /media/<key> alone: the default file (largest WebP of an image, or the PDF).
    const variant = row.kind === "pdf" ? "document.pdf" : `${variantWidths(row.width ?? 1600).at(-1)}.webp`;
    parts.push(variant);
  }
  const membersOnly = await isMembersOnlyMedia(row.id);
  if (membersOnly) {
    const user = await getSessionUser(request);
    if (!user) return redirect(signInUrl(request), { headers: { "Cache-Control": "no-store" } });
    if (!can(user, "member-content:read")) return notFound();
  }
  if (parts.length !== 2) return notFound();
  const [key = "", variant = ""] = parts;
  const ext = variant.split(".").pop() ?? "";
  const contentType = CONTENT_TYPES[ext];
  if (!contentType) return notFound();

  const object = await storage().open(`${key}/${variant}`);
  if (!object) return notFound();

  // Photos of people: revalidated on every view, so a withdrawn one disappears everywhere at once.
  const ofPeople = !membersOnly && (await isPhotoOfPeople(row.id));
  const etag = `"${key}-${variant}"`;
  if (ofPeople && request.headers.get("if-none-match") === etag) {
    await object.body.cancel();
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "public, no-cache" } });
  }
  const headers = new Headers({
    "Content-Type": contentType,
    "Content-Length": String(object.size),
    "Cache-Control": membersOnly
      ? "private, no-cache"
      : ofPeople
        ? "public, no-cache"
        : "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (membersOnly) headers.set("Vary", "Cookie");
  if (ofPeople) headers.set("ETag", etag);
  if (contentType === "application/pdf") {
    headers.set("Content-Disposition", contentDisposition(row.originalName));
  }
  return new Response(object.body, { status: 200, headers });
}
