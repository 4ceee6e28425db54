/**
 * A request handler per start of path, each over the routes that can match
 * it (issue 12). React Router walks its whole route table several times per
 * document request: it matches the path three times (the handler, the data
 * query, the browser's initial manifest, which also matches every parent path)
 * and builds the route tree and the data routes for the render. With 114
 * routes this was about a third of an uncached public page's CPU, while a page
 * only ever concerns the few routes that share its first segments.
 *
 * Rules:
 * - The key of a path is its first two segments, decoded and in lower case
 *   (React Router matches any case), without the `.data` of a data request
 *   (`/_root.data` is `/`). Its handler holds every route whose own path
 *   agrees with the key on the segments they both have (a `:param`, an
 *   optional segment or `*` agrees with anything), and the parents of these:
 *   the route the path matches, the routes matching each of its parent paths
 *   (the browser's initial manifest), the layouts and the not-found route.
 *   So a page, its data and its manifest are exactly those of one handler
 *   over the whole table (tested on every route of app/routes.ts).
 * - Route discovery (`/__manifest`, asked by the browser before going to a
 *   route it does not know yet) gets the whole table.
 * - Handlers are shared by keys that give the same routes (at most one per
 *   distinct set: about sixty for our table); the key cache is bounded, so
 *   made-up addresses cannot grow the memory.
 * - Every handler shares the build's modules and assets version.
 */
import type { ServerBuild } from "react-router";

const KEY_SEGMENTS = 2;
const MAX_KEYS = 1_000;

/**
 * The key of a path (see the rules above), or null for the whole table.
 * `complete`: the path has no more segments than the key.
 */
export function pathKey(
  pathname: string,
  manifestPath = "/__manifest",
): { segments: string[]; complete: boolean } | null {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // a malformed escape: React Router answers it (400), any handler will do
  }
  path = path.toLowerCase();
  if (path === manifestPath.toLowerCase()) return null;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  const all = path.split("/").filter((s) => s !== "");
  return { segments: all.slice(0, KEY_SEGMENTS), complete: all.length <= KEY_SEGMENTS };
}

type Key = NonNullable<ReturnType<typeof pathKey>>;

type Routes = ServerBuild["routes"];

/** Every route's own full path, in lower-case segments (layouts: none of their own). */
function fullSegments(routes: Routes): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const of = (id: string): string[] => {
    const known = out.get(id);
    if (known) return known;
    const route = routes[id];
    const parent = route?.parentId ? of(route.parentId) : [];
    const own = (route?.path ?? "")
      .toLowerCase()
      .split("/")
      .filter((s) => s !== "");
    const full = [...parent, ...own];
    out.set(id, full);
    return full;
  };
  for (const id of Object.keys(routes)) of(id);
  return out;
}

/**
 * Whether a route's path agrees with the key on the segments they both have;
 * when the key is the whole path, a longer route must end in segments that
 * may match nothing (optional ones, `*`).
 */
function agrees(segments: string[], key: Key): boolean {
  for (let i = 0; i < Math.min(segments.length, key.segments.length); i++) {
    const s = segments[i]!;
    if (s === "*" || s.endsWith("?")) return true;
    if (s.startsWith(":")) continue;
    if (s !== key.segments[i]) return false;
  }
  if (!key.complete || segments.length <= key.segments.length) return true;
  return segments.slice(key.segments.length).every((s) => s === "*" || s.endsWith("?"));
}

/** The build restricted to the given routes (parents included by the caller). */
function restrict(build: ServerBuild, ids: Set<string>): ServerBuild {
  const pick = <T>(table: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(table).filter(([id]) => ids.has(id)));
  return {
    ...build,
    routes: pick(build.routes),
    assets: { ...build.assets, routes: pick(build.assets.routes) },
  };
}

/** The routes a key needs: those that agree with it, and their parents. */
function idsFor(build: ServerBuild, segments: Map<string, string[]>, key: Key): Set<string> {
  const ids = new Set<string>();
  for (const [id, full] of segments) {
    if (!agrees(full, key)) continue;
    for (let cur: string | undefined = id; cur && !ids.has(cur); cur = build.routes[cur]?.parentId) ids.add(cur);
  }
  return ids;
}

/** The build a path's handler works on (the whole build for route discovery). */
export function buildFor(build: ServerBuild, pathname: string): ServerBuild {
  const key = pathKey(pathname, build.routeDiscovery?.manifestPath);
  return key ? restrict(build, idsFor(build, fullSegments(build.routes), key)) : build;
}

/**
 * `create` called once per distinct set of routes; the returned function
 * gives the handler for a request's path.
 */
export function handlerPerPath<H>(build: ServerBuild, create: (build: ServerBuild) => H): (pathname: string) => H {
  const segments = fullSegments(build.routes);
  const whole = create(build);
  const bySet = new Map<string, H>();
  const byKey = new Map<string, H>();
  const manifestPath = build.routeDiscovery?.manifestPath ?? "/__manifest";
  return (pathname) => {
    const key = pathKey(pathname, manifestPath);
    if (!key) return whole;
    const name = key.segments.join("/") + (key.complete ? "" : "/…");
    const known = byKey.get(name);
    if (known) return known;
    const ids = idsFor(build, segments, key);
    const set = [...ids].sort().join("\n");
    let handler = bySet.get(set);
    if (!handler) {
      handler = create(restrict(build, ids));
      bySet.set(set, handler);
    }
    if (byKey.size >= MAX_KEYS) byKey.clear();
    byKey.set(name, handler);
    return handler;
  };
}
