/**
 * The member area's route config, built from the permission table
 * (permissions.ts): one route per page, directly under the member layout,
 * whose one middleware (guard.server.ts) checks the roles of the page's
 * section. Read by app/routes.ts only (build time), and by tests.
 */
import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { MEMBER_AREA, type MemberAreaTable } from "./permissions";

export function memberAreaRoutes(table: MemberAreaTable = MEMBER_AREA): RouteConfigEntry[] {
  return table.flatMap((section) =>
    section.pages.map((page) => (page.path === "" ? index(page.file) : route(page.path, page.file))),
  );
}
