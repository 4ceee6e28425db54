/**
 * The member-area guard (spec section 6): the ONE middleware of the member
 * layout, built from the permission table (permissions.ts). In order:
 *  - a state-changing request from another site gets 403 (CSRF);
 *  - signed out: redirect to /connexion?redirectTo=<the page>;
 *  - the user is put in the router context for every loader and action
 *    below: `context.get(userContext)`;
 *  - the page the request matched (React Router's route pattern) is looked
 *    up in the table: without a role of its section (or, for a GET/HEAD, of
 *    its `readers`), redirect to /espace-membre, which a pré-inscrit may read
 *    (status page), so there is no loop. A pattern the table does not list is
 *    refused the same way.
 * Loaders and actions do not check section roles again.
 */
import { redirect, type MiddlewareFunction } from "react-router";
import { userContext } from "./auth-context";
import { MEMBER_AREA, MEMBER_AREA_PATH, mayEnter, type MemberAreaTable, type MemberSection } from "./permissions";
import { getSessionUser, signInUrl } from "./session.server";
import { assertSameOrigin } from "../http/csrf.server";

/** The table's sections by page pattern ("/espace-membre/utilisateurs/modifier/:id"). */
function sectionsByPattern(table: MemberAreaTable): Map<string, MemberSection> {
  const byPattern = new Map<string, MemberSection>();
  for (const section of table) {
    for (const page of section.pages) {
      byPattern.set(page.path ? `${MEMBER_AREA_PATH}/${page.path}` : MEMBER_AREA_PATH, section);
    }
  }
  return byPattern;
}

/** React Router's pattern of the matched route, with one leading slash and none at the end. */
function normalPattern(pattern: string): string {
  return `/${pattern.replace(/^\/+|\/+$/g, "")}`;
}

/**
 * The role check of the member guard for a permission table (the app's by default), once
 * the user is in the router context.
 */
export function pageRolesGuard(table: MemberAreaTable = MEMBER_AREA): MiddlewareFunction<Response> {
  const byPattern = sectionsByPattern(table);
  return async ({ request, context, pattern }, next) => {
    const user = context.get(userContext);
    const section = byPattern.get(normalPattern(pattern));
    const reading = request.method === "GET" || request.method === "HEAD";
    if (!section || !mayEnter(section, user.roles, reading)) throw redirect(MEMBER_AREA_PATH);
    return next();
  };
}

const pageRoles = pageRolesGuard();

/** The member layout's one middleware. */
export const memberAreaGuard: MiddlewareFunction<Response> = async (args, next) => {
  const { request, context } = args;
  assertSameOrigin(request);
  const user = await getSessionUser(request, context);
  if (!user) throw redirect(signInUrl(request));
  context.set(userContext, user);
  return pageRoles(args, next);
};
