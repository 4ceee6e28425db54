/**
 * Backups while the site serves (decision 0016). One code path for the three
 * ways to start one: `npm run backup`, the operations page, the nightly job.
 *
 * Rules:
 *  - One archive (archive.server.ts): the whole database at one point in time
 *    (snapshot.server.ts), the uploaded files, a manifest.
 *  - Written as `<name>.partial`, renamed only when complete: a failed backup
 *    (full disk…) leaves the earlier ones untouched and is recorded.
 *  - Every backup proves itself: read back, restored into a scratch in-memory
 *    database, per-table counts compared with the manifest. The result is kept
 *    beside the archive (`<name>.json`), with its size and duration.
 *  - Two backups never run at once (in this process, and across processes on
 *    PostgreSQL through an advisory lock).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { db, databaseDriver, migrationsFolder } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { addDays, isoWeekday, parisDate } from "../core/time";
import packageJson from "../../../package.json";
import {
  APP_NAME,
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveWriter,
  BackupError,
  checkArchive,
  readArchive,
  type ArchiveHeader,
} from "./archive.server";
import {
  appliedMigrations,
  checkMigrations,
  compareCounts,
  countRows,
  createSchema,
  dumpTables,
  insertRows,
  resetSequences,
  tablesInOrder,
  type SqlClient,
} from "./snapshot.server";

export const ARCHIVE_EXTENSION = ".sauvegarde";
const LOCK_KEY = 727_001;

export type BackupReason = "commande" | "page" | "nocturne";

export interface BackupInfo {
  file: string;
  name: string;
  createdAt: string;
  reason: BackupReason;
  size: number;
  encrypted: boolean;
  durationMs: number;
  tables: Record<string, number>;
  files: number;
  /** "vérifiée", or why the check failed. */
  verification: { ok: true; ms: number } | { ok: false; error: string };
}

export interface BackupFailure {
  at: string;
  reason: BackupReason;
  error: string;
}

export function backupDir(): string {
  const e = env();
  return path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, "sauvegardes"));
}

function passphrase(): string | undefined {
  return env().BACKUP_PASSPHRASE;
}

function uploadsDir(): string {
  return path.join(env().DATA_DIR, "uploads");
}

function* walk(dir: string, base = dir): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full, base);
    else if (entry.isFile()) yield path.relative(base, full).split(path.sep).join("/");
  }
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

/**
 * Writes a whole archive: the database read through `snapshot` (one
 * consistent transaction), then the uploaded files, then the manifest.
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
    const tables = await tablesInOrder(client);
    for (const t of tables) w.table(t);
    for await (const batch of dumpTables(client, tables)) await w.write({ kind: "rows", ...batch });
  });
  for (const rel of walk(source.uploads)) {
    const data = await readFile(path.join(source.uploads, rel));
    await w.write({
      kind: "file",
      path: rel,
      size: data.length,
      sha256: createHash("sha256").update(data).digest("hex"),
      data: data.toString("base64"),
    });
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

/** Kept in the data folder: the backup folder itself may be what failed. */
const failureFile = () => path.join(env().DATA_DIR, "sauvegarde-en-echec.json");

function recordFailure(failure: BackupFailure) {
  try {
    writeFileSync(failureFile(), JSON.stringify(failure, null, 2));
  } catch {
    // The disk may be the problem: the log line is enough then.
  }
}

/** The last failed backup, unless a backup succeeded since. */
export function lastFailure(): BackupFailure | null {
  try {
    const failure = JSON.parse(readFileSync(failureFile(), "utf8")) as BackupFailure;
    const newest = listBackups()[0];
    return newest && newest.createdAt > failure.at ? null : failure;
  } catch {
    return null;
  }
}

/** Backups of the backup folder, newest first. */
export function listBackups(): BackupInfo[] {
  const dir = backupDir();
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const out: BackupInfo[] = [];
  for (const n of names) {
    if (!n.endsWith(`${ARCHIVE_EXTENSION}.json`)) continue;
    try {
      const info = JSON.parse(readFileSync(path.join(dir, n), "utf8")) as BackupInfo;
      info.file = path.join(dir, info.name);
      out.push(info);
    } catch {
      // An unreadable description: the archive is listed by the next backup's check.
    }
  }
  return out.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Restores the archive into a scratch in-memory database and compares its
 * per-table counts with the manifest. Throws BackupError with the reason.
 */
export async function verifyArchive(file: string, secret?: string): Promise<Record<string, number>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const scratch = await PGlite.create();
  try {
    return await loadArchive(file, secret, (fn) => scratch.transaction((tx) => fn(tx as unknown as SqlClient)));
  } finally {
    await scratch.close();
  }
}

/**
 * Loads an archive into an empty database through `client`, inside one
 * transaction opened by `inTransaction`; returns the counts found afterwards.
 * The archive is read twice: once to check it whole, once to load it.
 */
export async function loadArchive(
  file: string,
  secret: string | undefined,
  inTransaction: <T>(fn: (tx: SqlClient) => Promise<T>) => Promise<T>,
  onFile?: (record: { path: string; data: Buffer }) => Promise<void>,
  /** Called when the rows of a new table start (progress; the kill -9 test pauses here). */
  onTable?: (table: string, tablesDone: number) => Promise<void>,
): Promise<Record<string, number>> {
  const { header, manifest } = await checkArchive(file, secret);
  checkMigrations(header, migrationsFolder);
  return inTransaction(async (tx) => {
    let table = "";
    let tablesDone = 0;
    for await (const record of readArchive(file, secret)) {
      if (record.kind === "header") await createSchema(tx, record, migrationsFolder);
      else if (record.kind === "rows") {
        if (record.table !== table) {
          if (table && onTable) await onTable(table, ++tablesDone);
          table = record.table;
        }
        await insertRows(tx, record.table, record.rows);
      } else if (record.kind === "file" && onFile)
        await onFile({ path: record.path, data: Buffer.from(record.data, "base64") });
    }
    await resetSequences(tx);
    const counts = await countRows(tx);
    const problems = compareCounts(manifest.tables, counts);
    if (problems.length)
      throw new BackupError(`La restauration d'essai ne retrouve pas les mêmes données : ${problems.join(" ; ")}.`);
    return counts;
  });
}

/** Keeps the newest backup of each of the last `daily` days and of the last `weekly` weeks (Paris dates). */
export function backupsToDelete(
  backups: Array<{ name: string; createdAt: string }>,
  keep: { daily: number; weekly: number },
): string[] {
  const day = (iso: string) => parisDate(new Date(iso));
  const week = (iso: string) => {
    const d = day(iso);
    return addDays(d, 1 - isoWeekday(d));
  };
  const sorted = [...backups].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const kept = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const b of sorted) {
    const d = day(b.createdAt);
    if (!days.has(d) && days.size < keep.daily) {
      days.add(d);
      kept.add(b.name);
    }
  }
  for (const b of sorted) {
    const w = week(b.createdAt);
    if (!weeks.has(w) && weeks.size < keep.weekly) {
      weeks.add(w);
      kept.add(b.name);
    }
  }
  if (sorted[0]) kept.add(sorted[0].name);
  return sorted.filter((b) => !kept.has(b.name)).map((b) => b.name);
}

/** Applies the retention rule to the backup folder. */
export function pruneBackups(keep: { daily: number; weekly: number }): string[] {
  const removed = backupsToDelete(listBackups(), keep);
  for (const name of removed) {
    rmSync(path.join(backupDir(), name), { force: true });
    rmSync(path.join(backupDir(), `${name}.json`), { force: true });
  }
  if (removed.length) log.info("old backups removed", { removed });
  return removed;
}
