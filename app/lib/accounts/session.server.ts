/**
 * The signed-in user of a request — the contract every loader and action
 * uses. Sessions are Better Auth's (auth.server.ts), read here in ONE query:
 * the signed session cookie is checked as better-call signs
 * it (HMAC-SHA-256 with Better Auth's secret, under Better Auth's cookie name,
 * both read from its context), then the session row is read with its user.
 * A deactivated user, an expired session (absolute: 30 days after sign-in,
 * the row is then deleted, as Better Auth does) or an idle one (7 days
 * without a request) gives null. The session is then kept in the process
 * until the next write anywhere (cache.server.ts, `accountRead`): a
 * deactivation, a sign-out or a role change is a write, dropped at once in
 * this process and, through the change bus, in the others before the
 * manager's form answers.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { sessions, users } from "#db/schema";
import { getAuth, SESSION_IDLE_MS } from "./auth.server";
import { can } from "./capabilities";
import { db, inlineCount } from "../core/db.server";
import { log } from "../core/log.server";
import { accountRead } from "../core/cache.server";

export interface SessionUser {
  id: string;
  email: string;
  prenom: string;
  nom: string;
  roles: string[];
  /** Holds the capability `site:administer` (the layout's own flag; code asks `can`). */
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
 * (two queries each time) without it. A POST keys on its Request
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

/** Better Auth's session cookie name and secret, read once from its context (per instance). */
const cookieSpecs = new WeakMap<object, Promise<{ name: string; secret: string }>>();
function sessionCookieSpec(): Promise<{ name: string; secret: string }> {
  const auth = getAuth();
  let spec = cookieSpecs.get(auth);
  if (!spec) {
    spec = auth.$context.then((c) => ({ name: c.authCookies.sessionToken.name, secret: c.secret }));
    cookieSpecs.set(auth, spec);
  }
  return spec;
}

/**
 * The value of the cookie `name` in a Cookie header, read as better-call reads it: the first
 * one of that name wins, surrounding quotes are dropped, the value is URI-decoded (kept as
 * is when it does not decode).
 */
export function cookieValue(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf("=", index);
    if (eq === -1) return null;
    let end = header.indexOf(";", index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      index = header.lastIndexOf(";", eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.charCodeAt(0) === 34) value = value.slice(1, -1);
      try {
        return value.includes("%") ? decodeURIComponent(value) : value;
      } catch {
        return value;
      }
    }
    index = end + 1;
  }
  return null;
}

/**
 * The token of a signed cookie value `token.signature`, when the signature is the base64
 * HMAC-SHA-256 of the token with `secret` (better-call's signCookieValue); null otherwise.
 * Compared in constant time, on the canonical base64 only.
 */
export function verifiedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  if (signature.length !== 44) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return timingSafeEqual(signature, expected) ? token : null;
}

/** A session row with its user, as kept between requests (frozen: shared by every request of the session). */
interface KnownSession {
  user: SessionUser;
  active: boolean;
  expiresAt: number;
  lastSeen: number;
}

/**
 * The session of a verified token, with its user: one query, then kept until the next write
 * anywhere (a sign-out, a deactivation, a role change, this session's own "last seen" update)
 * or until it must be looked at again (expiry, the next "last seen" update).
 */
function knownSession(token: string): Promise<KnownSession | null> {
  return accountRead(`session:${token}`, async () => {
    const [row] = await db
      .select({
        sessionId: sessions.id,
        expiresAt: sessions.expiresAt,
        updatedAt: sessions.updatedAt,
        selectedProfileId: sessions.selectedProfileId,
        id: users.id,
        email: users.email,
        prenom: users.prenom,
        nom: users.nom,
        roles: users.roles,
        active: users.active,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.token, token))
      .limit(inlineCount(1));
    if (!row) return { value: null };
    const roles = Object.freeze(Array.isArray(row.roles) ? [...row.roles] : []) as string[];
    const user: SessionUser = Object.freeze({
      id: row.id,
      email: row.email,
      prenom: row.prenom,
      nom: row.nom,
      roles,
      isAdmin: can({ roles }, "site:administer"),
      sessionId: row.sessionId,
      selectedProfileId: row.selectedProfileId ?? null,
    });
    const known: KnownSession = Object.freeze({
      user,
      active: row.active,
      expiresAt: row.expiresAt.getTime(),
      lastSeen: row.updatedAt.getTime(),
    });
    return { value: known, until: Math.min(known.expiresAt, known.lastSeen + TOUCH_EVERY_MS) };
  });
}

async function readSessionUser(request: Request): Promise<SessionUser | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie || !cookie.includes("better-auth.session_token")) return null;
  let known;
  try {
    const { name, secret } = await sessionCookieSpec();
    const value = cookieValue(cookie, name);
    const token = value ? verifiedToken(value, secret) : null;
    if (!token) return null;
    known = await knownSession(token);
  } catch (err) {
    log.error("session lookup failed", { err });
    return null;
  }
  if (!known || !known.active) return null;

  const now = Date.now();
  if (known.expiresAt < now || now - known.lastSeen > SESSION_IDLE_MS) {
    await db.delete(sessions).where(eq(sessions.id, known.user.sessionId));
    return null;
  }
  if (now - known.lastSeen > TOUCH_EVERY_MS) {
    await db
      .update(sessions)
      .set({ updatedAt: new Date(now) })
      .where(eq(sessions.id, known.user.sessionId));
  }
  return known.user;
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
