/**
 * npm run restore -- ARCHIVE [--force] — restores a backup into the database of
 * this environment (DATABASE_URL, else DATA_DIR/pglite) and DATA_DIR/uploads.
 *
 * The target must be empty; `--force` keeps a non-empty target's data aside
 * (never deleted). The archive is checked whole before anything is written;
 * BACKUP_PASSPHRASE decrypts an encrypted one. Stop the site first when it uses
 * the embedded database. Prints the per-table counts it compared. Exit codes:
 * 0 restored, 1 refused or failed (target unchanged), 2 usage.
 */
import { env } from "~/lib/core/env.server";
import { restoreArchive } from "~/lib/operations/restore.server";
import { countOf } from "~/lib/core/count";

const USAGE = `Restauration d'une sauvegarde

Utilisation :
  npm run restore -- CHEMIN/sauvegarde-AAAAMMJJ-HHMMSS.sauvegarde [--force]

La destination (DATABASE_URL, sinon DATA_DIR/pglite, et DATA_DIR/uploads) doit être vide ;
--force met de côté ses données actuelles (rien n'est supprimé).
Une sauvegarde chiffrée demande sa phrase secrète dans BACKUP_PASSPHRASE.`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const force = args.includes("--force");
  const files = args.filter((a) => a !== "--force");
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (files.length !== 1 || files[0]?.startsWith("--")) {
    console.error(USAGE);
    return 2;
  }
  const e = env();
  const result = await restoreArchive({
    archive: files[0]!,
    passphrase: e.BACKUP_PASSPHRASE,
    force,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    say: (line) => console.log(line),
    // Tests only (kill -9 midway): stop after N tables, say so, and wait to be killed.
    onTable: e.RESTORE_TEST_PAUSE_AFTER_TABLES
      ? async (table, done) => {
          if (done < e.RESTORE_TEST_PAUSE_AFTER_TABLES) return;
          console.log(`PAUSE après ${done} tables (${table})`);
          await new Promise<never>(() => setInterval(() => undefined, 60_000));
        }
      : undefined,
  });
  console.log("Lignes par table (sauvegarde → restauré) :");
  for (const [table, n] of Object.entries(result.expected))
    console.log(`  ${table.padEnd(24)} ${String(n).padStart(8)} → ${String(result.counts[table] ?? 0).padStart(8)}`);
  if (result.migrationsApplied)
    console.log(
      `${countOf(result.migrationsApplied, "migration appliquée", "migrations appliquées")} depuis la sauvegarde.`,
    );
  for (const place of result.movedAside) console.log(`Anciennes données mises de côté : ${place}`);
  console.log("Restauration terminée : démarrez le site, chacun se connecte avec son mot de passe.");
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Restauration refusée : ${err instanceof Error ? err.message : String(err)}`);
    console.error("La destination n'a pas été modifiée.");
    process.exit(1);
  },
);
