/**
 * npm run dkim-key -- <fichier> — writes a new DKIM private key (RSA 2048,
 * PEM) for a club that does not use the install script (deploy/install makes
 * /etc/club/dkim.pem itself), then says what to set and where the DNS record
 * is shown.
 *
 * Rules: never overwrites an existing file (a key already published in the
 * DNS would stop matching); the file is readable by its owner only (0600);
 * reads no configuration, so it works before DKIM_PRIVATE_KEY_FILE is set.
 * Exit code 1 with a French reason on any refusal.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { generateDkimKeyPem, readDkimKey } from "~/lib/mail/dkim-key.server";

function main(args: string[]): number {
  const target = args.find((a) => !a.startsWith("-"));
  const help = args.includes("--help") || args.includes("-h");
  if (!target || help) {
    console.error("Usage : npm run dkim-key -- <fichier>   (exemple : npm run dkim-key -- data/dkim.pem)");
    return help ? 0 : 1;
  }
  const file = path.resolve(target);
  try {
    writeFileSync(file, generateDkimKeyPem(), { mode: 0o600, flag: "wx" });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    console.error(
      code === "EEXIST"
        ? `Le fichier ${file} existe déjà : il n'est pas remplacé (une clé publiée dans le DNS ne correspondrait plus).`
        : `Écriture impossible : ${file} (${code ?? String(err)}).`,
    );
    return 1;
  }
  const key = readDkimKey(file);
  console.error(`Clé DKIM écrite : ${file} (${key.bits} bits, lisible par son seul propriétaire).`);
  console.error(`Ajoutez à la configuration du site DKIM_PRIVATE_KEY_FILE=${file} puis redémarrez-le :`);
  console.error("la page Exploitation donne alors l'enregistrement DNS à publier (DKIM, avec SPF et DMARC).");
  console.log(file);
  return 0;
}

process.exit(main(process.argv.slice(2)));
