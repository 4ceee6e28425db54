/**
 * Pathless layout of the "appel" section of the member area: its one role
 * middleware comes from the permission table (app/lib/accounts/permissions.ts).
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/attendance";
import { sectionGuard } from "~/lib/accounts/guard.server";

export const middleware: Route.MiddlewareFunction[] = [sectionGuard("appel")];

export default function Section() {
  return <Outlet />;
}
