/**
 * VACUUM (ANALYZE) of the embedded database.
 *
 * PGlite runs no autovacuum: without it the planner's statistics go stale as the club grows
 * (the table sizes it plans with are those of the last ANALYZE, or none), and no visibility map
 * is ever written, so every count reads the whole table instead of its index (`count(*)` of
 * 10,000 accounts 14 ms, 8 ms after a VACUUM).
 *
 * Rules:
 * - PGlite only for the nightly run: PostgreSQL's own autovacuum does this work there (and a
 *   manual VACUUM on a shared server is its administrator's business).
 * - Once per Paris night, between VACUUM_FROM_HOUR and VACUUM_UNTIL_HOUR (after the 3 h
 *   backup by default), claimed in job_runs: restarts never repeat it. While it runs (about
 *   3.6 s on a club of 10,000 accounts, a fraction of a second on a real club) PGlite's single
 *   connection makes the pages wait: hence the night, and never at start-up in the day.
 * - After a bulk load (`npm run seed:large`, the Firebase import), `vacuumAnalyze()` at once,
 *   on either database: the new rows are counted and visible to the planner before anyone reads.
 * - Never inside a transaction (PostgreSQL refuses VACUUM there).
 */
import { sql } from "drizzle-orm";
import { databaseDriver, db } from "../core/db.server";
import { log } from "../core/log.server";
import { parisDate, parisHour } from "../core/time";
import { claimDailyRun } from "../core/daily-run.server";

export const VACUUM_JOB = "vacuum";
/** First Paris hour of the nightly window (the backup runs at 3 h by default). */
export const VACUUM_FROM_HOUR = 4;
/** The window ends before this Paris hour: a server started in the day waits for the next night. */
export const VACUUM_UNTIL_HOUR = 6;
/** The job wakes up this often: twice at least in a window of two hours. */
export const VACUUM_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** Reclaims dead rows, writes the visibility map and refreshes the planner's statistics. */
export async function vacuumAnalyze(): Promise<void> {
  await db.execute(sql`vacuum (analyze)`);
}

export type NightlyVacuum =
  { ran: false; why: "postgres" | "outside-hours" | "already-done" } | { ran: true; ms: number };

/** The nightly run: PGlite only, in its window, once per Paris day. */
export async function runNightlyVacuum(now: Date = new Date()): Promise<NightlyVacuum> {
  if (databaseDriver() !== "pglite") return { ran: false, why: "postgres" };
  const hour = parisHour(now);
  if (hour < VACUUM_FROM_HOUR || hour >= VACUUM_UNTIL_HOUR) return { ran: false, why: "outside-hours" };
  if (!(await claimDailyRun(VACUUM_JOB, parisDate(now)))) return { ran: false, why: "already-done" };
  const start = performance.now();
  await vacuumAnalyze();
  const ms = Math.round(performance.now() - start);
  log.info("nightly vacuum", { ms });
  return { ran: true, ms };
}
