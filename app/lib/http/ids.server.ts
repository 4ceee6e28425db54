/**
 * Ids from the outside world (path parameters, form fields, query strings):
 * the one place where they are parsed.
 *
 * Rules:
 * - an id is a run of 1 to 10 ASCII digits, no sign, no exponent, no decimal
 *   point, no leading zero, no spaces, and at most 2^31 - 1 (a PostgreSQL
 *   `integer`): `99999999999999999999`, `1e309`, `1.5`, `0x10`, ` 7`, `7\0`
 *   are not ids;
 * - `positiveId` answers null for anything else (the caller decides);
 * - `requireId` throws a French 400 ("Identifiant invalide.") from the shared
 *   bad-request helper, so a malformed id is never a 500 nor a database error;
 * - in a form, an id or a version is a field of its schema: `id()` and
 *   `version()` of app/lib/http/fields.ts (one way).
 */
import { badRequest } from "./request.server";
import { positiveId } from "./id-format";

export { positiveId };

/** A positive 32-bit id, else a French 400 (the page shows the message). */
export function requireId(value: unknown, what = "Identifiant"): number {
  const id = positiveId(value);
  if (id === null) throw badRequest(`${what} invalide.`);
  return id;
}
