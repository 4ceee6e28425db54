/**
 * npm run backup — one backup now, while the site serves or not:
 *  - a server running on this data folder takes it (control socket, see
 *    app/lib/operations/control.server.ts): the embedded database is its own;
 *  - otherwise the command opens the database itself (DATABASE_URL, else
 *    DATA_DIR/pglite) and takes it.
 * Same code path as the operations page and the nightly job; the archive is
 * written, then verified by a trial restore. The last line of output is the
 * archive's path. Exit code 1 when the backup failed (earlier ones untouched).
 */
import path from "node:path";
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { createBackup } from "~/lib/operations/backup.server";
import type { BackupInfo } from "~/lib/operations/backup-folder.server";
import { askServerToBackUp } from "~/lib/operations/control.server";
import { countOf } from "~/lib/core/count";

function report(info: Pick<BackupInfo, "file" | "size" | "verification" | "tables" | "files">) {
  const rows = Object.values(info.tables).reduce((a, b) => a + b, 0);
  console.error(
    `Sauvegarde écrite : ${(info.size / 1024 / 1024).toFixed(1)} Mo, ${countOf(rows, "ligne", "lignes")}, ${countOf(info.files, "fichier", "fichiers")}.`,
  );
  console.error(
    info.verification.ok
      ? "Restauration d'essai : vérifiée."
      : `Restauration d'essai : ÉCHEC — ${info.verification.error}`,
  );
  console.log(info.file);
}

async function main(): Promise<number> {
  const e = env();
  const viaServer = await askServerToBackUp(e.DATA_DIR);
  if (viaServer) {
    console.error("Le site est en marche : c'est lui qui fait la sauvegarde.");
    if (!viaServer.ok) {
      console.error(`La sauvegarde a échoué : ${viaServer.error}`);
      return 1;
    }
    report(viaServer.backup as unknown as BackupInfo);
    return (viaServer.backup as unknown as BackupInfo).verification.ok ? 0 : 1;
  }
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite") });
  try {
    const info = await createBackup({ reason: "commande" });
    report(info);
    return info.verification.ok ? 0 : 1;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
