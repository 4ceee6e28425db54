/**
 * Moves the accounts of the club's former Firebase site in, with their passwords:
 *
 *   npm run import:firebase -- --auth users.json --hash-config hash.json --firestore utilisateurs.json [--dry-run] [--skip-conflicts]
 *
 * Opens the database like the server (DATABASE_URL, else DATA_DIR/pglite: stop
 * the server first), checks every file before writing anything, then imports
 * in one transaction (app/lib/accounts/firebase/import.server.ts) and prints a
 * French report, then refreshes the planner's statistics (VACUUM ANALYZE). Exit codes: 0 done (or dry run), 1 refused input or conflicts
 * (nothing written), 2 usage error.
 */
import path from "node:path";
import { formatReport, importFirebase } from "~/lib/accounts/firebase/import.server";
import { ImportInputError, readImportFiles } from "~/lib/accounts/firebase/files.server";
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { vacuumAnalyze } from "~/lib/operations/vacuum.server";
import { countOf } from "~/lib/core/count";

const USAGE = `Import des comptes de l'ancien site (Firebase)

Utilisation :
  npm run import:firebase -- --auth users.json [--hash-config hash.json] [--firestore utilisateurs.json] [--dry-run] [--skip-conflicts]

  --auth            export des comptes : firebase auth:export users.json --format=json
  --hash-config     paramètres de hachage des mots de passe du projet (console Firebase)
  --firestore       collection « utilisateurs » exportée en JSON (objet { idDuCompte: document })
  --dry-run         affiche ce qui serait fait, sans rien écrire
  --skip-conflicts  importe les autres comptes quand certains sont en conflit

Base de données : DATABASE_URL, sinon DATA_DIR/pglite (arrêtez d'abord le site).
Voir la section « Venir de l'ancien site » du README.`;

class UsageError extends Error {}

function parseArgs(argv: string[]) {
  const flags = new Set<string>();
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--dry-run" || arg === "--skip-conflicts" || arg === "--help" || arg === "-h") {
      flags.add(arg);
      continue;
    }
    const [name, inline] = arg.split("=", 2) as [string, string | undefined];
    if (!["--auth", "--hash-config", "--firestore"].includes(name)) throw new UsageError(`Argument inconnu : ${arg}`);
    const value = inline ?? argv[++i];
    if (!value || value.startsWith("--")) throw new UsageError(`Valeur manquante après ${name}.`);
    values[name.slice(2)] = value;
  }
  return { flags, values };
}

function progress(done: number, total: number) {
  if (!process.stderr.isTTY) {
    if (done === total) process.stderr.write(`Import : ${done} / ${total} comptes\n`);
    return;
  }
  const width = 30;
  const filled = Math.round((done / Math.max(total, 1)) * width);
  process.stderr.write(`\rImport [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done} / ${total} comptes`);
  if (done === total) process.stderr.write("\n");
}

async function main(): Promise<number> {
  const { flags, values } = parseArgs(process.argv.slice(2));
  if (flags.has("--help") || flags.has("-h")) {
    console.log(USAGE);
    return 0;
  }
  if (!values.auth) throw new UsageError("--auth users.json est obligatoire.");
  const input = readImportFiles({ auth: values.auth, hashConfig: values["hash-config"], firestore: values.firestore });
  const e = env();
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite") });
  console.error(
    `${countOf(input.users.length, "compte lu", "comptes lus")}, ${countOf(input.documents.size, "document utilisateurs", "documents utilisateurs")}.`,
  );
  const report = await importFirebase(input, {
    dryRun: flags.has("--dry-run"),
    skipConflicts: flags.has("--skip-conflicts"),
    onProgress: progress,
  });
  console.log(formatReport(report));
  // Thousands of new rows: statistics and the visibility map at once, not at the next night.
  if (!report.dryRun && !report.aborted && report.created + report.updated > 0) await vacuumAnalyze();
  return report.aborted ? 1 : 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (err: unknown) => {
    await closeDatabase().catch(() => {});
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exit(2);
    }
    if (err instanceof ImportInputError) {
      console.error(`Import refusé : rien n'a été écrit.\n${err.problems.map((p) => `- ${p}`).join("\n")}`);
      process.exit(1);
    }
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
