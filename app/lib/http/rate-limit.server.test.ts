/**
 * Rate limits in the database: one store for every limit,
 * counted across server processes. A second "process" is a second limiter
 * with its own connection pool on the same database (PostgreSQL), or its own
 * state on the one PGlite connection. Fake clock: every call gets its `now`.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { rateLimitEvents } from "#db/schema";
import { db, type Database } from "../core/db.server";
import {
  createRateLimits,
  checkRateLimit,
  purgeRateLimits,
  recentEvents,
  recordEvent,
  resetRateLimits,
  retryAfterText,
} from "./rate-limit.server";

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** Another server process on the same database: its own pool on PostgreSQL. */
async function otherProcess() {
  const admin = process.env.TEST_DB_DRIVER === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (!admin) return { limits: createRateLimits(() => db), separatePool: false };
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const result = await db.execute<{ name: string }>(sql`select current_database() as name`);
  const name = (result as { rows: { name: string }[] }).rows[0]?.name;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  closers.push(() => pool.end());
  const other = drizzle(pool, { schema, casing: "snake_case" }) as unknown as Database;
  return { limits: createRateLimits(() => other), separatePool: true };
}

const t0 = Date.UTC(2026, 10, 24, 18, 0, 0);

beforeEach(() => resetRateLimits());

describe("rate limit store", () => {
  it("allows `limit` hits per window, then says when to retry", async () => {
    for (let i = 0; i < 3; i++) expect((await checkRateLimit("k", 3, 60_000, t0 + i)).ok).toBe(true);
    const refused = await checkRateLimit("k", 3, 60_000, t0 + 10_000);
    expect(refused.ok).toBe(false);
    expect(refused.retryAfterSeconds).toBe(50);
    expect((await checkRateLimit("k", 3, 60_000, t0 + 60_001)).ok).toBe(true);
    expect((await checkRateLimit("other", 3, 60_000, t0)).ok).toBe(true);
  });

  it("counts the attempts of two server processes together", async () => {
    const other = await otherProcess();
    expect((await checkRateLimit("contact:10.0.0.1", 4, 3600_000, t0)).ok).toBe(true);
    expect((await other.limits.check("contact:10.0.0.1", 4, 3600_000, t0 + 1)).ok).toBe(true);
    expect((await checkRateLimit("contact:10.0.0.1", 4, 3600_000, t0 + 2)).ok).toBe(true);
    expect((await other.limits.check("contact:10.0.0.1", 4, 3600_000, t0 + 3)).ok).toBe(true);
    // The fifth attempt is refused whichever process gets it.
    expect((await other.limits.check("contact:10.0.0.1", 4, 3600_000, t0 + 4)).ok).toBe(false);
    expect((await checkRateLimit("contact:10.0.0.1", 4, 3600_000, t0 + 5)).ok).toBe(false);
    // Failures recorded by one are seen by the other.
    await recordEvent("signin-fail:account:a@b.fr", 3600_000, t0);
    await other.limits.record("signin-fail:account:a@b.fr", 3600_000, t0 + 1000);
    expect(await recentEvents("signin-fail:account:a@b.fr", 3600_000, t0 + 2000)).toEqual({
      count: 2,
      last: t0 + 1000,
    });
    expect(await other.limits.recent("signin-fail:account:a@b.fr", 3600_000, t0 + 2000)).toEqual({
      count: 2,
      last: t0 + 1000,
    });
  });

  it("never lets two processes racing for the last slot both through", async () => {
    const other = await otherProcess();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other.limits : { check: checkRateLimit }).check("race", 3, 60_000, t0),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBeLessThanOrEqual(3);
  });

  it("purges the rows whose window is over", async () => {
    await recordEvent("old", 60_000, t0);
    await checkRateLimit("old", 5, 60_000, t0);
    await recordEvent("young", 3600_000, t0);
    expect(await purgeRateLimits(t0 + 61_000)).toBe(2);
    const left = await db.select({ key: rateLimitEvents.key }).from(rateLimitEvents);
    expect(left).toEqual([{ key: "young" }]);
    // A process purges on its own, at most once a minute, while it counts.
    await recordEvent("old", 60_000, t0 + 61_000);
    await recordEvent("later", 60_000, t0 + 200_000);
    const keys = (await db.select({ key: rateLimitEvents.key }).from(rateLimitEvents)).map((r) => r.key).sort();
    expect(keys).toEqual(["later", "young"]);
  });

  it("words the wait in French", () => {
    expect(retryAfterText(1)).toBe("dans 1 seconde");
    expect(retryAfterText(42)).toBe("dans 42 secondes");
    expect(retryAfterText(61)).toBe("dans 2 minutes");
  });
});
