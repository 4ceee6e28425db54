/**
 * Password rules of the accounts issue (shared by server and UI): 8 to 128
 * characters, no composition rules. The list of refused common passwords is
 * checked on the server (passwords.server.ts, which reads the settings: server only).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** The hint under a new password's field (sign-up, new password): the page's loader sends it, its script holds none of it. */
export const PASSWORD_HINT = `De ${PASSWORD_MIN_LENGTH} à ${PASSWORD_MAX_LENGTH} caractères, sans autre contrainte : une phrase de plusieurs mots est facile à retenir et difficile à deviner.`;

export const COMMON_PASSWORD_MESSAGE =
  "Ce mot de passe fait partie des plus courants et serait deviné facilement. Choisissez-en un autre.";

/** A French message when the length is wrong, else null. */
export function passwordLengthProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `Le mot de passe doit contenir au plus ${PASSWORD_MAX_LENGTH} caractères.`;
  }
  return null;
}
