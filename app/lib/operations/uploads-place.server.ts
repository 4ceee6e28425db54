/**
 * Where the site keeps uploaded files (photos, papers, receipts): the data
 * folder or PostgreSQL (app/lib/content/storage.server.ts). Chosen on the
 * operations page or by `npm run fichiers` (scripts/move-uploads.ts), which
 * also moves the files already uploaded.
 *
 * Rules:
 *  - PostgreSQL only with DATABASE_URL: the embedded database serves one
 *    process on one machine, the data folder is its place; a choice of
 *    PostgreSQL there is refused with the reason, in French.
 *  - The choice is one setting in the database, so every machine applies it at
 *    once; it is audited.
 *  - A move copies each file, reads the copy back and compares its size and
 *    SHA-256 with the source's, and only then deletes the source. It can be
 *    interrupted at any point and run again (a file already copied is checked
 *    and not copied twice); meanwhile every file stays readable (reads look in
 *    both places).
 */
import { createHash } from "node:crypto";
import { readdir, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { audit, type AuditActor } from "../core/audit.server";
import { countOf, formatCount } from "../core/count";
import { databaseDriver } from "../core/db.server";
import { DomainError } from "../core/errors";
import { getSetting, setSetting } from "../club/settings.server";
import { storagePlaces, type StorageBackend } from "../content/storage.server";
import { EMBEDDED_REFUSAL, PLACE_LABELS, type UploadsPlace } from "./uploads-place";

export { EMBEDDED_REFUSAL, PLACE_LABELS, type UploadsPlace };

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

export interface PlaceTotals {
  files: number;
  bytes: number;
}

export interface UploadsPlaceStatus {
  /** What the setting says (always "dossier" on the embedded database). */
  place: UploadsPlace;
  /** PostgreSQL may be chosen (DATABASE_URL is set). */
  postgresAvailable: boolean;
  folder: PlaceTotals & { path: string };
  postgres: PlaceTotals;
}

async function folderTotals(dir: string): Promise<PlaceTotals> {
  let entries;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return { files: 0, bytes: 0 };
  }
  let files = 0;
  let bytes = 0;
  for (const e of entries) {
    if (!e.isFile()) continue;
    files++;
    bytes += (await stat(path.join(e.parentPath, e.name)).catch(() => ({ size: 0 }))).size;
  }
  return { files, bytes };
}

/** The setting, and how many files each place holds (the operations page). */
export async function uploadsPlaceStatus(): Promise<UploadsPlaceStatus> {
  const places = storagePlaces();
  const postgresAvailable = databaseDriver() === "postgres";
  return {
    place: postgresAvailable ? await getSetting("uploadsStorage") : "dossier",
    postgresAvailable,
    folder: { path: places.root, ...(await folderTotals(places.root)) },
    postgres: await places.database.totals(),
  };
}

/** Sets where new files go (refused on the embedded database); audited. */
export async function chooseUploadsPlace(place: UploadsPlace, actor: AuditActor): Promise<void> {
  if (place === "postgres" && databaseDriver() !== "postgres")
    throw new DomainError(EMBEDDED_REFUSAL, { field: "place" });
  if ((await getSetting("uploadsStorage")) === place) return;
  await setSetting("uploadsStorage", place, actor && "id" in actor ? actor.id : null);
  await audit(actor, "uploads.place", `Nouveaux fichiers envoyés gardés dans ${PLACE_LABELS[place]}.`);
}

export interface MoveResult {
  moved: number;
  bytes: number;
  /** Files found in both places with the same bytes (a move interrupted after its copy). */
  alreadyCopied: number;
}

/** Removes the folders a move left empty (never the uploads folder itself). */
async function removeEmptyFolder(root: string, key: string): Promise<void> {
  let dir = path.dirname(path.join(root, key));
  while (dir.startsWith(root + path.sep)) {
    try {
      await rmdir(dir);
    } catch {
      return; // not empty (or already gone)
    }
    dir = path.dirname(dir);
  }
}

/**
 * Moves every uploaded file to `to`, after setting it as the place of new
 * files. `say` receives the progress lines (French). Refused on the embedded database.
 */
export async function moveUploads(
  to: UploadsPlace,
  actor: AuditActor,
  say: (line: string) => void = () => {},
): Promise<MoveResult> {
  if (databaseDriver() !== "postgres") throw new DomainError(EMBEDDED_REFUSAL);
  await chooseUploadsPlace(to, actor);
  const places = storagePlaces();
  const [source, target]: [StorageBackend, StorageBackend] =
    to === "postgres" ? [places.folder, places.database] : [places.database, places.folder];
  const keys = await source.keys();
  const result: MoveResult = { moved: 0, bytes: 0, alreadyCopied: 0 };
  say(
    keys.length
      ? `${countOf(keys.length, "fichier", "fichiers")} à déplacer vers ${PLACE_LABELS[to]}.`
      : `Aucun fichier à déplacer : tous sont déjà dans ${PLACE_LABELS[to]}.`,
  );
  for (const [i, key] of keys.entries()) {
    const original = await source.get(key);
    if (!original) continue; // deleted meanwhile
    const hash = sha256(original.body);
    const existing = await target.get(key);
    if (existing && existing.size === original.size && sha256(existing.body) === hash) result.alreadyCopied++;
    else await target.put(key, original.body);
    const copy = await target.get(key);
    if (!copy || copy.size !== original.size || sha256(copy.body) !== hash)
      throw new DomainError(
        `La copie du fichier ${key} ne correspond pas à l'original (taille ou somme de contrôle) : l'original est gardé. Relancez la commande ; si l'erreur revient, vérifiez l'espace libre.`,
      );
    await source.delete(key);
    if (to === "postgres") await removeEmptyFolder(places.root, key);
    result.moved++;
    result.bytes += original.size;
    if ((i + 1) % 50 === 0 || i + 1 === keys.length)
      say(
        `${formatCount(i + 1)} sur ${countOf(keys.length, "fichier déplacé et vérifié", "fichiers déplacés et vérifiés")}.`,
      );
  }
  await audit(
    actor,
    "uploads.move",
    `${countOf(result.moved, "fichier déplacé", "fichiers déplacés")} vers ${PLACE_LABELS[to]}.`,
  );
  return result;
}
