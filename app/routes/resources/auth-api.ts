/**
 * Better Auth's HTTP endpoints under /api/auth/*. The site's forms call
 * Better Auth on the server (auth.server.ts), so only what a browser must
 * reach directly is exposed: the OAuth callback (Google redirects there),
 * the session read and the health check. Everything else answers 404, so the
 * form actions' rules (rate limits, password list, error catalogue, CSRF
 * check) cannot be bypassed through the raw API.
 */
import type { Route } from "./+types/auth-api";
import { getAuth } from "~/lib/auth.server";

const EXPOSED = [/^\/api\/auth\/callback\/[a-z0-9_-]+$/i, /^\/api\/auth\/get-session$/, /^\/api\/auth\/ok$/];

function handle(request: Request): Promise<Response> | Response {
  const { pathname } = new URL(request.url);
  if (!EXPOSED.some((re) => re.test(pathname))) {
    return new Response("Introuvable", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return getAuth().handler(request);
}

export function loader({ request }: Route.LoaderArgs) {
  return handle(request);
}

export function action({ request }: Route.ActionArgs) {
  return handle(request);
}
