/**
 * Secret tokens of the members' personal calendar feeds
 * (/calendrier/membre/<token>.ics: public and members-only events).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { calendarTokens, users } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { accountRead } from "../core/cache.server";
import { can } from "./capabilities";
import { invariant } from "../core/invariant";

function newToken(): string {
  // 160 bits, URL-safe, no dots (the route is ":token.ics").
  return randomBytes(20).toString("hex");
}

/** The user's feed token, created on first use (read once, then kept until the next write). */
export async function getOrCreateCalendarToken(userId: string): Promise<string> {
  const existing = await accountRead(`calendar-token:${userId}`, async () => {
    const [row] = await db.select().from(calendarTokens).where(eq(calendarTokens.userId, userId)).limit(inlineCount(1));
    return { value: row?.token ?? null };
  });
  if (existing) return existing;
  await db.insert(calendarTokens).values({ userId, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(calendarTokens).where(eq(calendarTokens.userId, userId)).limit(inlineCount(1));
  invariant(row, "jeton d’agenda juste créé");
  return row.token;
}

/** Replaces the token (the old feed URL stops working). */
export async function resetCalendarToken(userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarTokens)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { token, createdAt: new Date() } });
  return token;
}

/** The feed path of a token. */
export function memberCalendarPath(token: string): string {
  return `/calendrier/membre/${token}.ics`;
}

/**
 * The user a token belongs to, when that user may still see members-only
 * events (an active account with a member role); null otherwise.
 */
export async function calendarTokenUser(token: string): Promise<{ id: string } | null> {
  if (!/^[a-f0-9]{40}$/.test(token)) return null;
  const [row] = await db
    .select({ id: users.id, roles: users.roles, active: users.active })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(eq(calendarTokens.token, token))
    .limit(inlineCount(1));
  if (!row || !row.active || !can({ roles: row.roles ?? [] }, "member-content:read")) return null;
  return { id: row.id };
}
