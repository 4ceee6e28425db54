/**
 * Phone numbers as links, browser-safe. Rules: one way to write a `tel:` link
 * for the whole site (public pages and member area). A French number as typed
 * (« 06 12 34 56 78 », « 01.23.45.67.89 ») becomes +33 without its first 0, so
 * the link dials from a foreign phone too; an international number (« +32 … »,
 * « 0032 … ») keeps its country; « (0) » after a country code is dropped; spaces,
 * dots, dashes and brackets never reach the link.
 */

/** « 06 12 34 56 78 » -> "tel:+33612345678"; « +32 2 123 45 67 » -> "tel:+3221234567". */
export function telHref(phone: string): string {
  const digits = phone.replace(/\(0\)/g, "").replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  if (digits.startsWith("00")) return `tel:+${digits.slice(2)}`;
  if (digits.startsWith("0")) return `tel:+33${digits.slice(1)}`;
  return `tel:${digits}`;
}
