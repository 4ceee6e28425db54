/**
 * Reading the three files of a Firebase export (issue "Move in from the
 * original Firebase site"), refusing bad input before anything is written.
 *
 *  - users.json: `firebase auth:export users.json --format=json`
 *    `{ "users": [{ localId, email, emailVerified, passwordHash, salt, createdAt,
 *    lastSignedInAt, disabled, displayName, providerUserInfo: [{ providerId, rawId }] }] }`;
 *  - hash.json: the project's password-hash parameters as the console shows them
 *    `{ algorithm: "SCRYPT", base64_signer_key, base64_salt_separator, rounds, mem_cost }`;
 *  - utilisateurs.json: the Firestore collection, an object keyed by document id
 *    (also accepted: `{ "utilisateurs": { … } }` and an array of documents with `id`).
 *
 * Rules: every problem is a French sentence naming the file and the account;
 * all problems are collected and reported together (`ImportInputError`).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { FirebaseHashParams } from "./scrypt.server";
import { countOf, plural } from "../../core/count";

export class ImportInputError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ImportInputError";
  }
}

const providerSchema = z.object({
  providerId: z.string(),
  rawId: z.string().optional(),
  email: z.string().optional(),
  displayName: z.string().optional(),
});

const authUserSchema = z.object({
  localId: z.string().min(1).max(128),
  email: z.string().optional(),
  emailVerified: z.boolean().optional(),
  passwordHash: z.string().optional(),
  salt: z.string().optional(),
  createdAt: z.union([z.string(), z.number()]).optional(),
  lastSignedInAt: z.union([z.string(), z.number()]).optional(),
  disabled: z.boolean().optional(),
  displayName: z.string().optional(),
  providerUserInfo: z.array(providerSchema).optional(),
});
export type FirebaseAuthUser = z.infer<typeof authUserSchema>;

const authFileSchema = z.object({ users: z.array(authUserSchema) });

const hashConfigSchema = z.object({
  algorithm: z.string(),
  base64_signer_key: z.string().min(1),
  base64_salt_separator: z.string(),
  rounds: z.coerce.number().int().min(1).max(64),
  mem_cost: z.coerce.number().int().min(1).max(20),
});

const timestampSchema = z.union([
  z.string(),
  z.number(),
  z.object({ _seconds: z.number(), _nanoseconds: z.number().optional() }),
  z.object({ seconds: z.number(), nanoseconds: z.number().optional() }),
]);

const documentSchema = z.object({
  prenom: z.string().optional(),
  nom: z.string().optional(),
  email: z.string().optional(),
  role: z.union([z.string(), z.array(z.string())]).optional(),
  roles: z.array(z.string()).optional(),
  createdAt: timestampSchema.optional(),
  aPayeCotisation: z.boolean().optional(),
  certificatMedicalFourni: z.boolean().optional(),
});
export type FirestoreUserDocument = z.infer<typeof documentSchema>;

export interface ImportInput {
  users: FirebaseAuthUser[];
  hashParams: FirebaseHashParams | null;
  documents: Map<string, FirestoreUserDocument>;
}

function readJson(file: string, label: string, problems: string[]): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problems.push(
      code === "ENOENT"
        ? `${label} : le fichier ${file} est introuvable.`
        : `${label} : le fichier ${file} ne peut pas être lu (${code ?? String(err)}).`,
    );
    return undefined;
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (err) {
    problems.push(`${label} : ${path.basename(file)} n'est pas un fichier JSON valide (${(err as Error).message}).`);
    return undefined;
  }
}

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? ` (à « ${issue.path.join(".")} »)` : "";
  return `${issue?.message ?? "format inattendu"}${where}`;
}

/** A date from a Firebase or Firestore value: milliseconds (string or number), ISO string, or timestamp. */
export function toDate(value: unknown): Date | null {
  if (value === undefined || value === null || value === "") return null;
  let d: Date;
  if (typeof value === "number") d = new Date(value);
  else if (typeof value === "string") d = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  else if (typeof value === "object" && value && "_seconds" in value)
    d = new Date(Number((value as { _seconds: number })._seconds) * 1000);
  else if (typeof value === "object" && value && "seconds" in value)
    d = new Date(Number((value as { seconds: number }).seconds) * 1000);
  else return null;
  return Number.isNaN(d.getTime()) ? null : d;
}

function documentsOf(raw: unknown): Array<[string, unknown]> | null {
  if (Array.isArray(raw)) {
    return raw.map((doc, i) => {
      const id =
        doc && typeof doc === "object"
          ? ((doc as Record<string, unknown>).id ?? (doc as Record<string, unknown>)._id)
          : undefined;
      return [typeof id === "string" ? id : `#${i + 1}`, doc];
    });
  }
  if (raw && typeof raw === "object") {
    const obj = raw as Record<string, unknown>;
    if (obj.utilisateurs && typeof obj.utilisateurs === "object") return documentsOf(obj.utilisateurs);
    return Object.entries(obj);
  }
  return null;
}

/** Reads and checks the export files; throws ImportInputError listing every problem. */
export function readImportFiles(files: { auth: string; hashConfig?: string; firestore?: string }): ImportInput {
  const problems: string[] = [];

  const rawAuth = readJson(files.auth, "Comptes (--auth)", problems);
  let users: FirebaseAuthUser[] = [];
  if (rawAuth !== undefined) {
    const parsed = authFileSchema.safeParse(rawAuth);
    if (parsed.success) users = parsed.data.users;
    else
      problems.push(
        `Comptes (--auth) : format inattendu, attendu { "users": [ … ] } tel que le produit « firebase auth:export --format=json » : ${firstIssue(parsed.error)}.`,
      );
  }

  let hashParams: FirebaseHashParams | null = null;
  if (files.hashConfig) {
    const raw = readJson(files.hashConfig, "Paramètres de hachage (--hash-config)", problems);
    if (raw !== undefined) {
      const parsed = hashConfigSchema.safeParse(raw);
      if (!parsed.success) {
        problems.push(
          `Paramètres de hachage (--hash-config) : format inattendu, attendu algorithm, base64_signer_key, base64_salt_separator, rounds et mem_cost : ${firstIssue(parsed.error)}.`,
        );
      } else if (parsed.data.algorithm.toUpperCase() !== "SCRYPT") {
        problems.push(
          `Paramètres de hachage (--hash-config) : algorithme « ${parsed.data.algorithm} » inconnu. Seul SCRYPT, celui de Firebase Authentication, est pris en charge.`,
        );
      } else {
        hashParams = {
          signerKey: parsed.data.base64_signer_key,
          saltSeparator: parsed.data.base64_salt_separator,
          rounds: parsed.data.rounds,
          memCost: parsed.data.mem_cost,
        };
      }
    }
  }

  const documents = new Map<string, FirestoreUserDocument>();
  if (files.firestore) {
    const raw = readJson(files.firestore, "Collection utilisateurs (--firestore)", problems);
    if (raw !== undefined) {
      const entries = documentsOf(raw);
      if (!entries)
        problems.push(
          "Collection utilisateurs (--firestore) : format inattendu, attendu un objet { idDuCompte: { … } }.",
        );
      for (const [id, doc] of entries ?? []) {
        const parsed = documentSchema.safeParse(doc);
        if (parsed.success) documents.set(id, parsed.data);
        else
          problems.push(
            `Collection utilisateurs (--firestore) : le document ${id} est mal formé : ${firstIssue(parsed.error)}.`,
          );
      }
    }
  }

  // Accounts: e-mail required and unique; password hashes need the project's parameters.
  const byEmail = new Map<string, string[]>();
  const byId = new Set<string>();
  let passwordUsers = 0;
  for (const user of users) {
    if (byId.has(user.localId)) problems.push(`Comptes (--auth) : l'identifiant ${user.localId} apparaît deux fois.`);
    byId.add(user.localId);
    const email = user.email?.trim().toLowerCase();
    if (!email) {
      problems.push(
        `Comptes (--auth) : le compte ${user.localId} n'a pas d'adresse e-mail (le site se connecte par e-mail).`,
      );
      continue;
    }
    if (!z.email().safeParse(email).success)
      problems.push(`Comptes (--auth) : l'adresse « ${email} » du compte ${user.localId} n'est pas valide.`);
    byEmail.set(email, [...(byEmail.get(email) ?? []), user.localId]);
    if (user.passwordHash) {
      passwordUsers++;
      if (!user.salt) problems.push(`Comptes (--auth) : le compte ${user.localId} a un mot de passe sans « salt ».`);
    }
  }
  for (const [email, ids] of byEmail) {
    if (ids.length > 1)
      problems.push(`Comptes (--auth) : l'adresse ${email} est utilisée par plusieurs comptes (${ids.join(", ")}).`);
  }
  if (passwordUsers > 0 && !files.hashConfig) {
    problems.push(
      `${countOf(passwordUsers, "compte", "comptes")} ${plural(passwordUsers, "a", "ont")} un mot de passe : indiquez les paramètres de hachage du projet Firebase avec --hash-config hash.json (console Firebase, Authentication, menu « Paramètres de hachage du mot de passe »).`,
    );
  }

  if (problems.length) throw new ImportInputError(problems);
  return { users, hashParams, documents };
}
