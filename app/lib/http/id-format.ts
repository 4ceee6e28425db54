/**
 * The shape of an id or a version from the outside world, browser-safe (form
 * schemas use it in the browser too; app/lib/http/ids.server.ts adds the server's
 * French 400s on top).
 *
 * Rules:
 * - an id is a run of 1 to 10 ASCII digits, no sign, no exponent, no decimal
 *   point, no leading zero, no spaces, and at most 2^31 - 1 (a PostgreSQL
 *   `integer`);
 * - a millisecond-time version (accounts' `updatedAt`) is 0 or up to 16
 *   digits, at most 2^53 - 1.
 */

/** Largest value of a PostgreSQL `integer` column. */
export const MAX_ID = 2_147_483_647;

/** A positive 32-bit integer id, else null. */
export function positiveId(value: unknown): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value > 0 && value <= MAX_ID ? value : null;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_ID ? n : null;
}

/** A version that is a time in milliseconds (accounts use `updatedAt`): 0 to 2^53 - 1, else null. */
export function timestampVersion(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== "string" || !/^(0|[1-9][0-9]{0,15})$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}
