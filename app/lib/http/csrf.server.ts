/**
 * CSRF protection for our own React Router actions: a state-changing request
 * must come from this site, proven by its Origin header (or, when a browser
 * sends none, its Referer). SameSite=Lax cookies already stop most cross-site
 * posts; this check closes the rest (same-site subdomains, old browsers).
 * A refusal is the visitor's doing: logged as one warning, never an error
 * with a stack trace (`logCrossSiteRefusal`).
 */
import { env } from "../core/env.server";
import { log } from "../core/log.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function originOf(value: string | null): string | null {
  if (!value || value === "null") return null;
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** True when the request is safe (GET…) or comes from this site. */
export function isSameOriginRequest(request: Request): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return true;
  const allowed = new Set([originOf(env().BASE_URL), new URL(request.url).origin]);
  const origin = originOf(request.headers.get("origin")) ?? originOf(request.headers.get("referer"));
  if (origin) return allowed.has(origin);
  // No Origin and no Referer: only Fetch Metadata can still vouch for it.
  return request.headers.get("sec-fetch-site") === "same-origin";
}

/** One warning line for a refused cross-site request: method, path and the origin it claimed. */
export function logCrossSiteRefusal(request: Request): void {
  log.warn("cross-site request refused", {
    method: request.method,
    path: new URL(request.url).pathname,
    origin: request.headers.get("origin") ?? request.headers.get("referer") ?? null,
  });
}

/** Throws a 403 response when a state-changing request comes from another site. */
export function assertSameOrigin(request: Request): void {
  if (!isSameOriginRequest(request)) {
    logCrossSiteRefusal(request);
    throw new Response("Requête refusée : elle ne provient pas de ce site.", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
