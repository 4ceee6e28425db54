/**
 * One address per page: the route table's paths are lower case, and React
 * Router matches them whatever the case (`/CONTACT` would answer 200 with a
 * canonical `/CONTACT`). A GET or HEAD whose path holds an upper-case letter
 * outside its route parameters is sent to the lower-case path with a 301
 * (query string kept).
 *
 * Rules: route parameters keep their case (ids, tokens, media keys, the
 * not-found splat), so do the paths under `/media/`, `/calendrier/membre/`,
 * `/api/` and `/assets/`; percent escapes (`%C3%A9`) are left as they are.
 */
import { redirect } from "react-router";

const CASE_KEPT = ["/media/", "/calendrier/membre/", "/api/", "/assets/"];

const lowerAscii = (segment: string) =>
  segment.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (m) => (m.startsWith("%") ? m : m.toLowerCase()));

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The canonical form of a path (static segments in lower case), or null when
 * it already is one or keeps its case. `params`: the matched route's parameters.
 */
export function canonicalPath(pathname: string, params: Record<string, string | undefined> = {}): string | null {
  if (!/[A-Z]/.test(pathname.replace(/%[0-9a-f]{2}/gi, ""))) return null;
  if (CASE_KEPT.some((prefix) => pathname.toLowerCase().startsWith(prefix))) return null;
  const kept = new Set(
    Object.values(params).flatMap((value) => (value ? value.split("/").filter((s) => s !== "") : [])),
  );
  const canonical = pathname
    .split("/")
    .map((segment) => (kept.has(decoded(segment)) ? segment : lowerAscii(segment)))
    .join("/");
  return canonical === pathname ? null : canonical;
}

/** Root middleware: 301 to the canonical path. */
export function canonicalCaseMiddleware({
  request,
  params,
}: {
  request: Request;
  params: Record<string, string | undefined>;
}): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const target = canonicalPath(url.pathname, params);
  if (target) throw redirect(`${target}${url.search}`, 301);
}
