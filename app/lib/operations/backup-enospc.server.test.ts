/**
 * A REAL full disk during a backup. The backup folder is a small
 * tmpfs mounted for this test (needs root, as on the club's server and this
 * machine; skipped with the reason when `mount` is not permitted). The disk is
 * filled with a file, leaving a few kilobytes: the archive writer hits ENOSPC
 * midway. Then: the earlier backup is untouched and still verifies, no partial
 * file is left, the site keeps serving and writing, and the operations page
 * reports the failure in French.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
  statSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { env, setEnvForTests } from "../core/env.server";
import { BackupError } from "./archive.server";
import { createBackup, lastFailure, listBackups, verifyArchive } from "./backup.server";

const mountPoint = mkdtempSync(path.join(os.tmpdir(), "sauvegardes-pleines-"));

function tryMount(): string | null {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=3m,mode=0700", "tmpfs", mountPoint], { stdio: "pipe" });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

const mountRefused = tryMount();
if (mountRefused) console.warn(`ENOSPC test skipped: cannot mount a small tmpfs here (${mountRefused.trim()})`);

let baseEnv: Record<string, string>;

beforeAll(async () => {
  if (mountRefused) return;
  const e = env();
  baseEnv = {
    NODE_ENV: "test",
    DATA_DIR: e.DATA_DIR,
    BASE_URL: e.BASE_URL,
    BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
    DATABASE_URL: e.DATABASE_URL ?? "",
    SMTP_URL: "",
    LOG_LEVEL: "error",
    BACKUP_DIR: mountPoint,
  };
  setEnvForTests(baseEnv);
  for (let i = 0; i < 200; i++)
    await db
      .insert(contactMessages)
      .values({ name: `Visiteur ${i}`, email: `v${i}@exemple.fr`, subject: "Renseignements", message: `Message ${i}` });
  // Random bytes do not compress: the archive is surely larger than the room left.
  mkdirSync(path.join(e.DATA_DIR, "uploads", "zz"), { recursive: true });
  writeFileSync(path.join(e.DATA_DIR, "uploads", "zz", "photo.jpg"), randomBytes(256 * 1024));
});

afterAll(() => {
  if (mountRefused) return;
  execFileSync("umount", [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the filesystem, then frees `leave` bytes. */
function fillDisk(dir: string, leave: number): string {
  const filler = path.join(dir, "remplissage");
  const fd = openSync(filler, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOSPC") throw err;
  } finally {
    closeSync(fd);
  }
  truncateSync(filler, Math.max(0, statSync(filler).size - leave));
  return filler;
}

describe("a real full disk during a backup", () => {
  it.skipIf(Boolean(mountRefused))(
    "keeps the earlier backups and the site untouched, and is reported on the operations page",
    { timeout: 120_000 },
    async () => {
      const earlier = await createBackup({ reason: "page", now: new Date("2030-03-01T10:00:00Z") });
      expect(earlier.verification.ok).toBe(true);
      const filler = fillDisk(mountPoint, 16 * 1024);

      const failure = await createBackup({ reason: "page", now: new Date("2030-03-02T10:00:00Z") }).catch(
        (e: unknown) => e,
      );
      expect(failure).toBeInstanceOf(BackupError);
      expect((failure as BackupError).message).toBe(
        "Disque plein : la sauvegarde n'a pas pu être écrite. Les sauvegardes précédentes sont intactes.",
      );
      expect(((failure as BackupError).cause as NodeJS.ErrnoException).code).toBe("ENOSPC");

      // Earlier backups untouched, nothing partial left.
      expect(listBackups().map((b) => b.name)).toEqual([earlier.name]);
      expect(readdirSync(mountPoint).filter((f) => f.endsWith(".partial"))).toEqual([]);
      await expect(verifyArchive(earlier.file)).resolves.toMatchObject({ contact_messages: expect.any(Number) });
      expect(lastFailure()).toMatchObject({ reason: "page", at: "2030-03-02T10:00:00.000Z" });

      // The site keeps serving and writing.
      expect((await app.fetch("/")).status).toBe(200);
      await db
        .insert(contactMessages)
        .values({ name: "Après", email: "apres@exemple.fr", subject: "Toujours là", message: "…" });

      // Reported on the operations page.
      const admin = await createUser({ roles: ["admin"] });
      const page = await app.get<{ status: { backups: { failure: { error: string } | null } } }>(
        "/espace-membre/exploitation",
        { as: admin },
      );
      expect(page.data?.status.backups.failure?.error).toMatch(/^Disque plein/);

      // Room again: the next backup succeeds and clears the failure.
      rmSync(filler);
      await createBackup({ reason: "page", now: new Date("2030-03-03T10:00:00Z") });
      expect(lastFailure()).toBeNull();
    },
  );
});
