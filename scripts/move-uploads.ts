/**
 * npm run fichiers — where the uploaded files (photos, papers, receipts) are
 * kept, and moving them between the data folder and PostgreSQL
 * (app/lib/operations/uploads-place.server.ts):
 *   npm run fichiers                    says where they are;
 *   npm run fichiers -- vers-postgres   keeps them in PostgreSQL (several machines);
 *   npm run fichiers -- vers-dossier    keeps them in the data folder (DATA_DIR/uploads).
 *
 * Rules: PostgreSQL only (DATABASE_URL): on the embedded database the command
 * explains and refuses. The site may keep running: new files go to the new place
 * at once on every machine (the change is announced to the running servers),
 * every file stays readable during the move, each file is deleted from its old
 * place only after its copy was read back and compared (size and SHA-256).
 * Interrupted, it can be run again: it goes on where it stopped. French output;
 * exit code 0 done, 1 refused or failed (nothing lost), 2 usage.
 */
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { announceChange, startChangeBus, stopChangeBus } from "~/lib/core/change-bus.server";
import { countOf } from "~/lib/core/count";
import { formatFileSize as formatBytes } from "~/lib/content/public-documents.server";
import {
  EMBEDDED_REFUSAL,
  moveUploads,
  PLACE_LABELS,
  uploadsPlaceStatus,
  type UploadsPlace,
} from "~/lib/operations/uploads-place.server";

const USAGE = `Emplacement des fichiers envoyés (photos, pièces, justificatifs)

Utilisation :
  npm run fichiers                    indique où sont les fichiers
  npm run fichiers -- vers-postgres   les garde dans PostgreSQL (plusieurs machines)
  npm run fichiers -- vers-dossier    les garde dans le dossier de données (DATA_DIR/uploads)

Le site peut rester en marche : chaque fichier est copié, relu et comparé avant
d'être effacé de son ancien emplacement. Interrompue, la commande se relance et
reprend où elle s'était arrêtée.`;

/** « 3 fichiers (1,2 Mo) », or « aucun fichier ». */
const holds = (t: { files: number; bytes: number }) =>
  t.files ? `${countOf(t.files, "fichier", "fichiers")} (${formatBytes(t.bytes)})` : "aucun fichier";

const TARGETS: Record<string, UploadsPlace> = { "vers-postgres": "postgres", "vers-dossier": "dossier" };

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const target = args[0] === undefined ? null : TARGETS[args[0]];
  if (args.length > 1 || target === undefined) {
    console.error(USAGE);
    return 2;
  }
  const e = env();
  if (!e.DATABASE_URL) {
    console.error(EMBEDDED_REFUSAL);
    return 1;
  }
  await openDatabase({ url: e.DATABASE_URL });
  try {
    if (target) {
      await startChangeBus(e.DATABASE_URL);
      const commandLine = `npm run fichiers -- ${args[0]}`;
      let announced = false;
      const result = await moveUploads(target, { process: `Ligne de commande (${commandLine})` }, (line) => {
        console.log(line);
        // The setting is written before the first file moves: the running servers learn it now.
        if (!announced) void announceChange().then(() => (announced = true));
      });
      await announceChange();
      console.log(
        result.moved
          ? `Terminé : ${countOf(result.moved, "fichier déplacé", "fichiers déplacés")} (${formatBytes(result.bytes)}) vers ${PLACE_LABELS[target]}.`
          : "Terminé : aucun fichier à déplacer.",
      );
      if (target === "dossier")
        console.log(
          "Attention : le dossier de données est propre à cette machine. Avec plusieurs machines, gardez les fichiers dans PostgreSQL.",
        );
    }
    const status = await uploadsPlaceStatus();
    console.log(`Nouveaux fichiers gardés dans ${PLACE_LABELS[status.place]}.`);
    console.log(`Dossier de données (${status.folder.path}) : ${holds(status.folder)}.`);
    console.log(`PostgreSQL : ${holds(status.postgres)}.`);
    return 0;
  } finally {
    await stopChangeBus();
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Déplacement interrompu : ${err instanceof Error ? err.message : String(err)}`);
    console.error("Aucun fichier n'est perdu : relancez la même commande pour reprendre.");
    process.exit(1);
  },
);
