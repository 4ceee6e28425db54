/**
 * The signed-in user of a request — the contract every loader and action
 * uses. Backed by Better Auth (auth.server.ts): the signed session cookie is
 * checked, the session row read with its user. A deactivated user, an
 * expired session (absolute: 30 days after sign-in) or an idle one (7 days
 * without a request) gives null.
 */
import { eq } from "drizzle-orm";
import { sessions } from "#db/schema";
import { getAuth, SESSION_IDLE_MS } from "./auth.server";
import { db } from "../core/db.server";
import { log } from "../core/log.server";

export interface SessionUser {
  id: string;
  email: string;
  prenom: string;
  nom: string;
  roles: string[];
  isAdmin: boolean;
  /** Id of the Better Auth session row of this request. */
  sessionId: string;
  /** Profile selected in this session (null: the user's own profile). */
  selectedProfileId: number | null;
}

/** Refresh the "last seen" time at most this often (one write per user per period). */
const TOUCH_EVERY_MS = 10 * 60 * 1000;

const perRequest = new WeakMap<object, Promise<SessionUser | null>>();

/**
 * The signed-in user, or null. Computed once per Request object, and once per page when the
 * router context is given: React Router hands the middleware and the loaders of one page
 * different Request objects, so the member guard and the root loader read the session twice
 * (two queries each time) without it (issue 12, decision 0035). A POST keys on its Request
 * only: the loaders after its action read the session again (the action may have changed it).
 */
export function getSessionUser(request: Request, context?: object): Promise<SessionUser | null> {
  const key = context && (request.method === "GET" || request.method === "HEAD") ? context : request;
  let pending = perRequest.get(key);
  if (!pending) {
    pending = readSessionUser(request);
    perRequest.set(key, pending);
  }
  return pending;
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes("better-auth.session_token")) return null;
  let result;
  try {
    result = await getAuth().api.getSession({
      headers: new Headers({ cookie }),
      query: { disableCookieCache: true, disableRefresh: true },
    });
  } catch (err) {
    log.error("session lookup failed", { err });
    return null;
  }
  if (!result) return null;
  const { session, user } = result;
  if (user.active === false) return null;

  const now = Date.now();
  const lastSeen = new Date(session.updatedAt).getTime();
  if (now - lastSeen > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now - lastSeen > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(sessions.id, session.id));
  }

  const roles = Array.isArray(user.roles) ? user.roles : [];
  return {
    id: user.id,
    email: user.email,
    prenom: (user.prenom as string | undefined) ?? "",
    nom: (user.nom as string | undefined) ?? "",
    roles,
    isAdmin: roles.includes("admin"),
    sessionId: session.id,
    selectedProfileId: session.selectedProfileId ?? null,
  };
}

/** What the browser may see of the session user (root loader data). */
export type PublicSessionUser = Omit<SessionUser, "sessionId">;

export function publicUser(user: SessionUser): PublicSessionUser {
  const { sessionId: _sessionId, ...rest } = user;
  return rest;
}

/** The session's selected profile, as the root loader shows it (members/profiles.server.ts: sessionProfileSummary). */
export interface SelectedProfile {
  id: number;
  prenom: string;
  nom: string;
  isSelf: boolean;
  relationship: string;
}

/**
 * /connexion?redirectTo=<path and query of the page>. A client-side
 * navigation reaches the guard as a data request: its `.data` suffix and
 * React Router's own `_routes` and `index` parameters are not part of the
 * page's address, so they are left out.
 */
export function signInUrl(request: Request): string {
  const url = new URL(request.url);
  let pathname = url.pathname;
  if (pathname === "/_root.data") pathname = "/";
  else pathname = pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  if (url.searchParams.get("index") === "") url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `/connexion?redirectTo=${encodeURIComponent(pathname + (search ? `?${search}` : ""))}`;
}
