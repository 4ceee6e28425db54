/**
 * Request-body limits per route: the one table, read by the HTTP server
 * (server/request-guards.ts, counted on the socket) and by `readForm`
 * (request.server.ts, counted on the request stream). No imports: the
 * server bundle includes this file as is.
 *
 * Rules:
 * - every body is small (FORM_BODY_LIMIT) unless the path is an upload page
 *   of the management area AND the request carries a session cookie; the
 *   member-area guard then checks the role before the action reads anything;
 * - a body over its limit is answered 413 with a French message.
 */

/** Ordinary forms (sign-in, contact, settings…) and the auth API: far above any of them. */
export const FORM_BODY_LIMIT = 256 * 1024;
/** Authenticated uploads: the largest accepted file (a 20 Mo PDF) plus the form around it. */
export const UPLOAD_BODY_LIMIT = 25 * 1024 * 1024;

/** Error code of a body refused while it was read. */
export const BODY_TOO_LARGE = "BODY_TOO_LARGE";

/**
 * Pages whose actions accept files, as documents or as client navigations (`.data`).
 * body-limits.pure.test.ts finds every page with a file field and fails if one is missing.
 */
const UPLOAD_PATHS =
  /^\/espace-membre\/(contenu\/(bd|documents|brochure|bannieres|saison-et-vacances)|articles\/(ajouter|modifier\/[^/.]+|photos)|inscription\/pieces|profil)(\.data)?\/?$/;

const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/;

/** The body limit of a request to `pathname` (cookie: the raw Cookie header). */
export function bodyLimitFor(pathname: string, cookie: string | undefined): number {
  return UPLOAD_PATHS.test(pathname) && SESSION_COOKIE.test(cookie ?? "") ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;
}

/** "256 Ko", "25 Mo". */
export function formatLimit(limit: number): string {
  return limit >= 1024 * 1024 ? `${Math.round(limit / (1024 * 1024))}\u00a0Mo` : `${Math.round(limit / 1024)}\u00a0Ko`;
}

export function tooLargeMessage(limit: number): string {
  return `Envoi trop volumineux\u00a0: la limite est de ${formatLimit(limit)}.`;
}
