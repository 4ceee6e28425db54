/**
 * The uploaded files of a backup, wherever the site keeps them: in the data
 * folder (`DATA_DIR/uploads`) or in PostgreSQL (`stored_files`, see
 * app/lib/content/storage.server.ts). Used by the backup (backup.server.ts) and
 * the restore (restore.server.ts) through a bare SQL client.
 *
 * Rules:
 *  - An archive holds every file once, as a file record, whichever place holds
 *    it: the database's files are read inside the backup's snapshot
 *    transaction (consistent with the rows), then the folder's files not
 *    already written (a file copied but not yet deleted by a move is in both).
 *  - The tables that keep files and the machines' shared secret are never
 *    copied as rows (`NOT_COPIED_AS_ROWS`): files go as files, and a stolen
 *    archive must not sign session cookies.
 *  - A file kept in the database whose bytes no longer match its recorded size
 *    or SHA-256 stops the backup (French message), never goes into it silently.
 *  - A restore puts the files where the restored setting `uploadsStorage` says;
 *    into the embedded database, always the data folder (the setting is set so).
 */
import { createHash } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { PIECE_BYTES } from "../content/stored-files.server";
import { BackupError } from "./archive.server";
import type { SqlClient } from "./snapshot.server";

/** Tables a backup does not copy as rows. */
export const NOT_COPIED_AS_ROWS = new Set(["stored_files", "stored_file_chunks", "instance_secrets"]);

export interface ArchivedFile {
  path: string;
  data: Buffer;
}

const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The files kept in the database, read through `client` (inside the snapshot transaction). */
export async function* databaseFiles(client: SqlClient): AsyncGenerator<ArchivedFile> {
  const { rows: exists } = await client.query<{ t: string | null }>(
    "select to_regclass('public.stored_files')::text as t",
  );
  if (!exists[0]?.t) return;
  const { rows: files } = await client.query<{ key: string; size: number; sha256: string }>(
    "select key, size, sha256 from public.stored_files order by key",
  );
  for (const file of files) {
    const { rows: pieces } = await client.query<{ data: Uint8Array }>(
      "select data from public.stored_file_chunks where key = $1 order by position",
      [file.key],
    );
    const data = Buffer.concat(pieces.map((p) => (Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data))));
    if (data.length !== file.size || sha256(data) !== file.sha256)
      throw new BackupError(
        `Le fichier ${file.key} gardé dans la base est altéré (taille ou somme de contrôle différente) : sauvegarde arrêtée.`,
      );
    yield { path: file.key, data };
  }
}

/** Every file of a folder, as relative paths with "/" (sorted). */
export function* folderFiles(dir: string, base = dir): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* folderFiles(full, base);
    else if (entry.isFile()) yield path.relative(base, full).split(path.sep).join("/");
  }
}

/** Where the restored database says its files go ("dossier" when it says nothing). */
export async function restoredUploadsPlace(tx: SqlClient): Promise<"dossier" | "postgres"> {
  const { rows } = await tx.query<{ place: string | null }>(
    "select value #>> '{}' as place from public.settings where key = 'uploadsStorage'",
  );
  return rows[0]?.place === "postgres" ? "postgres" : "dossier";
}

/** Writes one file into the restored database's `stored_files` (same transaction as the rows). */
export async function insertStoredFile(tx: SqlClient, file: ArchivedFile): Promise<void> {
  await tx.query("delete from public.stored_files where key = $1", [file.path]);
  await tx.query("insert into public.stored_files (key, size, sha256) values ($1, $2, $3)", [
    file.path,
    file.data.length,
    sha256(file.data),
  ]);
  for (let position = 0; position * PIECE_BYTES < file.data.length; position++) {
    await tx.query("insert into public.stored_file_chunks (key, position, data) values ($1, $2, $3)", [
      file.path,
      position,
      file.data.subarray(position * PIECE_BYTES, (position + 1) * PIECE_BYTES),
    ]);
  }
}

/** The embedded database keeps its files in the data folder: the restored setting says so. */
export async function keepFilesInFolder(tx: SqlClient): Promise<void> {
  await tx.query(`update public.settings set value = '"dossier"'::jsonb where key = 'uploadsStorage'`);
}
