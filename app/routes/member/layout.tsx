/**
 * Member area (/espace-membre/*): the guard of spec section 6 runs on the
 * server, in this layout's middleware, before every loader and action below:
 *  - a state-changing request from another site: 403 (CSRF);
 *  - not signed in: redirect to /connexion?redirectTo=<path and query>;
 *  - signed in without a role allowed for the path (allowedRolesFor):
 *    redirect to /espace-membre — except a pré-inscrit opening
 *    /espace-membre itself, who gets the status page (no loop).
 * The user is then available to children: `context.get(userContext)`.
 */
import { NavLink, Outlet, redirect } from "react-router";
import type { Route } from "./+types/layout";
import { userContext } from "~/lib/accounts/auth-context";
import { assertSameOrigin } from "~/lib/http/csrf.server";
import { memberPagesFor } from "~/lib/members/member-nav";
import { allowedRolesFor, hasAnyRole } from "~/lib/accounts/roles";
import { getSessionUser, signInUrl } from "~/lib/accounts/session.server";

const HOME = "/espace-membre";

const guard: Route.MiddlewareFunction = async ({ request, context }, next) => {
  assertSameOrigin(request);
  const user = await getSessionUser(request);
  if (!user) throw redirect(signInUrl(request));
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const allowed = allowedRolesFor(pathname);
  const reading = request.method === "GET" || request.method === "HEAD";
  const statusPage = pathname === HOME && reading;
  if (allowed && !hasAnyRole(user.roles, allowed) && !statusPage) throw redirect(HOME);
  context.set(userContext, user);
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [guard];

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return { pages: memberPagesFor(user.roles) };
}

export default function MemberLayout({ loaderData }: Route.ComponentProps) {
  const { pages } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      {pages.length > 1 ? (
        <nav aria-label="Espace membre" className="mb-8 border-b border-slate-200 pb-4">
          <ul className="flex flex-wrap gap-2">
            {pages.map((p) => (
              <li key={p.to}>
                <NavLink
                  to={p.to}
                  end={p.to === HOME}
                  className={({ isActive }) =>
                    `inline-block rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-club-700 ${
                      isActive ? "bg-club-700 text-white" : "bg-club-50 text-club-900 hover:bg-club-100"
                    }`
                  }
                >
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <Outlet />
    </div>
  );
}
