/**
 * Free space of the data folder, for /healthz: a full disk makes every
 * write fail (uploads, sign-ups, the database), so it is reported before it
 * happens. "low" below DISK_MIN_FREE_MB, "full" when a 1-byte probe file
 * cannot be written (ENOSPC, read-only…).
 */
import { randomUUID } from "node:crypto";
import { rm, statfs, writeFile } from "node:fs/promises";
import path from "node:path";

export interface DiskStatus {
  status: "ok" | "low" | "full";
  freeMb: number | null;
  error?: string;
}

export async function diskStatus(dir: string, minFreeMb: number): Promise<DiskStatus> {
  let freeMb: number | null = null;
  try {
    const s = await statfs(dir);
    freeMb = Math.floor((s.bavail * s.bsize) / (1024 * 1024));
  } catch (err) {
    return { status: "full", freeMb, error: (err as NodeJS.ErrnoException).code ?? "statfs" };
  }
  const probe = path.join(dir, `.healthz-${randomUUID()}`);
  try {
    await writeFile(probe, "1");
  } catch (err) {
    return { status: "full", freeMb, error: (err as NodeJS.ErrnoException).code ?? "write" };
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
  return { status: freeMb < minFreeMb ? "low" : "ok", freeMb };
}
