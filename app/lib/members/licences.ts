/**
 * Federation licences, browser-safe: the forms of the licences
 * page, the columns of `licences.csv` (listed on the page, written by the
 * export in this order), and the reading of an imported list.
 *
 * Rules:
 *  - A licence number is 2 to 30 letters, digits, spaces, dots, slashes or
 *    hyphens, starting with a letter or a digit; an empty field clears it.
 *  - An import is one line per licence: « nom ; prénom ; date de naissance ;
 *    numéro de licence », separated by « ; », a tab or « , » (the first
 *    line's separator counts for all), the date as JJ/MM/AAAA or AAAA-MM-JJ;
 *    quotes around a value are removed; a first line naming the columns is
 *    skipped; empty lines are ignored. Each bad line gets its own French
 *    error naming its number; the server matches the others to the season's
 *    registered profiles (licences.server.ts) and saves nothing while any
 *    line is wrong.
 */
import { z } from "zod";
import { id } from "../http/fields";

export const LICENCE_INTENTS = ["number", "import"] as const;

const LICENCE_NUMBER = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,29}$/;
const NUMBER_HINT = "2 à 30 lettres, chiffres, espaces, points, barres obliques ou tirets";

/** Normalises a typed licence number: trimmed, inner spaces collapsed, letters in capitals. */
export function normaliseLicenceNumber(raw: string): string {
  return raw.trim().replace(/\s+/g, " ").toUpperCase();
}

export function isLicenceNumber(value: string): boolean {
  return LICENCE_NUMBER.test(value);
}

/** One member's licence number, typed by a manager on the licences page. */
export const licenceNumberSchema = z.object({
  intent: z.literal("number"),
  profileId: id("Ce membre n'existe plus."),
  licenceNumber: z
    .string()
    .max(100, "Un numéro de licence ne dépasse pas 30 caractères.")
    .optional()
    .transform((v) => normaliseLicenceNumber(v ?? ""))
    .refine((v) => v === "" || isLicenceNumber(v), `Numéro de licence invalide : ${NUMBER_HINT}.`),
});

export const MAX_IMPORT_LINES = 2000;

/** The imported list, pasted in a text area. */
export const licenceImportSchema = z.object({
  intent: z.literal("import"),
  csv: z
    .string({ error: "Collez la liste des licences." })
    .trim()
    .min(1, "Collez la liste des licences.")
    .max(200_000, "Cette liste est trop longue : importez-la en plusieurs fois."),
});

/** The columns of licences.csv, in order, with what each holds (shown on the page). */
export const LICENCE_COLUMNS: readonly { title: string; holds: string }[] = [
  { title: "Numéro de licence", holds: "le numéro de la saison, saisi ou importé sur cette page" },
  { title: "Licence précédente", holds: "le numéro de la saison précédente, s'il est connu" },
  { title: "Nom de naissance", holds: "le nom de naissance indiqué par la famille, sinon le nom" },
  { title: "Nom d'usage", holds: "le nom du profil" },
  { title: "Prénoms", holds: "le prénom du profil" },
  { title: "Sexe", holds: "F ou M, vide si la famille ne l'a pas indiqué" },
  { title: "Date de naissance", holds: "au format JJ/MM/AAAA" },
  { title: "Lieu de naissance", holds: "commune et département, ou pays" },
  { title: "Nationalité", holds: "telle qu'indiquée par la famille" },
  { title: "Adresse", holds: "numéro et rue" },
  { title: "Code postal", holds: "celui de l'adresse" },
  { title: "Ville", holds: "celle de l'adresse" },
  { title: "Téléphone", holds: "celui du profil, sinon celui du titulaire du compte" },
  { title: "E-mail", holds: "l'adresse du compte (celle du responsable pour un enfant)" },
  { title: "Grade", holds: "le plus haut grade enregistré" },
  { title: "Groupe", holds: "le groupe d'inscription de la saison" },
  { title: "Cotisation", holds: "payée ou en attente" },
  { title: "Dossier médical", holds: "en règle ou ce qui manque" },
  { title: "Responsable", holds: "le titulaire du compte qui a inscrit le membre" },
];

export interface ImportLine {
  /** Line number in the pasted text (1 for the first). */
  line: number;
  nom: string;
  prenom: string;
  /** ISO day. */
  dateOfBirth: string;
  number: string;
}

function isoDay(raw: string): string | null {
  const fr = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(raw);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
  const [y, m, d] = fr ? [fr[3], fr[2], fr[1]] : iso ? [iso[1], iso[2], iso[3]] : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day ? day : null;
}

const unquote = (v: string) =>
  v
    .trim()
    .replace(/^"(.*)"$/s, "$1")
    .replace(/""/g, '"')
    .trim();

/** Reads the pasted list: the well-formed lines, and a French error for each other one. */
export function parseLicenceImport(text: string): { lines: ImportLine[]; errors: string[] } {
  const raw = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = raw.find((l) => l.trim()) ?? "";
  const separator = first.includes(";") ? ";" : first.includes("\t") ? "\t" : ",";
  const lines: ImportLine[] = [];
  const errors: string[] = [];
  let seen = 0;
  for (const [i, content] of raw.entries()) {
    if (!content.trim()) continue;
    const line = i + 1;
    seen++;
    if (seen > MAX_IMPORT_LINES) {
      errors.push(`Plus de ${MAX_IMPORT_LINES} lignes : importez la liste en plusieurs fois.`);
      break;
    }
    const cells = content.split(separator).map(unquote);
    if (seen === 1 && /nom/i.test(cells[0] ?? "") && !cells.some((c) => isoDay(c))) continue; // the header
    const [nom = "", prenom = "", born = "", number = "", ...rest] = cells;
    if (rest.some((c) => c) || !number) {
      errors.push(
        `Ligne ${line} : écrivez « nom ; prénom ; date de naissance ; numéro de licence » (4 valeurs séparées par « ${separator === "\t" ? "tabulation" : separator} »).`,
      );
      continue;
    }
    if (!nom || !prenom) {
      errors.push(`Ligne ${line} : le nom et le prénom sont obligatoires.`);
      continue;
    }
    const dateOfBirth = isoDay(born);
    if (!dateOfBirth) {
      errors.push(`Ligne ${line} : date de naissance « ${born} » illisible (écrivez-la JJ/MM/AAAA).`);
      continue;
    }
    const licence = normaliseLicenceNumber(number);
    if (!isLicenceNumber(licence)) {
      errors.push(`Ligne ${line} : numéro de licence « ${number} » invalide (${NUMBER_HINT}).`);
      continue;
    }
    lines.push({ line, nom, prenom, dateOfBirth, number: licence });
  }
  if (!lines.length && !errors.length) errors.push("Aucune ligne de licence dans cette liste.");
  return { lines, errors };
}

/** Compares names without case, accents, hyphens or repeated spaces. */
export function nameKey(name: string): string {
  return name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-'’\s]+/g, " ")
    .trim();
}
