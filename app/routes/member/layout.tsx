/**
 * Member area (/espace-membre/*). Its middleware signs the visitor in (and
 * refuses cross-site posts); each section's pathless layout then checks the
 * roles of the permission table (app/lib/accounts/permissions.ts, through
 * app/lib/accounts/guard.server.ts). Children read the user from the router
 * context: `context.get(userContext)`.
 * Errors below (403/404/500) render inside this layout: the member
 * navigation stays, with a French message and never a stack trace.
 * The navigation's entries are `SiteLink`s under one click handler (decision 0038):
 * an administrator sees some twenty of them on every page, styled once by
 * `.member-nav` in app/app.css (the current one by its aria-current).
 */
import { Outlet, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { userContext } from "~/lib/accounts/auth-context";
import { memberAreaGuard } from "~/lib/accounts/guard.server";
import { MEMBER_AREA_PATH, memberPagesFor, type MemberNavLink } from "~/lib/accounts/permissions";
import { ErrorPageMessage } from "~/components/layout/error-page-message";
import { SiteLink, useSiteLinks } from "~/components/layout/site-link";

export const middleware: Route.MiddlewareFunction[] = [memberAreaGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  // What the navigation shows of each page: its address and label (not its description).
  return { pages: memberPagesFor(user.roles).map(({ to, label }) => ({ to, label })) };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  return (
    <MemberFrame pages={loaderData.pages}>
      <Outlet />
    </MemberFrame>
  );
}

/** A 403/404/500 below: the member navigation stays (when the layout's own data loaded). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/member/layout");
  return (
    <MemberFrame pages={data?.pages ?? []}>
      <ErrorPageMessage error={error} />
    </MemberFrame>
  );
}

/** The navigation entry of a path: the longest one it starts with (the index only for itself). */
type NavEntry = Pick<MemberNavLink, "to" | "label">;

function currentEntry(pages: NavEntry[], pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, "");
  return pages
    .filter((p) => path === p.to || (p.to !== MEMBER_AREA_PATH && path.startsWith(`${p.to}/`)))
    .sort((a, b) => b.to.length - a.to.length)[0]?.to;
}

function MemberFrame({ pages, children }: { pages: NavEntry[]; children: React.ReactNode }) {
  // One entry is current, even when one page's path extends another's (contenu, contenu/grades).
  const current = currentEntry(pages, useLocation().pathname);
  const onLinkClick = useSiteLinks();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      {pages.length > 1 ? (
        <nav
          aria-label="Espace membre"
          className="member-nav mb-8 border-b border-slate-200 pb-4"
          onClick={onLinkClick}
        >
          <ul className="flex flex-wrap gap-2">
            {pages.map((p) => (
              <li key={p.to}>
                <SiteLink to={p.to} current={p.to === current}>
                  {p.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {children}
    </div>
  );
}
