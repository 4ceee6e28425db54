/**
 * The HelloAsso donation links from the club settings, checked before use:
 * the widget is framed only when its origin is exactly the one the CSP
 * allows (server/csp.ts), and the plain link must be an http(s) address.
 * A tax reduction is promised only when the club said it may issue tax
 * receipts (`mayIssueTaxReceipts`).
 */
export const HELLOASSO_ORIGIN = "https://www.helloasso.com";

export function safeWidgetUrl(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.origin === HELLOASSO_ORIGIN && !parsed.username && !parsed.password ? parsed.href : null;
  } catch {
    return null;
  }
}

export function safeLinkUrl(url: string): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The club said it may issue tax receipts (« intérêt général », Cerfa 11580); not said (null) is no. */
export function mayIssueTaxReceipts(donation: { taxReceipts: boolean | null }): boolean {
  return donation.taxReceipts === true;
}

/** Cost of a gift after the 66 % income-tax reduction, in cents (rounded to the cent). */
export function costAfterReduction(cents: number, rate = 0.66): number {
  return Math.round(cents * (1 - rate));
}
