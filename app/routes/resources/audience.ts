/**
 * GET /api/audience?page=<path>&ref=<domain>: the audience beacon
 * (app/components/audience-beacon.tsx). Answers 204 with no
 * body and no cookie, counted or not. Only same-origin requests count (the
 * browser's Sec-Fetch-Site, or the Referer's origin for older browsers), so
 * another site cannot count for us. The IP address is never read.
 * A GET so that counting never empties the page cache (every POST does).
 */
import type { Route } from "./+types/audience";
import { countPageView } from "~/lib/club/audience.server";

function noContent(): Response {
  return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
}

function sameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const referer = request.headers.get("referer");
  if (!referer) return false;
  try {
    return new URL(referer).origin === new URL(request.url).origin;
  } catch {
    return false;
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  if (!sameOrigin(request)) return noContent();
  const url = new URL(request.url);
  await countPageView({
    path: url.searchParams.get("page") ?? "",
    referrer: url.searchParams.get("ref"),
    userAgent: request.headers.get("user-agent"),
    refused: request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1",
  });
  return noContent();
}
