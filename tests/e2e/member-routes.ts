/**
 * Every member-area route pattern ("/espace-membre/…"), read from the route
 * config itself (app/routes.ts): the guard and HTML-validity specs test what
 * the app really serves, not a hand-kept list.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "../../app/routes";

function patterns(entries: RouteConfigEntry[], base = ""): string[] {
  const out: string[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${base}/${entry.path}` : base;
    if (entry.children?.length) out.push(...patterns(entry.children, path));
    else out.push(path || "/");
  }
  return out;
}

function findMemberArea(entries: RouteConfigEntry[]): RouteConfigEntry | undefined {
  for (const entry of entries) {
    if (entry.path === "espace-membre") return entry;
    const inner = entry.children ? findMemberArea(entry.children) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export function memberRoutePatterns(): string[] {
  return patterns(findMemberArea(routes)?.children ?? [], "/espace-membre");
}
