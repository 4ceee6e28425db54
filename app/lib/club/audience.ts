/**
 * First-party audience measurement, browser-safe rules (CNIL exemption).
 *
 * Rules:
 *  - No cookie, no identifier, no IP address: the browser sends only the path
 *    of the page it shows and, on the first page of a visit coming from
 *    another site, that site's domain; the server adds 1 to a per-day count.
 *  - Counted by a tiny same-origin request after the page is shown, so pages
 *    served from the page cache are counted too; nothing is loaded from
 *    another site.
 *  - Not counted: the member area and the account pages (personal data), the
 *    not-found page, bots, and any browser that opted out on the legal page
 *    (a flag in its own localStorage), sends Do Not Track or Global Privacy
 *    Control.
 */

/** localStorage key of the opt-out; its value is AUDIENCE_OPT_OUT_VALUE when the visitor refused. */
export const AUDIENCE_OPT_OUT_KEY = "club-mesure-audience";
export const AUDIENCE_OPT_OUT_VALUE = "refusee";
export const AUDIENCE_ENDPOINT = "/api/audience";
/** Counts are deleted after this many months (CNIL: 25 months at most). */
export const AUDIENCE_RETENTION_MONTHS = 25;

/** Paths never counted: pages of a signed-in person or carrying a secret. */
const EXCLUDED =
  /^\/(espace-membre|connexion|inscription$|mot-de-passe-oublie|reinitialiser-mot-de-passe|deconnexion|compte-supprime|installation|calendrier\/membre|api|media|illustrations)(\/|$)/;

/**
 * The path to count for a page, or null when it must not be counted: a clean
 * path (no query string, no trailing slash, at most 200 characters of safe
 * characters), outside EXCLUDED.
 */
export function countedPath(raw: string): string | null {
  if (!raw.startsWith("/") || raw.length > 200) return null;
  const path = raw.length > 1 ? raw.replace(/\/+$/, "") : raw;
  if (!/^\/[a-z0-9\-/._%]*$/i.test(path) || path.includes("//") || path.includes("..")) return null;
  if (EXCLUDED.test(path)) return null;
  return path;
}

/** The domain of a referrer URL when it is another site ("www." dropped), else null. */
export function referrerDomain(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHost.toLowerCase().replace(/:\d+$/, "");
  if (!host || host === own) return null;
  host = host.replace(/^www\./, "");
  return /^[a-z0-9.-]{1,100}$/.test(host) ? host : null;
}

/** Has this browser asked not to be counted (opt-out, Do Not Track, Global Privacy Control)? */
export function browserRefusesCounting(): boolean {
  try {
    if (window.localStorage.getItem(AUDIENCE_OPT_OUT_KEY) === AUDIENCE_OPT_OUT_VALUE) return true;
  } catch {
    // Storage blocked: the browser's other signals decide.
  }
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === "1" || nav.globalPrivacyControl === true;
}
