/**
 * The handler of a start of path (route-subsets.ts) sees the same routes as
 * one handler over the whole table would: for every route of app/routes.ts,
 * the page's matches and those of each of its parent paths (what the
 * browser's initial manifest holds) are the same; route discovery gets the
 * whole table; made-up addresses cannot multiply the handlers.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { routeTable } from "../tests/helpers/app";
import { buildFor, handlerPerPath, pathKey } from "./route-subsets";

interface Tree {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Tree[];
}

let build: ServerBuild;

beforeAll(async () => {
  const table = await routeTable();
  const routes = Object.fromEntries(
    table.map((r) => [r.id, { ...r, parentId: r.id === "root" ? undefined : r.parentId, module: {} }]),
  );
  build = {
    routes,
    assets: { routes, version: "test", url: "/manifest.js", entry: { module: "", imports: [] } },
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
});

function tree(routes: ServerBuild["routes"]): Tree[] {
  const byParent = new Map<string | undefined, Tree[]>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    byParent.set(r.parentId, [
      ...(byParent.get(r.parentId) ?? []),
      { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive },
    ]);
  }
  const attach = (list: Tree[]): Tree[] =>
    list.map((r) => (byParent.has(r.id) ? { ...r, children: attach(byParent.get(r.id)!) } : r));
  return attach(byParent.get(undefined) ?? []);
}

/** The ids React Router matches for a path, and for each of its parent paths. */
function matched(routes: ServerBuild["routes"], pathname: string): string[][] {
  const routeTree = tree(routes);
  const page = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  const segments = page.split("/").filter((s) => s !== "");
  const paths = [page, ...segments.map((_, i) => `/${segments.slice(0, i).join("/")}`)];
  return paths.map((p) => (matchRoutes(routeTree as RouteObject[], p) ?? []).map((m) => m.route.id ?? ""));
}

/** A concrete address for every route of the table, and some odd ones. */
function addresses(): string[] {
  const full = (id: string | undefined): string => {
    const r = id ? build.routes[id] : undefined;
    if (!r) return "";
    return [full(r.parentId), r.path ?? ""].filter((p) => p !== "").join("/");
  };
  const fromTable = Object.keys(build.routes).map(
    (id) =>
      "/" +
      full(id)
        .split("/")
        .map((s) => (s === "*" ? "un/deux" : s.startsWith(":") ? "x1" : s))
        .join("/"),
  );
  return [
    ...fromTable,
    ...fromTable.map((p) => p.toUpperCase()),
    ...fromTable.map((p) => `${p === "/" ? "/_root" : p}.data`),
    ...fromTable.map((p) => `${p}/en-trop`),
    "/nexiste-pas",
    "/espace-membre/nexiste/pas/du/tout",
    "/espace%2Dmembre/grades",
    "/la-vie-du-club",
  ];
}

describe("one handler per start of path", () => {
  it("matches every route of the table, and its parent paths, exactly as the whole table does", () => {
    const list = addresses();
    expect(list.length).toBeGreaterThan(400);
    for (const address of list) {
      const part = buildFor(build, address);
      let decoded = address;
      try {
        decoded = decodeURIComponent(address);
      } catch {
        // kept as it is, as React Router does
      }
      expect(matched(part.routes, decoded), address).toEqual(matched(build.routes, decoded));
      expect(Object.keys(part.assets.routes).sort(), address).toEqual(Object.keys(part.routes).sort());
    }
  });

  it("gives a page far fewer routes than the whole table", () => {
    const total = Object.keys(build.routes).length;
    expect(Object.keys(buildFor(build, "/").routes).length).toBeLessThan(10);
    expect(Object.keys(buildFor(build, "/espace-membre/utilisateurs").routes).length).toBeLessThan(total / 4);
  });

  it("gives route discovery the whole table, whatever the case", () => {
    expect(pathKey("/__manifest")).toBeNull();
    expect(pathKey("/%E9/x")).toEqual({ segments: ["%e9", "x"], complete: true });
    expect(buildFor(build, "/__MANIFEST")).toBe(build);
  });

  it("shares handlers between addresses that need the same routes, and made-up addresses add none", () => {
    let created = 0;
    const handlerOf = handlerPerPath(build, () => ({ n: ++created }));
    const known = addresses().map((a) => handlerOf(a));
    const afterKnown = created;
    expect(afterKnown).toBeLessThan(80);
    for (let i = 0; i < 3_000; i++) handlerOf(`/page-${i}/suite-${i}/fin`);
    expect(created).toBeLessThanOrEqual(afterKnown + 1);
    expect(handlerOf("/espace-membre/grades")).toBe(handlerOf("/Espace-Membre/Grades.data"));
    expect(known.length).toBeGreaterThan(0);
  });
});
