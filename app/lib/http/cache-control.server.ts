/**
 * Pages that depend on the session are never stored by a browser or a proxy.
 *
 * Rules:
 * - every HTML page and `.data` answer of the member area, and every page
 *   rendered for a request carrying a session cookie, gets
 *   `Cache-Control: no-store` (after sign-out, Back must not show a
 *   member's name, phone or birth date);
 * - other pages keep their own caching; an explicit `no-store` is never
 *   weakened.
 */
const SESSION_COOKIE = /(^|;\s*)(__Secure-)?better-auth\.session_token=/;
const MEMBER_AREA = /^\/espace-membre(\/|\.data$|$)/;

export function dependsOnSession(request: Request): boolean {
  const { pathname } = new URL(request.url);
  return MEMBER_AREA.test(pathname) || SESSION_COOKIE.test(request.headers.get("cookie") ?? "");
}

/** Sets `no-store` on `headers` when the answer to `request` depends on the session. */
export function applySessionCacheControl(request: Request, headers: Headers): void {
  if (dependsOnSession(request)) {
    // An answer already marked no-store (e.g. "private, no-store") keeps its own wording.
    if (!/\bno-store\b/.test(headers.get("Cache-Control") ?? "")) headers.set("Cache-Control", "no-store");
    headers.append("Vary", "Cookie");
  }
}
