/**
 * Member area (/espace-membre/*). Its middleware signs the visitor in (and
 * refuses cross-site posts), then checks the roles of the page's section in
 * the permission table (app/lib/accounts/permissions.ts, through
 * app/lib/accounts/guard.server.ts). Children read the user from the router
 * context: `context.get(userContext)`.
 * Errors below (403/404/500) render inside this layout: the member
 * navigation stays, with a French message and never a stack trace.
 * The navigation's links are written on the server and never hydrated
 * (components/member-nav/member-nav.server.tsx, decision 0067): an administrator sees some
 * twenty of them on every page. After a navigation in the browser, the mark of the page shown
 * moves to its entry (`useCurrentLinks` with the navigation's one-entry rule).
 */
import { useRef } from "react";
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { userContext } from "~/lib/accounts/auth-context";
import { memberAreaGuard } from "~/lib/accounts/guard.server";
import { currentMemberEntry } from "~/lib/accounts/permissions";
import { ErrorPageMessage } from "~/components/layout/error-page-message";
import { useCurrentLinks, type CurrentRule } from "~/components/layout/current-links";
import { MEMBER_NAV_BLOCK, ServerHtml } from "~/components/server-html";
import { memberNavMarkup } from "~/components/member-nav/member-nav.server";
import { serverHtml } from "~/lib/http/server-html.server";

export const middleware: Route.MiddlewareFunction[] = [memberAreaGuard];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const links = memberNavMarkup(user.roles, new URL(request.url).pathname);
  // No navigation for an account that opens one page only.
  return { nav: links !== null, navHtml: links === null ? null : serverHtml(context, links, MEMBER_NAV_BLOCK) };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberFrame nav={loaderData.nav} navHtml={loaderData.navHtml}>
      <Outlet />
    </MemberFrame>
  );
}

/** A 403/404/500 below: the member navigation stays (when the layout's own data loaded). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/member/layout");
  return (
    <MemberFrame nav={data?.nav ?? false} navHtml={data?.navHtml ?? null}>
      <ErrorPageMessage error={error} />
    </MemberFrame>
  );
}

/** One entry is marked: the longest the path starts with (the server's rule, currentMemberEntry). */
const oneEntry: CurrentRule = (pathname, hrefs) => {
  const current = currentMemberEntry(hrefs, pathname);
  return (href) => href === current;
};

function MemberFrame({ nav, navHtml, children }: { nav: boolean; navHtml: string | null; children: React.ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  useCurrentLinks(navRef, useLocation().pathname, oneEntry);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      {nav ? (
        <nav ref={navRef} aria-label="Espace membre" className="member-nav mb-8 border-b border-slate-200 pb-4">
          <ServerHtml html={navHtml} block={MEMBER_NAV_BLOCK} />
        </nav>
      ) : null}
      {children}
    </div>
  );
}
