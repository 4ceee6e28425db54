/**
 * Rate limits, stored in the database (table `rate_limit_events`), so every
 * server process on one PostgreSQL counts together (PGlite: one process, same
 * code). Keys are free strings such as `contact:1.2.3.4` or
 * `signin-fail:account:a@b.fr`.
 *
 * Rules:
 * - one mechanism for every limit: `checkRateLimit` (at most `limit` attempts
 *   per sliding window; a refused attempt is not counted) for the contact
 *   form, sign-up, password reset and account settings; `recordEvent` +
 *   `recentEvents` for the sign-in failures (accounts/sign-in-throttle.server.ts);
 * - insert first, then count: two processes racing for the last slot may both
 *   be refused, never both let through;
 * - each row carries its expiry; expired rows are purged at most once a
 *   minute per process (`purgeRateLimits`);
 * - time comes from `now` (tests pass a fake clock or use vi.setSystemTime).
 */
import { and, count, eq, gt, lt, lte, max, min } from "drizzle-orm";
import { rateLimitEvents } from "#db/schema";
import { db, type Database } from "../core/db.server";

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the next attempt is allowed (0 when ok). */
  retryAfterSeconds: number;
}

const PURGE_EVERY_MS = 60_000;

/**
 * The limiter of one server process over one database: its only memory is
 * when it last purged. `createRateLimits(otherPool)` is how the tests play a
 * second process on the same database.
 */
export function createRateLimits(database: () => Database) {
  let lastPurge = Number.NEGATIVE_INFINITY;

  async function purgeNowAndThen(now: number): Promise<void> {
    if (now - lastPurge < PURGE_EVERY_MS && now >= lastPurge) return;
    lastPurge = now;
    await purge(now);
  }

  /** Deletes the rows whose window is over; returns how many went. */
  async function purge(now = Date.now()): Promise<number> {
    const gone = await database()
      .delete(rateLimitEvents)
      .where(lt(rateLimitEvents.expiresAt, new Date(now)))
      .returning({ id: rateLimitEvents.id });
    return gone.length;
  }

  function within(key: string, windowMs: number, now: number) {
    return and(
      eq(rateLimitEvents.key, key),
      gt(rateLimitEvents.at, new Date(now - windowMs)),
      lte(rateLimitEvents.at, new Date(now)),
    );
  }

  /** Counts one attempt under `key`, kept for `ttlMs`. */
  async function record(key: string, ttlMs: number, now = Date.now()): Promise<void> {
    await purgeNowAndThen(now);
    await database()
      .insert(rateLimitEvents)
      .values({ key, at: new Date(now), expiresAt: new Date(now + ttlMs) });
  }

  /** How many attempts `key` made in the last `windowMs`, and when the last one was (ms, null if none). */
  async function recent(
    key: string,
    windowMs: number,
    now = Date.now(),
  ): Promise<{ count: number; last: number | null }> {
    const [row] = await database()
      .select({ count: count(), last: max(rateLimitEvents.at) })
      .from(rateLimitEvents)
      .where(within(key, windowMs, now));
    return { count: row?.count ?? 0, last: row?.last ? new Date(row.last).getTime() : null };
  }

  /** At most `limit` attempts per sliding window of `windowMs` under `key`; a refused attempt is not counted. */
  async function check(key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitResult> {
    await purgeNowAndThen(now);
    const [mine] = await database()
      .insert(rateLimitEvents)
      .values({ key, at: new Date(now), expiresAt: new Date(now + windowMs) })
      .returning({ id: rateLimitEvents.id });
    const [row] = await database()
      .select({ count: count(), oldest: min(rateLimitEvents.at) })
      .from(rateLimitEvents)
      .where(within(key, windowMs, now));
    if ((row?.count ?? 0) <= limit) return { ok: true, retryAfterSeconds: 0 };
    if (mine) await database().delete(rateLimitEvents).where(eq(rateLimitEvents.id, mine.id));
    const oldest = row?.oldest ? new Date(row.oldest).getTime() : now;
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }

  async function reset(): Promise<void> {
    lastPurge = Number.NEGATIVE_INFINITY;
    await database().delete(rateLimitEvents);
  }

  return { check, record, recent, purge, reset };
}

/** This process's limiter, on the application's database. */
const limits = createRateLimits(() => db);

export const checkRateLimit = limits.check;
export const recordEvent = limits.record;
export const recentEvents = limits.recent;
export const purgeRateLimits = limits.purge;

/** French wording of a wait: « dans 42 secondes », « dans 3 minutes ». */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `dans ${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `dans ${minutes} minute${minutes > 1 ? "s" : ""}`;
}

/** Tests only: forgets every counted attempt. */
export const resetRateLimits = limits.reset;
