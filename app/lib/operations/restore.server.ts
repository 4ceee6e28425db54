/**
 * Restore of a backup archive into an EMPTY target: the embedded database of
 * a data folder, or a PostgreSQL database.
 *
 * Rules:
 *  - Nothing is touched before the whole archive is checked (checksums,
 *    manifest, application, schema not newer than this version).
 *  - A non-empty target is refused; with `force`, its data is kept aside,
 *    never deleted (PGlite and uploads: moved to `DATA_DIR/avant-restauration-<date>/`;
 *    PostgreSQL: schemas renamed `avant_restauration_<date>` in the same
 *    transaction as the load).
 *  - All or nothing: PostgreSQL loads in one transaction; PGlite loads into a
 *    temporary folder renamed into place last; uploaded files are written to a
 *    temporary folder first. A restore interrupted at any point (kill -9) leaves
 *    the target as it was (empty, or its old data) and can simply be run again.
 *  - The migrations of this version that the archive predates are applied in
 *    the same transaction; the per-table counts are compared with the manifest.
 *  - Uploaded files go where the restored setting `uploadsStorage` says: into
 *    PostgreSQL in the same transaction as the rows, or into the data folder;
 *    into the embedded database always the data folder (archive-files.server.ts).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { lockFolder, migrationsFolder } from "../core/db.server";
import { BackupError, checkArchive } from "./archive.server";
import { loadArchive } from "./archive-load.server";
import { appMigrations, appliedMigrations, type SqlClient } from "./snapshot.server";
import { insertStoredFile, keepFilesInFolder, restoredUploadsPlace, type ArchivedFile } from "./archive-files.server";

export interface RestoreOptions {
  archive: string;
  passphrase?: string;
  force?: boolean;
  dataDir: string;
  /** postgres:// URL; when absent the embedded database of dataDir/pglite. */
  databaseUrl?: string;
  now?: Date;
  /** Progress lines for the command (French). */
  say?: (line: string) => void;
  /** Called after each table is loaded (inside the transaction): the kill -9 test pauses here. */
  onTable?: (table: string, tablesDone: number) => Promise<void>;
}

export interface RestoreResult {
  counts: Record<string, number>;
  expected: Record<string, number>;
  /** Where the target's previous data was put (folders, PostgreSQL schema). */
  movedAside: string[];
  migrationsApplied: number;
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/** Applies this version's migrations the restored data predates (same transaction). */
async function applyNewerMigrations(tx: SqlClient): Promise<number> {
  const done = new Set((await appliedMigrations(tx)).map((m) => m.hash));
  let applied = 0;
  for (const m of appMigrations(migrationsFolder)) {
    if (done.has(m.hash)) continue;
    for (const statement of m.sql) if (statement.trim()) await tx.query(statement);
    await tx.query("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
      m.hash,
      m.folderMillis,
    ]);
    applied++;
  }
  return applied;
}

export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  const say = options.say ?? (() => {});
  const now = options.now ?? new Date();
  const tag = stamp(now);
  say("Vérification de la sauvegarde…");
  const { manifest } = await checkArchive(options.archive, options.passphrase);
  say("Sauvegarde vérifiée (sommes de contrôle et manifeste).");

  const uploads = path.join(options.dataDir, "uploads");
  const aside = path.join(options.dataDir, `avant-restauration-${tag}`);
  const tmpUploads = path.join(options.dataDir, `uploads.restauration-${tag}`);
  const movedAside: string[] = [];
  let migrationsApplied = 0;
  const writeFile = async ({ path: rel, data }: ArchivedFile) => {
    const target = path.resolve(tmpUploads, rel);
    if (!target.startsWith(tmpUploads + path.sep))
      throw new BackupError(`Chemin de fichier refusé dans la sauvegarde : ${rel}`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, data);
  };
  const placeUploads = () => {
    if (!isEmptyDir(uploads)) {
      mkdirSync(aside, { recursive: true });
      renameSync(uploads, path.join(aside, "uploads"));
      movedAside.push(path.join(aside, "uploads"));
    } else rmSync(uploads, { recursive: true, force: true });
    if (existsSync(tmpUploads)) renameSync(tmpUploads, uploads);
  };

  // Into PostgreSQL: where the restored setting says (read once, after the rows and before the files).
  let place: "dossier" | "postgres" | null = null;
  const placeFile = async (file: ArchivedFile, tx: SqlClient) => {
    place ??= await restoredUploadsPlace(tx);
    if (place === "postgres") await insertStoredFile(tx, file);
    else await writeFile(file);
  };

  mkdirSync(options.dataDir, { recursive: true });
  let counts: Record<string, number>;
  try {
    if (options.databaseUrl) {
      const { default: pg } = await import("pg");
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ n: string }>(
          "select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle') and c.relkind = 'r'",
        );
        const empty = Number(rows[0]?.n ?? 0) === 0;
        if (!empty && !options.force)
          throw new BackupError(
            "La base PostgreSQL de destination n'est pas vide. Relancez avec --force pour mettre ses données de côté (rien n'est supprimé).",
          );
        for (const leftover of readdirSync(options.dataDir))
          if (/^uploads\.restauration-/.test(leftover))
            rmSync(path.join(options.dataDir, leftover), { recursive: true, force: true });
        say("Restauration dans PostgreSQL (une seule transaction)…");
        counts = await loadArchive(
          options.archive,
          options.passphrase,
          async (fn) => {
            await client.query("begin");
            try {
              if (!empty) {
                const schema = `avant_restauration_${tag.replace("-", "_")}`;
                await client.query(`alter schema public rename to ${schema}`);
                await client.query("create schema public");
                const drizzleSchema = await client.query("select 1 from pg_namespace where nspname = 'drizzle'");
                if (drizzleSchema.rowCount) await client.query(`alter schema drizzle rename to drizzle_${schema}`);
                movedAside.push(`schéma PostgreSQL ${schema}`);
              }
              const result = await fn(client);
              migrationsApplied = await applyNewerMigrations(client);
              await client.query("commit");
              return result;
            } catch (err) {
              await client.query("rollback").catch(() => {});
              throw err;
            }
          },
          placeFile,
          options.onTable,
        );
        placeUploads();
        if (place === "postgres") say("Fichiers envoyés restaurés dans PostgreSQL (réglage de la sauvegarde).");
      } finally {
        await client.end();
      }
    } else {
      const target = path.join(options.dataDir, "pglite");
      const unlock = await lockFolder(target);
      try {
        const empty = isEmptyDir(target);
        if (!empty && !options.force)
          throw new BackupError(
            `La base embarquée ${target} n'est pas vide. Relancez avec --force pour la mettre de côté (rien n'est supprimé).`,
          );
        // Leftovers of a restore killed midway (never in place, never "working"): removed under the lock.
        for (const leftover of readdirSync(options.dataDir))
          if (/^(pglite|uploads)\.restauration-/.test(leftover))
            rmSync(path.join(options.dataDir, leftover), { recursive: true, force: true });
        const tmp = path.join(options.dataDir, `pglite.restauration-${tag}`);
        rmSync(tmp, { recursive: true, force: true });
        const { PGlite } = await import("@electric-sql/pglite");
        const pglite = await PGlite.create(tmp);
        try {
          say("Restauration dans la base embarquée…");
          counts = await loadArchive(
            options.archive,
            options.passphrase,
            (fn) =>
              pglite.transaction(async (tx) => {
                const result = await fn(tx);
                migrationsApplied = await applyNewerMigrations(tx);
                await keepFilesInFolder(tx);
                return result;
              }),
            writeFile,
            options.onTable,
          );
        } finally {
          await pglite.close();
        }
        placeUploads();
        if (!empty) {
          mkdirSync(aside, { recursive: true });
          renameSync(target, path.join(aside, "pglite"));
          movedAside.push(path.join(aside, "pglite"));
        } else rmSync(target, { recursive: true, force: true });
        // Last step: the restored database takes its place.
        renameSync(tmp, target);
      } finally {
        await unlock();
      }
    }
  } catch (err) {
    rmSync(tmpUploads, { recursive: true, force: true });
    for (const leftover of readdirSync(options.dataDir)) {
      if (leftover === `pglite.restauration-${tag}`)
        rmSync(path.join(options.dataDir, leftover), { recursive: true, force: true });
    }
    throw err;
  }
  return { counts, expected: manifest.tables, movedAside, migrationsApplied };
}
