/**
 * The nightly VACUUM (ANALYZE), on the file's own database with a fake clock:
 * on PGlite it runs once per Paris night in its window and leaves the planner's statistics and
 * the visibility map written; on PostgreSQL it never runs (autovacuum's work there).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { runNightlyVacuum, VACUUM_JOB } from "./vacuum.server";

const onPostgres = process.env.TEST_DB_DRIVER === "postgres";

async function usersTable(): Promise<{ reltuples: number; relallvisible: number; count: number }> {
  const result = await db.execute(
    sql`select c.reltuples::float8 as reltuples, c.relallvisible::int as relallvisible,
          (select count(*)::int from users) as count
        from pg_class c where c.oid = 'users'::regclass`,
  );
  const row = (result as { rows: Array<Record<string, unknown>> }).rows[0];
  if (!row) throw new Error("users table missing");
  return { reltuples: Number(row.reltuples), relallvisible: Number(row.relallvisible), count: Number(row.count) };
}

async function claimedDay(): Promise<string | null> {
  const result = await db.execute(sql`select last_run_on::text as day from job_runs where name = ${VACUUM_JOB}`);
  const row = (result as { rows: Array<{ day: string }> }).rows[0];
  return row?.day ?? null;
}

describe("nightly VACUUM (ANALYZE) of the embedded database (fake clock)", () => {
  it.skipIf(onPostgres)(
    "runs once per Paris night between 4 h and 6 h and leaves fresh statistics and a visibility map",
    async () => {
      for (let i = 0; i < 3; i++) await createUser({ roles: ["membre"] });
      const before = await usersTable();
      expect(before.relallvisible).toBe(0); // never vacuumed: every count reads the heap

      expect(await runNightlyVacuum(new Date("2030-01-10T02:30:00Z"))).toEqual({ ran: false, why: "outside-hours" }); // 03:30 in Paris
      expect(await claimedDay()).toBeNull();
      const night = await runNightlyVacuum(new Date("2030-01-10T03:10:00Z")); // 04:10
      expect(night.ran).toBe(true);
      const after = await usersTable();
      expect(after.reltuples).toBe(after.count);
      expect(after.relallvisible).toBeGreaterThan(0);
      expect(await claimedDay()).toBe("2030-01-10");

      expect(await runNightlyVacuum(new Date("2030-01-10T04:40:00Z"))).toEqual({ ran: false, why: "already-done" }); // 05:40
      expect(await runNightlyVacuum(new Date("2030-01-10T13:00:00Z"))).toEqual({ ran: false, why: "outside-hours" }); // 14:00
      expect((await runNightlyVacuum(new Date("2030-01-11T04:59:00Z"))).ran).toBe(true); // 05:59 the next night
      expect(await claimedDay()).toBe("2030-01-11");
    },
  );

  it.runIf(onPostgres)("never runs on PostgreSQL, whose autovacuum does this work", async () => {
    expect(await runNightlyVacuum(new Date("2030-01-10T03:10:00Z"))).toEqual({ ran: false, why: "postgres" });
    expect(await claimedDay()).toBeNull();
  });
});
