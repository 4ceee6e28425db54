/**
 * Backups while the site serves. One code path for the three
 * ways to start one: `npm run backup`, the operations page, the nightly job.
 *
 * Writing a backup; the folder (list, failures, retention) is in
 * backup-folder.server.ts, the reading back in archive-load.server.ts.
 *
 * Rules:
 *  - One archive (archive.server.ts): the whole database at one point in time
 *    (snapshot.server.ts), the uploaded files each once, whether the site keeps
 *    them in the data folder or in PostgreSQL (archive-files.server.ts), a manifest.
 *  - Written as `<name>.partial`, renamed only when complete: a failed backup
 *    (full disk…) leaves the earlier ones untouched and is recorded.
 *  - Every backup proves itself: read back, restored into a scratch in-memory
 *    database, per-table counts compared with the manifest. The result is kept
 *    beside the archive (`<name>.json`), with its size and duration.
 *  - Two backups never run at once (in this process, and across processes on
 *    PostgreSQL through an advisory lock).
 */
import { createHash } from "node:crypto";
import { mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db, databaseDriver } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import packageJson from "../../../package.json";
import {
  APP_NAME,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveWriter,
  BackupError,
  type ArchiveHeader,
} from "./archive.server";
import { verifyArchive } from "./archive-load.server";
import {
  ARCHIVE_EXTENSION,
  backupDir,
  recordFailure,
  type BackupInfo,
  type BackupReason,
} from "./backup-folder.server";
import { appliedMigrations, dumpTables, tablesInOrder, type SqlClient } from "./snapshot.server";
import { databaseFiles, folderFiles, NOT_COPIED_AS_ROWS } from "./archive-files.server";

// The folder's and the trial restore's functions, for the callers of this module.
export { backupsToDelete, lastFailure, listBackups } from "./backup-folder.server";
export { verifyArchive };

const LOCK_KEY = 727_001;

function passphrase(): string | undefined {
  return env().BACKUP_PASSPHRASE;
}

function uploadsDir(): string {
  return path.join(env().DATA_DIR, "uploads");
}

/** Runs `work` inside a read-only, repeatable-read transaction of the open database. */
async function withSnapshot<T>(work: (client: SqlClient) => Promise<T>): Promise<T> {
  const raw = (db as unknown as { $client: unknown }).$client;
  if (databaseDriver() === "pglite") {
    const pglite = raw as { transaction<R>(fn: (tx: SqlClient) => Promise<R>): Promise<R> };
    return pglite.transaction(async (tx) => {
      await tx.query("set transaction isolation level repeatable read, read only");
      return work(tx);
    });
  }
  const pool = raw as { connect(): Promise<SqlClient & { release(): void }> };
  const client = await pool.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [LOCK_KEY]);
    if (!rows[0]?.ok) throw new BackupError("Une sauvegarde est déjà en cours.");
    try {
      await client.query("begin isolation level repeatable read read only");
      try {
        const result = await work(client);
        await client.query("commit");
        return result;
      } catch (err) {
        await client.query("rollback");
        throw err;
      }
    } finally {
      await client.query("select pg_advisory_unlock($1)", [LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

function stamp(d: Date): string {
  return d
    .toISOString()
    .replace(/\.\d+Z$/, "")
    .replace(/[-:]/g, "")
    .replace("T", "-");
}

/** One file record: its bytes with their size and SHA-256 (checked again when read back). */
function fileRecord(rel: string, data: Buffer) {
  return {
    kind: "file" as const,
    path: rel,
    size: data.length,
    sha256: createHash("sha256").update(data).digest("hex"),
    data: data.toString("base64"),
  };
}

/**
 * Writes a whole archive: the database read through `snapshot` (one
 * consistent transaction) with the files it keeps, then the folder's files
 * (each file once, whichever place holds it: archive-files.server.ts), then
 * the manifest.
 */
export async function writeArchive(
  w: ArchiveWriter,
  source: {
    driver: "pglite" | "postgres";
    now: Date;
    snapshot: <T>(work: (client: SqlClient) => Promise<T>) => Promise<T>;
    uploads: string;
  },
) {
  const written = new Set<string>();
  await source.snapshot(async (client) => {
    const header: ArchiveHeader = {
      kind: "header",
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      app: APP_NAME,
      appVersion: packageJson.version,
      createdAt: source.now.toISOString(),
      driver: source.driver,
      migrations: await appliedMigrations(client),
    };
    await w.write(header);
    const tables = (await tablesInOrder(client)).filter((t) => !NOT_COPIED_AS_ROWS.has(t));
    for (const t of tables) w.table(t);
    for await (const batch of dumpTables(client, tables)) await w.write({ kind: "rows", ...batch });
    for await (const file of databaseFiles(client)) {
      await w.write(fileRecord(file.path, file.data));
      written.add(file.path);
    }
  });
  for (const rel of folderFiles(source.uploads)) {
    if (!written.has(rel)) await w.write(fileRecord(rel, await readFile(path.join(source.uploads, rel))));
  }
  return w.finish();
}

let running: Promise<BackupInfo> | null = null;

/** Writes, then verifies, one backup. Throws BackupError (French) when it fails; the failure is recorded. */
export function createBackup(
  options: { reason: BackupReason; now?: Date } = { reason: "commande" },
): Promise<BackupInfo> {
  if (running) return Promise.reject(new BackupError("Une sauvegarde est déjà en cours."));
  running = writeBackup(options.reason, options.now ?? new Date()).finally(() => {
    running = null;
  });
  return running;
}

async function writeBackup(reason: BackupReason, now: Date): Promise<BackupInfo> {
  const dir = backupDir();
  const started = performance.now();
  const name = `sauvegarde-${stamp(now)}${ARCHIVE_EXTENSION}`;
  const file = path.join(dir, name);
  const partial = `${file}.partial`;
  const secret = passphrase();
  let writer: ArchiveWriter | null = null;
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writer = new ArchiveWriter(partial, secret);
    const manifest = await writeArchive(writer, {
      driver: databaseDriver(),
      now,
      snapshot: withSnapshot,
      uploads: uploadsDir(),
    });
    renameSync(partial, file);
    const verifyStart = performance.now();
    let verification: BackupInfo["verification"];
    try {
      await verifyArchive(file, secret);
      verification = { ok: true, ms: Math.round(performance.now() - verifyStart) };
    } catch (err) {
      verification = { ok: false, error: err instanceof Error ? err.message : String(err) };
    }
    const info: BackupInfo = {
      file,
      name,
      createdAt: now.toISOString(),
      reason,
      size: statSync(file).size,
      encrypted: Boolean(secret),
      durationMs: Math.round(performance.now() - started),
      tables: manifest.tables,
      files: Object.keys(manifest.files).length,
      verification,
    };
    writeFileSync(`${file}.json`, JSON.stringify(info, null, 2), { mode: 0o600 });
    log.info("backup written", { name, size: info.size, verified: verification.ok, ms: info.durationMs });
    return info;
  } catch (err) {
    writer?.abort();
    try {
      rmSync(partial, { force: true });
    } catch {
      // The folder itself is unusable: nothing was written there.
    }
    const code = (err as NodeJS.ErrnoException).code;
    const error =
      code === "ENOSPC"
        ? new BackupError(
            "Disque plein : la sauvegarde n'a pas pu être écrite. Les sauvegardes précédentes sont intactes.",
            { cause: err },
          )
        : code === "EACCES" || code === "EROFS" || code === "ENOTDIR" || code === "EEXIST"
          ? new BackupError(`Le dossier des sauvegardes (${dir}) n'est pas accessible en écriture.`, { cause: err })
          : err instanceof BackupError
            ? err
            : new BackupError(`La sauvegarde a échoué : ${err instanceof Error ? err.message : String(err)}`, {
                cause: err,
              });
    recordFailure({ at: now.toISOString(), reason, error: error.message });
    log.error("backup failed", { err: error, reason });
    throw error;
  }
}
