/**
 * A count of things in French, browser-safe: thousands grouped by a non-breaking space
 * (U+00A0, as `formatEuros` does), so « 10 001 comptes » never reads « 10001 » nor breaks
 * across lines. Whole numbers only; the words around it are the caller's.
 *
 * Counted words agree with their number, never « membre(s) »: in French 0 and 1 take
 * the singular (« 0 membre », « 1 membre »), 2 and more the plural; a caller may give a zero
 * form instead (« aucun membre inscrit », « aucune inscription »).
 */

const NBSP = "\u00a0";

/** 7 -> « 7 », 10001 -> « 10 001 », -2500 -> « -2 500 ». */
export function formatCount(n: number): string {
  const rounded = Math.round(n);
  const digits = Math.abs(rounded)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
  return rounded < 0 ? `-${digits}` : digits;
}

/** The word that agrees with n: plural(2, "élève", "élèves") -> « élèves »; 0 and 1 singular. */
export function plural(n: number, one: string, many: string): string {
  return Math.abs(Math.round(n)) >= 2 ? many : one;
}

/**
 * The count and its words: countOf(1, "membre inscrit", "membres inscrits") -> « 1 membre inscrit »,
 * 2 -> « 2 membres inscrits »; 0 -> `zero` when given (« aucun membre inscrit »), else « 0 membre inscrit ».
 */
export function countOf(n: number, one: string, many: string, zero?: string): string {
  if (Math.round(n) === 0 && zero !== undefined) return zero;
  return `${formatCount(n)} ${plural(n, one, many)}`;
}
