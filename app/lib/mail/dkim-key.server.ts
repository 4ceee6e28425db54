/**
 * The DKIM private key of the site: read from a PEM file, checked, and its
 * public half as the DNS record publishes it (the `p=` of
 * `<selector>._domainkey.<domain>`).
 *
 * Rules:
 *  - RSA only (nodemailer signs with rsa-sha256), 1024 bits at least (2048
 *    advised, the size the install script and `npm run dkim-key` generate);
 *  - every problem is one French sentence naming the file, so that the
 *    environment check (env.server.ts) stops the start with it instead of a
 *    failure at the first e-mail;
 *  - no import of the environment or of the database: env.server.ts uses it.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { readFileSync } from "node:fs";

export interface DkimKey {
  /** The private key, PEM (PKCS#8 or PKCS#1), as nodemailer takes it. */
  privateKeyPem: string;
  /** The public key as the DNS record's `p=`: base64 of its DER (SubjectPublicKeyInfo). */
  publicKeyBase64: string;
  bits: number;
}

const GENERATE_HINT = "générez-en une avec « npm run dkim-key »";

function readError(file: string, err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return `fichier introuvable : ${file} (laisser vide pour envoyer les e-mails sans signature)`;
  if (code === "EACCES" || code === "EPERM")
    return `lecture refusée : ${file} doit être lisible par l'utilisateur qui lance le site`;
  if (code === "EISDIR") return `${file} est un dossier, pas le fichier de la clé privée`;
  return `lecture impossible : ${file} (${code ?? String(err)})`;
}

/** Reads and checks the key; throws an Error whose message is the French reason. */
export function readDkimKey(file: string): DkimKey {
  let pem: string;
  try {
    pem = readFileSync(file, "utf8");
  } catch (err) {
    throw new Error(readError(file, err), { cause: err });
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (err) {
    const encrypted = /ENCRYPTED/.test(pem) || /passphrase/i.test(String((err as Error).message));
    throw new Error(
      encrypted
        ? `la clé du fichier ${file} est protégée par une phrase de passe : le site a besoin de la clé non chiffrée`
        : `${file} ne contient pas une clé privée au format PEM : ${GENERATE_HINT}`,
      { cause: err },
    );
  }
  if (key.asymmetricKeyType !== "rsa")
    throw new Error(
      `la clé du fichier ${file} n'est pas une clé RSA (les e-mails sont signés en rsa-sha256) : ${GENERATE_HINT}`,
    );
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 1024)
    throw new Error(`la clé RSA du fichier ${file} compte ${bits} bits : il en faut au moins 1024 (2048 conseillés)`);
  const publicKeyBase64 = createPublicKey(key).export({ type: "spki", format: "der" }).toString("base64");
  return { privateKeyPem: pem, publicKeyBase64, bits };
}

/** The reason the key file cannot be used, or null when it can (the environment check). */
export function dkimKeyProblem(file: string): string | null {
  try {
    readDkimKey(file);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** A new 2048-bit RSA private key, PEM (PKCS#8), as `openssl genpkey` writes it. */
export function generateDkimKeyPem(): string {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return privateKey.export({ type: "pkcs8", format: "pem" }).toString();
}
