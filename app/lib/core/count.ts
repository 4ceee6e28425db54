/**
 * A count of things in French, browser-safe: thousands grouped by a non-breaking space
 * (U+00A0, as `formatEuros` does), so « 10 001 comptes » never reads « 10001 » nor breaks
 * across lines. Whole numbers only; the words around it are the caller's.
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
