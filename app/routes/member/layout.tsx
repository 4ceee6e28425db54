/**
 * Member area (/espace-membre/*). Its middleware signs the visitor in (and
 * refuses cross-site posts), then checks the roles of the page's section in
 * the permission table (app/lib/accounts/permissions.ts, through
 * app/lib/accounts/guard.server.ts). Children read the user from the router
 * context: `context.get(userContext)`.
 * Errors below (403/404/500) render inside this layout: the member
 * navigation stays, with a French message and never a stack trace.
 * The navigation (components/member-nav/member-nav.tsx) lists the pages the account's roles
 * open, grouped by area: a side column beside the page on wide screens, collapsible groups above
 * it on phones. The loader sends the roles only; an account that opens one page has no navigation.
 */
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { userContext } from "~/lib/accounts/auth-context";
import { memberAreaGuard } from "~/lib/accounts/guard.server";
import { memberPagesFor } from "~/lib/accounts/permissions";
import { ErrorPageMessage } from "~/components/layout/error-page-message";
import { MemberNav } from "~/components/member-nav/member-nav";

export const middleware: Route.MiddlewareFunction[] = [memberAreaGuard];

export function loader({ context }: Route.LoaderArgs) {
  const { roles } = context.get(userContext);
  // No navigation for an account that opens one page only.
  return { navRoles: memberPagesFor(roles).length > 1 ? roles : null };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberFrame navRoles={loaderData.navRoles}>
      <Outlet />
    </MemberFrame>
  );
}

/** A 403/404/500 below: the member navigation stays (when the layout's own data loaded). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/member/layout");
  return (
    <MemberFrame navRoles={data?.navRoles ?? null}>
      <ErrorPageMessage error={error} />
    </MemberFrame>
  );
}

function MemberFrame({ navRoles, children }: { navRoles: readonly string[] | null; children: React.ReactNode }) {
  if (!navRoles) return <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</div>;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:items-start lg:gap-10">
      <MemberNav roles={navRoles} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
