/**
 * Pathless layout of the "assiduite" section of the member area: its one role
 * middleware comes from the permission table (app/lib/accounts/permissions.ts).
 */
import { Outlet } from "react-router";
import type { Route } from "./+types/attendance-rates";
import { sectionGuard } from "~/lib/accounts/guard.server";

export const middleware: Route.MiddlewareFunction[] = [sectionGuard("assiduite")];

export default function Section() {
  return <Outlet />;
}
