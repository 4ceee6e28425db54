/**
 * The commands a volunteer runs: `npm run backup` while the site serves (the
 * server takes the backup through its control socket) and without a server,
 * then `npm run restore` into an empty data folder, with its printed counts.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contactMessages } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { startControlSocket, stopControlSocket } from "~/lib/operations/control.server";

/** Runs a command without blocking this process (which may be the server it talks to). */
function run(
  script: string,
  args: string[],
  extra: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      env: {
        ...process.env,
        BASE_URL: "http://localhost:3000",
        DATABASE_URL: "",
        LOG_LEVEL: "error",
        NODE_ENV: "production",
        ...extra,
      },
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.on("close", (code) => resolve({ code, out, err }));
  });
}

afterAll(() => stopControlSocket());

// The commands use their own embedded database folder: once (not again in the PostgreSQL project).
describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("npm run backup / npm run restore", () => {
  it("backs up through the running server, and restores the archive into an empty folder", async () => {
    const e = env();
    const backups = mkdtempSync(path.join(os.tmpdir(), "cli-backups-"));
    setEnvForTests({
      NODE_ENV: "test",
      DATA_DIR: e.DATA_DIR,
      BASE_URL: e.BASE_URL,
      BETTER_AUTH_SECRET: e.BETTER_AUTH_SECRET,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      BACKUP_DIR: backups,
    });
    await db
      .insert(contactMessages)
      .values({ name: "Avant", email: "avant@exemple.fr", subject: "Autre", message: "Un message à sauvegarder." });
    // This test process plays the server: it owns the database and answers on the control socket.
    await startControlSocket();

    const backup = await run("scripts/backup.ts", [], { DATA_DIR: e.DATA_DIR, BACKUP_DIR: backups });
    expect(backup.err).toContain("Le site est en marche : c'est lui qui fait la sauvegarde.");
    expect(backup.err).toContain("Restauration d'essai : vérifiée.");
    expect(backup.code).toBe(0);
    const archive = backup.out.trim().split("\n").at(-1)!;
    expect(archive).toMatch(/sauvegarde-\d{8}-\d{6}\.sauvegarde$/);
    expect(existsSync(archive)).toBe(true);

    const target = mkdtempSync(path.join(os.tmpdir(), "cli-restore-"));
    const restore = await run("scripts/restore.ts", [archive], { DATA_DIR: target });
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/contact_messages\s+1 →\s+1/);
    expect(restore.out).toContain("Restauration terminée");

    const again = await run("scripts/restore.ts", [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.err).toContain("n'est pas vide. Relancez avec --force");

    // Without a server, the command opens the (restored) database itself.
    const alone = await run("scripts/backup.ts", [], { DATA_DIR: target });
    expect(alone.code).toBe(0);
    expect(alone.err).not.toContain("Le site est en marche");
    expect(alone.out.trim().split("\n").at(-1)).toContain(path.join(target, "sauvegardes"));
  }, 400_000);
});
