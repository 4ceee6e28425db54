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

export function contentSecurityPolicy(nonce: string, googleIssuer?: string): string {
  const issuer = origin(googleIssuer) ?? "https://accounts.google.com";
  const formTargets = ["'self'", issuer, "https://accounts.google.com"].filter(
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
