/**
 * Better Auth's HTTP endpoints under /api/auth/*. The site's forms call
 * Better Auth on the server (auth.server.ts), so only what a browser must
 * reach directly is exposed: the OAuth callback (Google redirects there),
 * the session read and the health check. Everything else answers 404, so the
 * form actions' rules (rate limits, password list, error catalogue, CSRF
 * check) cannot be bypassed through the raw API.
 */
import type { Route } from "./+types/auth-api";
import { getAuth } from "~/lib/accounts/auth.server";
import { requestInfoContext } from "~/lib/http/context";

const EXPOSED = [/^\/api\/auth\/callback\/[a-z0-9_-]+$/i, /^\/api\/auth\/get-session$/, /^\/api\/auth\/ok$/];

async function handle(request: Request, ip: string): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (!EXPOSED.some((re) => re.test(pathname))) {
    return new Response("Introuvable", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // The client IP as the HTTP server determined it (never a client-sent header).
  const headers = new Headers(request.headers);
  headers.set("x-club-client-ip", ip);
  const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, redirect: "manual" };
  if (request.method !== "GET" && request.method !== "HEAD") {
    init.body = await request.arrayBuffer();
  }
  return getAuth().handler(new Request(request.url, init));
}

export function loader({ request, context }: Route.LoaderArgs) {
  return handle(request, context.get(requestInfoContext).ip);
}

export function action({ request, context }: Route.ActionArgs) {
  return handle(request, context.get(requestInfoContext).ip);
}
