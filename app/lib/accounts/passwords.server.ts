/**
 * Password rules (server side): 8 to 128 characters, no composition rules,
 * and refused when easy to guess:
 * - one of the most common passwords (common-passwords.json, imported so the
 *   list is in every build; `assertPasswordListReady` fails the start if it
 *   is not complete), compared case- and accent-insensitively, also once
 *   digits and symbols around it are removed (`password2026`);
 * - a trivial pattern: one repeated character (`aaaaaaaa`), a repeated short
 *   group (`12341234`), a run of consecutive characters (`12345678`);
 * - built on a word of the context once digits and symbols are set aside:
 *   the art (`vovinam2026`), the club's name and city from the settings
 *   (`creteil94`), the person's own first name, last name and e-mail. What
 *   is left after removing those words must hold at least 4 letters, so a
 *   passphrase that merely contains one of them stays accepted.
 * UI code imports the constants from password-rules.ts.
 */
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { getSetting } from "../club/settings.server";
import { clubDisplayName } from "../club/identity";
import { db } from "../core/db.server";
import { COMMON_PASSWORDS } from "./common-passwords";
import { COMMON_PASSWORD_MESSAGE, passwordLengthProblem } from "./password-rules";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

export const TRIVIAL_PASSWORD_MESSAGE =
  "Ce mot de passe suit un motif trop simple (caractère répété, groupe répété ou suite). Choisissez-en un autre.";
export const CONTEXT_PASSWORD_MESSAGE =
  "Ce mot de passe repose sur un mot facile à deviner ici (le club, l'art martial, la ville, votre nom ou votre adresse e-mail). Choisissez-en un autre.";

/** Words of the art, refused as the base of a password whatever the settings say. */
const ART_WORDS = ["vovinam", "viet", "dao", "vietvodao", "vovinamvietvodao"];
/** The shipped list holds about 10,000 entries: fewer means a broken build. */
const EXPECTED_MIN_ENTRIES = 10_000;

let cached: Set<string> | null = null;

/** Lower case, no accents. */
function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The set of refused passwords (folded), built once. */
export function commonPasswords(): Set<string> {
  if (cached) return cached;
  cached = new Set(COMMON_PASSWORDS.map((l) => fold(l.trim())).filter((l) => l.length > 0));
  return cached;
}

/** Called at start-up: the site does not start with an incomplete list. */
export function assertPasswordListReady(): void {
  const size = commonPasswords().size;
  if (size < EXPECTED_MIN_ENTRIES) {
    throw new Error(
      `La liste des mots de passe courants est incomplète (${size} entrées au lieu d'au moins ${EXPECTED_MIN_ENTRIES})\u00a0: l'installation est abîmée, reconstruisez le site.`,
    );
  }
}

export function isCommonPassword(password: string): boolean {
  const f = fold(password.trim());
  const letters = f.replace(/[^a-z]/g, "");
  return commonPasswords().has(f) || (letters.length > 0 && letters !== f && commonPasswords().has(letters));
}

function isTrivialPattern(password: string): boolean {
  const f = fold(password);
  if (/^(.)\1+$/su.test(f) || /^(.{1,4})\1+$/su.test(f)) return true;
  const codes = [...f].map((c) => c.codePointAt(0) ?? 0);
  const [first, second] = codes;
  if (first === undefined || second === undefined) return false;
  const step = second - first;
  return (step === 1 || step === -1) && codes.every((c, i) => i === 0 || c - (codes[i - 1] ?? c) === step);
}

/** The person and place a password must not be built on. */
export interface PasswordContext {
  words: string[];
}

/** Words of length 3 or more, folded, from free text ("Créteil", "camille.martin@exemple.fr"). */
function tokens(values: Array<string | null | undefined>): string[] {
  const out = new Set<string>();
  for (const v of values) {
    if (!v) continue;
    const f = fold(v);
    for (const t of f.split(/[^a-z0-9]+/)) if (t.length >= 3) out.add(t);
    const compact = f.replace(/[^a-z0-9]/g, "");
    if (compact.length >= 3 && compact.length <= 40) out.add(compact);
  }
  return [...out];
}

function builtOnContext(password: string, words: string[]): boolean {
  let rest = fold(password).replace(/[^a-z0-9]/g, "");
  let removed = false;
  // Longest words first, so "vovinamvietvodao" goes as a whole.
  for (const w of [...words].sort((a, b) => b.length - a.length)) {
    if (rest.includes(w)) {
      rest = rest.split(w).join("");
      removed = true;
    }
  }
  return removed && rest.replace(/[^a-z]/g, "").length < 4;
}

/** A French message when the password is refused, else null (synchronous: art words only). */
export function passwordProblem(password: string, context: PasswordContext = { words: [] }): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  if (isTrivialPattern(password)) return TRIVIAL_PASSWORD_MESSAGE;
  if (builtOnContext(password, [...ART_WORDS, ...context.words])) return CONTEXT_PASSWORD_MESSAGE;
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  return null;
}

/** The club's words (name and city from the settings) and the person's own. */
export async function passwordContext(
  person: { prenom?: string | null; nom?: string | null; email?: string | null } = {},
): Promise<PasswordContext> {
  const identity = await getSetting("identity");
  const email = person.email ?? "";
  const [local, domain] = email.split("@");
  return {
    words: tokens([
      clubDisplayName(identity),
      identity.shortName,
      identity.city,
      person.prenom,
      person.nom,
      local,
      domain?.split(".")[0],
    ]),
  };
}

/** passwordProblem with the club's and the person's words. */
export async function checkPassword(
  password: string,
  person: { prenom?: string | null; nom?: string | null; email?: string | null } = {},
): Promise<string | null> {
  return passwordProblem(password, await passwordContext(person));
}

/** checkPassword for an existing account (change or reset of its password). */
export async function checkPasswordForUser(
  password: string,
  userId: string | null | undefined,
): Promise<string | null> {
  const [person] = userId
    ? await db
        .select({ email: users.email, prenom: users.prenom, nom: users.nom })
        .from(users)
        .where(eq(users.id, userId))
    : [];
  return checkPassword(password, person ?? {});
}
