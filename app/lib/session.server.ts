/**
 * The signed-in user of a request — the contract every loader and action
 * uses. The accounts module (auth.server.ts) implements getSessionUser.
 */
import { redirect } from "react-router";
import { hasAnyRole, type Role } from "./roles";

export interface SessionUser {
  id: string;
  email: string;
  prenom: string;
  nom: string;
  roles: string[];
  isAdmin: boolean;
}

/** The signed-in user, or null. */
export async function getSessionUser(_request: Request): Promise<SessionUser | null> {
  // Replaced by the Better Auth implementation (accounts issue).
  return null;
}

/** The signed-in user; otherwise a redirect to /connexion remembering where the visitor was. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/connexion?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** The signed-in user having one of `roles`; otherwise redirect (signed out) or 403. */
export async function requireRoles(request: Request, roles: readonly Role[]): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!hasAnyRole(user.roles, roles)) throw new Response("Accès refusé", { status: 403 });
  return user;
}
