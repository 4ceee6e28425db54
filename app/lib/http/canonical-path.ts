/**
 * One address per page: the route table's paths are lower case, and React
 * Router matches them whatever the case (`/CONTACT` would answer 200 with a
 * canonical `/CONTACT`). A GET or HEAD whose path holds an upper-case letter
 * is sent to the lower-case path with a 301 (query string kept).
 *
 * Rules: never for paths whose segments are data and keep their case
 * (media keys, calendar tokens, the auth API, built assets); percent escapes
 * (`%C3%A9`) are left as they are.
 */
import { redirect } from "react-router";

const CASE_KEPT = ["/media/", "/calendrier/membre/", "/api/", "/assets/"];

/** The canonical (lower-case) form of a path, or null when it already is one or keeps its case. */
export function canonicalPath(pathname: string): string | null {
  if (!/[A-Z]/.test(pathname.replace(/%[0-9a-f]{2}/gi, ""))) return null;
  if (CASE_KEPT.some((prefix) => pathname.toLowerCase().startsWith(prefix))) return null;
  const lower = pathname.replace(/%[0-9a-f]{2}|[A-Z]+/gi, (m) => (m.startsWith("%") ? m : m.toLowerCase()));
  return lower === pathname ? null : lower;
}

/** Root middleware: 301 to the canonical path. */
export function canonicalCaseMiddleware({ request }: { request: Request }): void {
  if (request.method !== "GET" && request.method !== "HEAD") return;
  const url = new URL(request.url);
  const target = canonicalPath(url.pathname);
  if (target) throw redirect(`${target}${url.search}`, 301);
}
