/**
 * Durability of the embedded database (PGlite 0.3.16).
 *
 * PGlite writes its files through Emscripten's NODEFS, whose fsync is a
 * no-op: PostgreSQL's own fsync calls never reach the disk (0 fsync measured
 * under strace), and `relaxedDurability` only concerns the browser file
 * systems. A kill -9 loses nothing (the operating system has the pages), a
 * power cut or a host crash could lose acknowledged writes.
 *
 * Rules:
 * - Every `intervalMs` (default 1 s), when the write-ahead log changed since
 *   the last pass, every file of the data folder modified since then is
 *   fsync'ed, WAL first, then their folders, then `global/pg_control`.
 * - The same pass runs when the database is closed.
 * - Guarantee: a commit acknowledged more than ~1 s (plus the time of one
 *   pass) before a power cut is on disk; the last second may be lost, never
 *   corrupted beyond what PostgreSQL's WAL replay repairs.
 */
import { closeSync, fsyncSync, openSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { log } from "./log.server";

export interface SyncResult {
  files: string[];
}

function walk(dir: string, since: number, out: string[], dirs: Set<string>) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      walk(full, since, out, dirs);
    } else if (entry.isFile()) {
      const st = statSync(full, { throwIfNoEntry: false });
      if (st && st.mtimeMs >= since) {
        out.push(full);
        dirs.add(dir);
      }
    }
  }
}

function fsyncPath(file: string) {
  let fd: number | undefined;
  try {
    fd = openSync(file, "r");
    fsyncSync(fd);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The newest modification time of the write-ahead log. */
function walMtime(dataDir: string): number {
  const wal = path.join(dataDir, "pg_wal");
  let newest = 0;
  for (const name of readdirSync(wal, { withFileTypes: true })) {
    if (!name.isFile()) continue;
    const st = statSync(path.join(wal, name.name), { throwIfNoEntry: false });
    if (st && st.mtimeMs > newest) newest = st.mtimeMs;
  }
  return newest;
}

/**
 * Syncs the PGlite data folder to disk: the files modified since `since`
 * (epoch ms), WAL first. Returns the files synced.
 */
export function syncDataFolder(dataDir: string, since: number): SyncResult {
  const files: string[] = [];
  const dirs = new Set<string>();
  walk(dataDir, since, files, dirs);
  const isWal = (f: string) => f.includes(`${path.sep}pg_wal${path.sep}`);
  const control = path.join(dataDir, "global", "pg_control");
  const ordered = [...files.filter(isWal), ...files.filter((f) => !isWal(f) && f !== control)];
  for (const f of ordered) fsyncPath(f);
  for (const d of dirs) fsyncPath(d);
  if (files.includes(control)) fsyncPath(control);
  return { files };
}

export interface DurabilitySync {
  /** One pass: syncs when the WAL changed since the last pass; null when it did not. */
  pass: () => SyncResult | null;
  /** Stops the interval after a last, forced pass. */
  stop: () => void;
}

/** Runs syncDataFolder on an interval while the WAL changes. */
export function startDurabilitySync(dataDir: string, intervalMs = 1000): DurabilitySync {
  let syncedUpTo = Date.now();
  let lastWal = walMtimeSafe(dataDir);
  const pass = (force = false): SyncResult | null => {
    try {
      const wal = walMtimeSafe(dataDir);
      if (wal === lastWal && !force) return null;
      const started = Date.now();
      // Slack of 2 s: file times may be coarser than the clock.
      const result = syncDataFolder(dataDir, syncedUpTo - 2000);
      syncedUpTo = started;
      lastWal = wal;
      return result;
    } catch (err) {
      log.error("database sync to disk failed", { err });
      return null;
    }
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  return {
    pass: () => pass(),
    stop: () => {
      clearInterval(timer);
      pass(true);
    },
  };
}

function walMtimeSafe(dataDir: string): number {
  try {
    return walMtime(dataDir);
  } catch {
    return 0;
  }
}
