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
 *   bad-request helper, so a malformed id is never a 500 nor a database error.
 */
import { z } from "zod";
import { badRequest } from "./request.server";
import { MAX_ID, positiveId, timestampVersion } from "./id-format";

export { MAX_ID, positiveId };

/** A positive 32-bit id, else a French 400 (the page shows the message). */
export function requireId(value: unknown, what = "Identifiant"): number {
  const id = positiveId(value);
  if (id === null) throw badRequest(`${what} invalide.`);
  return id;
}

/** A version counter sent back by an edit form (0 or more, 32 bits), else a French 400. */
export function requireVersion(value: unknown): number {
  if (value === "0" || value === 0) return 0;
  return requireId(value, "Version du formulaire");
}

/** Zod field for an id in a form (a string from FormData), with a French message. */
export function idField(message = "Identifiant invalide.") {
  return z.unknown().transform((v, ctx) => {
    const id = positiveId(v);
    if (id === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });
}

/** Zod field for a version counter (0 or more, 32 bits). */
export function versionField(message = "Version du formulaire invalide.") {
  return z.unknown().transform((v, ctx) => {
    const n = v === "0" || v === 0 ? 0 : positiveId(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}

/** requireVersion for a millisecond-time version. */
export function requireTimestampVersion(value: unknown): number {
  const n = timestampVersion(value);
  if (n === null) throw badRequest("Version du formulaire invalide.");
  return n;
}

/** versionField for a millisecond-time version. */
export function timestampVersionField(message = "Version du formulaire invalide.") {
  return z.unknown().transform((v, ctx) => {
    const n = timestampVersion(v);
    if (n === null) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
}
