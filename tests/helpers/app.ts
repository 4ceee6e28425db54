/**
 * Vitest helper: the application as a browser sees it, through React
 * Router's real request handler (`createRequestHandler`), so every root and
 * layout middleware (the member guard, CSRF) and every parent loader runs.
 *
 *   const res = await app.post("/espace-membre/utilisateurs/ajouter", { email: "…" }, { as: admin });
 *   expect(res.status).toBe(200); expect(res.data).toMatchObject({ … });
 *   const page = await app.get("/espace-membre/utilisateurs", { as: admin });
 *   expect(page.redirect).toBeNull(); page.data.users…
 *
 * Rules:
 * - The server build is assembled from app/routes.ts and app/root.tsx (the
 *   same route ids, nesting and modules as `react-router build`, components
 *   wrapped as the Vite plugin does); `get`/`post` make single-fetch `.data`
 *   requests and decode the answer (turbo-stream), as the browser's router
 *   does, so no HTML is rendered.
 * - `data` is the leaf route's loader data (get) or the action's data (post);
 *   `error` is what the route threw (a `data(…, { status })` or a Response),
 *   `redirect` the Location of a redirect, `status` the HTTP status.
 * - `app.fetch(path, init)` sends a plain request (resource routes, files,
 *   full HTML documents) and returns the Response untouched.
 * - Same-origin by default (`Origin` header); `{ origin: null }` drops it.
 * - `as`: a user from tests/helpers/auth.ts (or a raw Cookie header).
 * - One request handler over the whole route table, as in production.
 */
import path from "node:path";
import {
  createRequestHandler,
  RouterContextProvider,
  UNSAFE_decodeViaTurboStream as decodeViaTurboStream,
  UNSAFE_SingleFetchRedirectSymbol as SingleFetchRedirectSymbol,
  UNSAFE_withComponentProps as withComponentProps,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps as withHydrateFallbackProps,
  type ServerBuild,
} from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { requestInfoContext, requestKind } from "~/lib/http/context";

export const BASE = "http://localhost:3000";

interface As {
  cookie: string;
}

interface RequestOptions {
  /** Who sends the request: a created user (its session cookie) or a Cookie header. */
  as?: As | string | null;
  /** Origin header; same origin by default, `null` for none. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** Client IP handed to the app (rate limits). */
  ip?: string;
}

type Fields = Record<string, string | string[] | Blob> | FormData | URLSearchParams;

export interface AppResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  /** Leaf loader data (get) or action data (post); undefined when it threw or redirected. */
  data: T;
  /** What the route threw: `data(…)` payload or a Response's text; undefined otherwise. */
  error: unknown;
  /** Location of a redirect (thrown or returned), null otherwise. */
  redirect: string | null;
}

let buildPromise: Promise<ServerBuild> | undefined;
let leafIds: Map<string, string> | undefined;

export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}

function flatten(entries: RouteConfigEntry[], parentId: string, out: ManifestRoute[]): void {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    out.push({
      id,
      parentId,
      path: entry.path,
      index: entry.index,
      caseSensitive: entry.caseSensitive,
      file: entry.file,
    });
    if (entry.children) flatten(entry.children, id, out);
  }
}

type RouteModule = Record<string, unknown>;
type Component = Parameters<typeof withComponentProps>[0];
type Boundary = Parameters<typeof withErrorBoundaryProps>[0];
type Fallback = Parameters<typeof withHydrateFallbackProps>[0];

/** What the React Router Vite plugin does to route modules: components get their props. */
function wrapComponents(module: RouteModule): RouteModule {
  const wrapped: RouteModule = { ...module };
  if (module.default) wrapped.default = withComponentProps(module.default as Component);
  if (module.ErrorBoundary) wrapped.ErrorBoundary = withErrorBoundaryProps(module.ErrorBoundary as Boundary);
  if (module.HydrateFallback) wrapped.HydrateFallback = withHydrateFallbackProps(module.HydrateFallback as Fallback);
  return wrapped;
}

/** The route table of app/routes.ts under the root, as `react-router build` numbers it. */
export async function routeTable(): Promise<ManifestRoute[]> {
  const config = (await import("~/routes")).default;
  const manifest: ManifestRoute[] = [{ id: "root", path: "", file: "root.tsx" }];
  flatten(config, "root", manifest);
  return manifest;
}

async function assemble(): Promise<ServerBuild> {
  const appDir = path.resolve(process.cwd(), "app");
  const manifest = await routeTable();
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: Record<string, unknown> = {};
  for (const r of manifest) {
    const module = wrapComponents(await import(/* @vite-ignore */ path.join(appDir, r.file)));
    routes[r.id] = {
      id: r.id,
      parentId: r.id === "root" ? undefined : r.parentId,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      module: module as never,
    };
    assetRoutes[r.id] = {
      id: r.id,
      parentId: r.id === "root" ? undefined : r.parentId,
      path: r.path,
      index: r.index,
      module: `/${r.file}`,
      hasAction: "action" in module,
      hasLoader: "loader" in module,
      hasClientAction: "clientAction" in module,
      hasClientLoader: "clientLoader" in module,
      hasClientMiddleware: "clientMiddleware" in module,
      hasErrorBoundary: "ErrorBoundary" in module,
      imports: [],
      css: [],
    };
  }
  const entry = await import("~/entry.server");
  return {
    entry: { module: entry },
    routes,
    assets: {
      entry: { module: "/entry.client.js", imports: [] },
      routes: assetRoutes,
      url: "/manifest.js",
      version: "test",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: path.resolve(process.cwd(), "build/client"),
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    allowedActionOrigins: false,
  } as unknown as ServerBuild;
}

function build(): Promise<ServerBuild> {
  buildPromise ??= assemble();
  return buildPromise;
}

function cookieOf(as: RequestOptions["as"]): string | undefined {
  if (!as) return undefined;
  return typeof as === "string" ? as : as.cookie;
}

function headersFor(options: RequestOptions, method: string): Headers {
  const headers = new Headers(options.headers);
  const cookie = cookieOf(options.as);
  if (cookie) headers.set("cookie", cookie);
  if (method !== "GET" && options.origin !== null && !headers.has("origin"))
    headers.set("origin", options.origin ?? BASE);
  return headers;
}

function formOf(fields: Fields): FormData | URLSearchParams {
  if (fields instanceof FormData || fields instanceof URLSearchParams) return fields;
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const item of Array.isArray(v) ? v : [v]) body.append(k, item);
  }
  return body;
}

let handler: ReturnType<typeof createRequestHandler> | undefined;

/** Sends a raw request to the real handler and returns its Response. */
async function send(request: Request, ip = "127.0.0.1"): Promise<Response> {
  handler ??= createRequestHandler(await build(), "production");
  const context = new RouterContextProvider();
  // As server/index.ts: the request context says whether this is a page load or a data request.
  context.set(requestInfoContext, { nonce: "test-nonce", ip, ...requestKind(new URL(request.url).pathname) });
  return handler(request, context);
}

function dataUrl(target: string): URL {
  const url = new URL(target, BASE);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/+$/, "")}.data`;
  return url;
}

async function decode(res: Response): Promise<unknown> {
  if (!res.body) return undefined;
  const { value } = await decodeViaTurboStream(res.body, globalThis);
  return value;
}

function errorOf(error: unknown): unknown {
  // A thrown `data(x, { status })` or Response arrives as an ErrorResponse { status, data }.
  if (error && typeof error === "object" && "data" in error && "status" in error)
    return (error as { data: unknown }).data;
  return error;
}

/** Route id of the deepest route matching a path (the page the user asked for). */
async function leafId(pathname: string): Promise<string> {
  const b = await build();
  const { matchRoutes } = await import("react-router");
  if (!leafIds) leafIds = new Map();
  const cached = leafIds.get(pathname);
  if (cached) return cached;
  const tree = toTree(b.routes);
  const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname);
  const id = matches?.at(-1)?.route.id ?? "root";
  leafIds.set(pathname, id);
  return id;
}

interface TreeRoute {
  id: string;
  path?: string;
  index?: boolean;
  children?: TreeRoute[];
}

function toTree(routes: ServerBuild["routes"]): TreeRoute[] {
  const byParent = new Map<string | undefined, TreeRoute[]>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const list = byParent.get(r.parentId) ?? [];
    list.push({ id: r.id, path: r.path, index: r.index });
    byParent.set(r.parentId, list);
  }
  const attach = (list: TreeRoute[]): TreeRoute[] =>
    list.map((r) => {
      const children = byParent.get(r.id);
      return children ? { ...r, children: attach(children) } : r;
    });
  return attach(byParent.get(undefined) ?? []);
}

function redirectOf(value: unknown): string | null {
  const r = value as { redirect?: string; [SingleFetchRedirectSymbol]?: { redirect: string } } | undefined;
  return r?.[SingleFetchRedirectSymbol]?.redirect ?? r?.redirect ?? null;
}

async function get<T = Record<string, unknown>>(target: string, options: RequestOptions = {}): Promise<AppResponse<T>> {
  const url = dataUrl(target);
  const res = await send(new Request(url, { headers: headersFor(options, "GET") }), options.ip);
  const decoded = (await decode(res)) as Record<string, { data?: unknown; error?: unknown }> | undefined;
  const location = redirectOf(decoded);
  const leaf = decoded?.[await leafId(new URL(target, BASE).pathname)];
  // An error thrown by a parent (the member layout's guard) stops the page.
  const thrown = decoded && Object.values(decoded).find((r) => r && "error" in r);
  return {
    status: location
      ? ((decoded as Record<symbol, { status: number }>)[SingleFetchRedirectSymbol]?.status ?? 302)
      : res.status,
    headers: res.headers,
    data: leaf?.data as T,
    error: thrown ? errorOf(thrown.error) : undefined,
    redirect: location,
  };
}

async function post<T = Record<string, unknown>>(
  target: string,
  fields: Fields = {},
  options: RequestOptions = {},
): Promise<AppResponse<T>> {
  const url = dataUrl(target);
  const request = new Request(url, { method: "POST", body: formOf(fields), headers: headersFor(options, "POST") });
  const res = await send(request, options.ip);
  if (res.headers.get("content-type")?.startsWith("text/plain")) {
    return { status: res.status, headers: res.headers, data: undefined as T, error: await res.text(), redirect: null };
  }
  const decoded = (await decode(res)) as
    { data?: unknown; error?: unknown; redirect?: string; status?: number } | undefined;
  const location = redirectOf(decoded);
  return {
    status: location ? (decoded?.status ?? 302) : res.status,
    headers: res.headers,
    data: decoded?.data as T,
    error: decoded && "error" in decoded ? errorOf(decoded.error) : undefined,
    redirect: location,
  };
}

/** A plain request (resource routes, HTML documents); the Response as the server sends it. */
async function fetchRaw(target: string, init: RequestInit & RequestOptions = {}): Promise<Response> {
  const method = (init.method ?? "GET").toUpperCase();
  const headers = headersFor({ ...init, headers: Object.fromEntries(new Headers(init.headers)) }, method);
  return send(new Request(new URL(target, BASE), { ...init, method, headers }), init.ip);
}

/**
 * True when the member guard refused a signed-in user the page or action
 * (today a redirect to the member home; a 403 page is accepted too, so the
 * route tests do not depend on how the refusal is shown).
 */
export function refusedByGuard(res: AppResponse | Response): boolean {
  if (res instanceof Response) return res.status === 403 || res.headers.get("location") === "/espace-membre";
  return res.status === 403 || res.redirect === "/espace-membre";
}

export const app = { get, post, fetch: fetchRaw, BASE };
