/**
 * A daily job's claim: a job that must run once a day (reminders, the managers' digest, the
 * HelloAsso check, the vacuum) claims the day in `job_runs` before working.
 *
 * Rules: the claim is one atomic statement, so that among several processes (and several
 * machines on one PostgreSQL) only the first caller of the day gets true; inside a transaction
 * the claim commits or rolls back with the job's work, so a failed run is tried again.
 */
import { sql } from "drizzle-orm";
import { jobRuns } from "#db/schema";
import { db } from "./db.server";

/** Claims `name` for `today` (a Paris calendar day): true for the first caller of the day only. */
export async function claimDailyRun(name: string, today: string): Promise<boolean> {
  const rows = await db
    .insert(jobRuns)
    .values({ name, lastRunOn: today })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunOn: today },
      setWhere: sql`${jobRuns.lastRunOn} < ${today}`,
    })
    .returning({ name: jobRuns.name });
  return rows.length > 0;
}
