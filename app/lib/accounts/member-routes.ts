/**
 * The member area's route config, built from the permission table
 * (permissions.ts): one pathless layout per section (its role middleware),
 * one route per page. Read by app/routes.ts only (build time), and by tests.
 */
import { index, layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { MEMBER_AREA, type MemberAreaTable } from "./permissions";

export function memberAreaRoutes(table: MemberAreaTable = MEMBER_AREA): RouteConfigEntry[] {
  return table.map((section) =>
    layout(
      section.layout,
      section.pages.map((page) => (page.path === "" ? index(page.file) : route(page.path, page.file))),
    ),
  );
}
