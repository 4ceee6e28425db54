/**
 * The backup folder: where backups live, their descriptions,
 * the last failure, and the retention rule.
 *
 * Rules:
 *  - Each archive `<name>.sauvegarde` has its description beside it
 *    (`<name>.sauvegarde.json`: size, duration, verification); the list is
 *    read from those descriptions, newest first.
 *  - A failed backup is recorded in the data folder (the backup folder itself
 *    may be what failed) and reported until a backup succeeds.
 *  - Retention: the newest backup of each of the last `daily` days and of the
 *    last `weekly` weeks (Paris dates) is kept, and always the newest one.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { addDays, isoWeekday, parisDate } from "../core/time";

export const ARCHIVE_EXTENSION = ".sauvegarde";

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

/** Kept in the data folder: the backup folder itself may be what failed. */
const failureFile = () => path.join(env().DATA_DIR, "sauvegarde-en-echec.json");

export function recordFailure(failure: BackupFailure) {
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
