/**
 * Password rules (server side): 8 to 128 characters, no composition rules,
 * and none of the most common passwords (app/lib/accounts/common-passwords.txt,
 * compared case-insensitively). Reads a file: import it only from server
 * code; UI code imports the constants from password-rules.ts.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { COMMON_PASSWORD_MESSAGE, passwordLengthProblem } from "./password-rules";

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./password-rules";

/** Used only if the shipped list cannot be found (should not happen). */
const FALLBACK = [
  "12345678",
  "123456789",
  "1234567890",
  "password",
  "password1",
  "azertyuiop",
  "motdepasse",
  "qwertyuiop",
  "iloveyou",
  "00000000",
  "11111111",
];

let cached: Set<string> | null = null;

function listLocations(): string[] {
  const candidates: string[] = [];
  try {
    candidates.push(fileURLToPath(new URL("./common-passwords.txt", import.meta.url)));
  } catch {
    // import.meta.url is not a file URL (bundled): use the other locations.
  }
  candidates.push(path.resolve(process.cwd(), "app/lib/accounts/common-passwords.txt"));
  return candidates;
}

/** The set of refused passwords (lower case), read once. */
export function commonPasswords(): Set<string> {
  if (cached) return cached;
  const file = listLocations().find((f) => existsSync(f));
  const lines = file ? readFileSync(file, "utf8").split(/\r?\n/) : FALLBACK;
  cached = new Set(lines.map((l) => l.trim().toLowerCase()).filter((l) => l.length > 0 && !l.startsWith("#")));
  return cached;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** A French message when the password is refused (length or common list), else null. */
export function passwordProblem(password: string): string | null {
  return passwordLengthProblem(password) ?? (isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null);
}
