/**
 * tsx scripts/migrate.ts — applies this version's pending database migrations
 * (db/migrations) and says how many ran. deploy/upgrade runs it, site stopped,
 * from the new release, between the backup and the switch; the server would
 * otherwise apply them itself at its start.
 *
 * Rules: the database of this environment (DATABASE_URL, else DATA_DIR's
 * embedded one, which no server may be holding); the same migrations and lock
 * as the server's start (app/lib/core/db.server.ts), nothing else changed
 * (no seeding). The last line of output is the number applied. Exit code 1,
 * with the French reason, when they could not be applied.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { closeDatabase, db, openDatabase, runMigrations, withStartupLock } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { countOf } from "~/lib/core/count";

/** Migrations recorded by drizzle's migrator (its own table, absent before the first). */
async function appliedCount(): Promise<number> {
  const table = await db.execute<{ present: boolean }>(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!(table as { rows: Array<{ present: boolean }> }).rows[0]?.present) return 0;
  const count = await db.execute<{ n: string | number }>(sql`select count(*) as n from drizzle.__drizzle_migrations`);
  return Number((count as { rows: Array<{ n: string | number }> }).rows[0]?.n ?? 0);
}

async function main(): Promise<number> {
  const e = env();
  await openDatabase({ url: e.DATABASE_URL, pgliteDir: path.join(e.DATA_DIR, "pglite"), migrate: false });
  try {
    const applied = await withStartupLock(async () => {
      const before = await appliedCount();
      await runMigrations();
      return (await appliedCount()) - before;
    });
    console.error(
      applied
        ? `${countOf(applied, "migration appliquée", "migrations appliquées")}.`
        : "Aucune migration à appliquer : la base est à jour.",
    );
    console.log(String(applied));
    return 0;
  } finally {
    await closeDatabase();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`Migrations impossibles : ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
