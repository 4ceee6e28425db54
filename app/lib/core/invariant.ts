/**
 * Guards for values that must be there (browser-safe, no dependency).
 *
 * Rules: with `noUncheckedIndexedAccess`, an indexed read (`rows[0]`, `match[1]`,
 * `record[key]`) may be `undefined`. Where it really may be missing, handle it
 * (a guard, a default). Where the code guarantees it (an `INSERT ... RETURNING`
 * gives one row, a regex group that always participates), use these helpers:
 * they throw a clear error instead of silencing the compiler with `!`.
 * A failure here is a programming error (500), never a message for the user.
 */

/** Throws `Error(message)` when `condition` is falsy. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Invariant non respecté : ${message}`);
}

/** `value`, or a thrown error naming what was missing. */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Valeur absente : ${what}`);
  return value;
}

type Tuple<T, N extends number, R extends T[] = []> = R["length"] extends N ? R : Tuple<T, N, [...R, T]>;

/**
 * Capture groups 1..n of a successful match, as strings. For patterns whose
 * groups always take part in a match; throws if one did not (a pattern error).
 */
export function groups<const N extends number>(match: RegExpMatchArray, n: N): Tuple<string, N> {
  const out: string[] = [];
  for (let i = 1; i <= n; i++) out.push(defined(match[i], `groupe ${i} de ${String(match[0])}`));
  return out as Tuple<string, N>;
}

/**
 * The `n` numbers of a fixed-shape text: numberParts("2026-11-14", "-", 3) -> [2026, 11, 14].
 * For texts already validated (day keys, "09:30"); throws if a part is missing.
 */
export function numberParts<const N extends number>(text: string, separator: string, n: N): Tuple<number, N> {
  const parts = text.split(separator);
  invariant(parts.length >= n, `« ${text} » n’a pas ${n} parties séparées par « ${separator} »`);
  return parts.slice(0, n).map(Number) as Tuple<number, N>;
}
