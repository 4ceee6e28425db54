/**
 * The member-area guard (spec section 6), in two middlewares built from the
 * permission table (permissions.ts):
 *  - memberAreaGuard (member layout): a state-changing request from another
 *    site gets 403 (CSRF); signed out: redirect to /connexion?redirectTo=<the
 *    page>; then the user is put in the router context for every loader and
 *    action below: `context.get(userContext)`.
 *  - sectionGuard(id) (the section's pathless layout): signed in without a
 *    role of the section: redirect to /espace-membre, which a pré-inscrit may
 *    read (status page), so there is no loop.
 * Loaders and actions do not check roles again.
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { userContext } from "./auth-context";
import { findSection, MEMBER_AREA, MEMBER_AREA_PATH, mayEnter, type MemberAreaTable } from "./permissions";
import { getSessionUser, signInUrl } from "./session.server";
import { assertSameOrigin } from "../http/csrf.server";

export const memberAreaGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  assertSameOrigin(request);
  const user = await getSessionUser(request, context);
  if (!user) throw redirect(signInUrl(request));
  context.set(userContext, user);
  return next();
};

/** The role middleware of one section of the table. */
export function sectionGuard(id: string, table: MemberAreaTable = MEMBER_AREA): MiddlewareFunction<Response> {
  const section = findSection(id, table);
  return async ({ request, context }, next) => {
    const user = context.get(userContext);
    const reading = request.method === "GET" || request.method === "HEAD";
    if (!mayEnter(section, user.roles, reading)) throw redirect(MEMBER_AREA_PATH);
    return next();
  };
}
