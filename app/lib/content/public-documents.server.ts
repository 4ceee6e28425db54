/**
 * The downloadable documents of /inscription-documents: the `documents`
 * table, ordered by position, with the file type and size when known
 * (uploaded files: from the media row; files shipped in public/: from disk).
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { documents, media } from "#db/schema";
import { db } from "../core/db.server";
import { env } from "../core/env.server";

export interface PublicDocument {
  id: number;
  title: string;
  description: string;
  href: string;
  /** "PDF", "Word"… or null when unknown. */
  type: string | null;
  /** Bytes, or null when unknown. */
  size: number | null;
}

const TYPES: Record<string, string> = {
  "application/pdf": "PDF",
  "application/msword": "Word",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
  "application/vnd.oasis.opendocument.text": "OpenDocument",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
};

const EXTENSIONS: Record<string, string> = {
  ".pdf": "PDF",
  ".doc": "Word",
  ".docx": "Word",
  ".odt": "OpenDocument",
  ".jpg": "JPEG",
  ".jpeg": "JPEG",
  ".png": "PNG",
  ".webp": "WebP",
};

export function fileTypeLabel(mimeType: string | null, href: string | null): string | null {
  if (mimeType && TYPES[mimeType]) return TYPES[mimeType];
  if (href) {
    const ext = path.extname(href.split(/[?#]/)[0] ?? "").toLowerCase();
    if (EXTENSIONS[ext]) return EXTENSIONS[ext];
  }
  return null;
}

/** 51 923 -> "51 Ko", 2 400 000 -> "2,3 Mo" (French units). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} octets`;
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  const mo = bytes / (1024 * 1024);
  return `${mo.toLocaleString("fr-FR", { maximumFractionDigits: 1 })} Mo`;
}

const sizeCache = new Map<string, number | null>();

/** Size of a file shipped with the site (build/client in production, public/ in development). */
async function shippedFileSize(href: string): Promise<number | null> {
  if (sizeCache.has(href)) return sizeCache.get(href)!;
  let rel: string;
  try {
    rel = decodeURI(href.split(/[?#]/)[0] ?? "");
  } catch {
    return null;
  }
  if (!rel.startsWith("/") || rel.startsWith("//") || rel.includes("..") || rel.includes("\\")) return null;
  const roots = [path.resolve(env().BUILD_DIR, "client"), path.resolve("public")];
  let size: number | null = null;
  for (const root of roots) {
    try {
      const info = await stat(path.join(root, rel));
      if (info.isFile()) {
        size = info.size;
        break;
      }
    } catch {
      // not in this root
    }
  }
  sizeCache.set(href, size);
  return size;
}

export async function listPublicDocuments(): Promise<PublicDocument[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      description: documents.description,
      href: documents.href,
      storageKey: media.storageKey,
      mimeType: media.mimeType,
      size: media.size,
    })
    .from(documents)
    .leftJoin(media, eq(documents.mediaId, media.id))
    .orderBy(asc(documents.position), asc(documents.id));
  const result: PublicDocument[] = [];
  for (const row of rows) {
    // An uploaded file wins over a shipped one; a row with neither is not shown.
    const href = row.storageKey ? `/media/${row.storageKey}` : row.href;
    if (!href) continue;
    result.push({
      id: row.id,
      title: row.title,
      description: row.description,
      href,
      type: fileTypeLabel(row.mimeType, href),
      size: row.size ?? (row.storageKey ? null : await shippedFileSize(href)),
    });
  }
  return result;
}
