/**
 * Mots de passe les plus courants, refusés à l'inscription et à la réinitialisation.
 * Source : les 10 000 premiers de la liste de zxcvbn (Dropbox, licence MIT, via @zxcvbn-ts/language-common),
 * complétés de mots de passe français courants.
 * Rules:
 *  - The list is data: common-passwords.json, one password a line, compared case- and
 *    accent-insensitively by passwords.server.ts.
 *  - It is imported, never read from disk at run time: the bundlers (Vite's server build, tsx for
 *    the CLI) put it in every build, so an installation that copies only `build/` has it.
 */
import list from "./common-passwords.json";

export const COMMON_PASSWORDS: readonly string[] = list;
