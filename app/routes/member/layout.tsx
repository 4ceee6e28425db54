/**
 * Member area (/espace-membre/*). Its middleware signs the visitor in (and
 * refuses cross-site posts); each section's pathless layout then checks the
 * roles of the permission table (app/lib/accounts/permissions.ts, through
 * app/lib/accounts/guard.server.ts). Children read the user from the router
 * context: `context.get(userContext)`.
 * Errors below (403/404/500) render inside this layout: the member
 * navigation stays, with a French message and never a stack trace.
 * The navigation (components/member-nav/member-nav.tsx) lists the pages the account's roles
 * open, grouped by area: a side column on wide screens, beside the page; above it on phones.
 * An account that opens one page only has no navigation.
 */
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { userContext } from "~/lib/accounts/auth-context";
import { memberAreaGuard } from "~/lib/accounts/guard.server";
import { memberNavFor } from "~/lib/accounts/permissions";
import { ErrorPageMessage } from "~/components/layout/error-page-message";
import { MemberNav, type MemberNavLinks } from "~/components/member-nav/member-nav";

export const middleware: Route.MiddlewareFunction[] = [memberAreaGuard];

export function loader({ context }: Route.LoaderArgs) {
  const groups = memberNavFor(context.get(userContext).roles).map((g) => ({
    label: g.label,
    links: g.links.map((l) => ({ to: l.to, label: l.label })),
  }));
  // No navigation for an account that opens one page only.
  return { nav: groups.reduce((n, g) => n + g.links.length, 0) > 1 ? groups : null };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberFrame nav={loaderData.nav}>
      <Outlet />
    </MemberFrame>
  );
}

/** A 403/404/500 below: the member navigation stays (when the layout's own data loaded). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/member/layout");
  return (
    <MemberFrame nav={data?.nav ?? null}>
      <ErrorPageMessage error={error} />
    </MemberFrame>
  );
}

function MemberFrame({ nav, children }: { nav: MemberNavLinks[] | null; children: React.ReactNode }) {
  if (!nav) return <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</div>;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-10">
      <MemberNav groups={nav} />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
