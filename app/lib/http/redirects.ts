import { href } from "react-router";
/**
 * Redirect targets that come from input (`redirectTo` fields and query
 * parameters, the Referer): the one place where they are checked.
 *
 * Rules:
 * - only a same-site path is accepted; the check is made on the FINAL URL a
 *   browser would resolve, after normalisation (dot segments, `%2e`,
 *   backslashes, tabs and new lines that browsers strip): `/.//x`, `/%2e//x`,
 *   `/a/..//x`, `/..//x`, `/\x`, `/%5c/x`… would all become `//x`, a link to
 *   another site, and fall back;
 * - what is returned is the normalised path, which itself resolves to the
 *   same origin and never starts with `//` or `/\`;
 * - an optional `within` prefix restricts the target further (the profile
 *   switcher only returns to member pages).
 */

const BASE = "http://club.invalid";

function sameSitePath(value: string): string | null {
  // Browsers drop tabs and new lines inside URLs and treat "\" as "/".
  if ([...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return null;
  if (!value.startsWith("/") || /^[/\\]{2}/.test(value) || value.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname + url.search + url.hash;
  // The normalised path must itself stay on this site when a browser follows it.
  if (!path.startsWith("/") || /^\/[/\\]/.test(path) || /^\/(%2f|%5c)/i.test(path)) return null;
  try {
    if (new URL(path, BASE).origin !== BASE) return null;
  } catch {
    return null;
  }
  return path;
}

/** A same-site path to redirect to, else `fallback`. */
export function safeRedirectPath(
  value: unknown,
  fallback = href("/espace-membre"),
  options: { within?: string } = {},
): string {
  if (typeof value !== "string") return fallback;
  const path = sameSitePath(value.trim());
  if (path === null) return fallback;
  if (options.within) {
    const p = options.within;
    if (!(path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`) || path.startsWith(`${p}#`)))
      return fallback;
  }
  return path;
}
