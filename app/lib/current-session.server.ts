/**
 * The id of the request's Better Auth session row (the selected profile is
 * stored on it). The session cookie holds "<token>.<signature>"; the token
 * is looked up in the sessions table, which is what Better Auth does after
 * checking the signature — an unknown or expired token gives null.
 */
import { and, eq, gt } from "drizzle-orm";
import { sessions } from "#db/schema";
import { db } from "./db.server";

const COOKIE_NAMES = ["__Secure-better-auth.session_token", "better-auth.session_token"];

function sessionToken(request: Request): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const eqIndex = part.indexOf("=");
    if (eqIndex < 0) continue;
    const name = part.slice(0, eqIndex).trim();
    if (!COOKIE_NAMES.includes(name)) continue;
    let value = part.slice(eqIndex + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    const token = value.split(".")[0];
    if (token) return token;
  }
  return null;
}

export async function getCurrentSessionId(request: Request): Promise<string | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, new Date())));
  return row?.id ?? null;
}
