/**
 * Content-Security-Policy. Scripts only from our origin or with this
 * response's nonce; frames only from our own files (the brochure PDF), the
 * HelloAsso donation widget and the privacy-enhanced video players; the Google sign-in origin may receive forms
 * (the OAuth redirect follows a form post).
 */
function origin(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

export const FRAME_ORIGINS = [
  "https://www.helloasso.com",
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
];

/** This response's nonce, set by the security-headers middleware of server/index.ts. */
export function nonceOf(res: { locals: Record<string, unknown> }): string {
  const nonce = res.locals.nonce;
  return typeof nonce === "string" ? nonce : "";
}

/**
 * Where HelloAsso's checkout pages live for an API URL: www.helloasso.com for
 * the production API, www.helloasso-sandbox.com for the sandbox, else the
 * API's own origin (the local test server). The payment form's POST is
 * answered by a redirect there, which `form-action` must allow.
 */
export function helloAssoCheckoutOrigin(apiUrl: string | undefined): string | null {
  const o = origin(apiUrl);
  if (!o) return null;
  const host = new URL(o).hostname;
  if (host === "api.helloasso.com") return "https://www.helloasso.com";
  if (host === "api.helloasso-sandbox.com") return "https://www.helloasso-sandbox.com";
  return o;
}

export function contentSecurityPolicy(nonce: string, googleIssuer?: string, helloAssoApiUrl?: string): string {
  const issuer = origin(googleIssuer) ?? "https://accounts.google.com";
  const checkout = helloAssoCheckoutOrigin(helloAssoApiUrl);
  const formTargets = ["'self'", issuer, "https://accounts.google.com", ...(checkout ? [checkout] : [])].filter(
    (v, i, all) => all.indexOf(v) === i,
  );
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://i.ytimg.com https://i.vimeocdn.com",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src 'self' ${FRAME_ORIGINS.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formTargets.join(" ")}`,
    "frame-ancestors 'none'",
  ].join("; ");
}
