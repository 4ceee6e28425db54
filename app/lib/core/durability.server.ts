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
 * - A pass never blocks the event loop: the folder walk and the fsyncs go
 *   through libuv's thread pool (a synchronous pass took 7–10 ms of walk plus
 *   one disk flush per file on the request thread, every second of writes).
 *   Passes never overlap: one that is due while another runs is skipped.
 * - Guarantee: a commit acknowledged more than ~1 s (plus the time of one
 *   pass) before a power cut is on disk; the last second may be lost, never
 *   corrupted beyond what PostgreSQL's WAL replay repairs.
 */
import { readdirSync, statSync } from "node:fs";
import { open, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { log } from "./log.server";

export interface SyncResult {
  files: string[];
}

async function walk(dir: string, since: number, out: string[], dirs: Set<string>): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      await walk(full, since, out, dirs);
    } else if (entry.isFile()) {
      const st = await stat(full).catch(() => null);
      if (st && st.mtimeMs >= since) {
        out.push(full);
        dirs.add(dir);
      }
    }
  }
}

async function fsyncPath(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, "r");
    await handle.sync();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  } finally {
    await handle?.close();
  }
}

/** The newest modification time of the write-ahead log. */
async function walMtime(dataDir: string): Promise<number> {
  const wal = path.join(dataDir, "pg_wal");
  let newest = 0;
  for (const name of await readdir(wal, { withFileTypes: true })) {
    if (!name.isFile()) continue;
    const st = await stat(path.join(wal, name.name)).catch(() => null);
    if (st && st.mtimeMs > newest) newest = st.mtimeMs;
  }
  return newest;
}

/**
 * Syncs the PGlite data folder to disk: the files modified since `since`
 * (epoch ms), WAL first. Returns the files synced.
 */
export async function syncDataFolder(dataDir: string, since: number): Promise<SyncResult> {
  const files: string[] = [];
  const dirs = new Set<string>();
  await walk(dataDir, since, files, dirs);
  const isWal = (f: string) => f.includes(`${path.sep}pg_wal${path.sep}`);
  const control = path.join(dataDir, "global", "pg_control");
  const ordered = [...files.filter(isWal), ...files.filter((f) => !isWal(f) && f !== control)];
  for (const f of ordered) await fsyncPath(f);
  for (const d of dirs) await fsyncPath(d);
  if (files.includes(control)) await fsyncPath(control);
  return { files };
}

export interface DurabilitySync {
  /** One pass: syncs when the WAL changed since the last pass; null when it did not (or one is running). */
  pass: () => Promise<SyncResult | null>;
  /** Stops the interval after a last, forced pass (after the one running, if any). */
  stop: () => Promise<void>;
}

/** Runs syncDataFolder on an interval while the WAL changes. */
export function startDurabilitySync(dataDir: string, intervalMs = 1000): DurabilitySync {
  let syncedUpTo = Date.now();
  // Read once, synchronously, before any commit of this process can happen.
  let lastWal = walMtimeAtStart(dataDir);
  let running: Promise<SyncResult | null> | null = null;
  const once = async (force: boolean): Promise<SyncResult | null> => {
    try {
      const wal = await walMtimeSafe(dataDir);
      if (wal === lastWal && !force) return null;
      const started = Date.now();
      // Slack of 2 s: file times may be coarser than the clock.
      const result = await syncDataFolder(dataDir, syncedUpTo - 2000);
      syncedUpTo = started;
      lastWal = wal;
      return result;
    } catch (err) {
      log.error("database sync to disk failed", { err });
      return null;
    }
  };
  const pass = (force = false): Promise<SyncResult | null> => {
    if (running) return Promise.resolve(null);
    running = once(force).finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void pass(), intervalMs);
  timer.unref();
  return {
    pass: () => pass(),
    stop: async () => {
      clearInterval(timer);
      await running;
      await pass(true);
    },
  };
}

async function walMtimeSafe(dataDir: string): Promise<number> {
  try {
    return await walMtime(dataDir);
  } catch {
    return 0;
  }
}

function walMtimeAtStart(dataDir: string): number {
  try {
    const wal = path.join(dataDir, "pg_wal");
    let newest = 0;
    for (const name of readdirSync(wal, { withFileTypes: true })) {
      if (!name.isFile()) continue;
      const st = statSync(path.join(wal, name.name), { throwIfNoEntry: false });
      if (st && st.mtimeMs > newest) newest = st.mtimeMs;
    }
    return newest;
  } catch {
    return 0;
  }
}
