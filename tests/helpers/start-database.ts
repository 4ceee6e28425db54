/**
 * Child process for the start-up lock test: opens DATABASE_URL, migrates and
 * seeds like the server's start-up, prints "ok" or the error and exits.
 */
import { closeDatabase, openDatabase, runMigrations, withStartupLock } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";

// Both instances start at the same moment: wait for the parent's "go".
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.pause();

try {
  await openDatabase({ url: process.env.DATABASE_URL, migrate: false });
  await withStartupLock(async () => {
    await runMigrations();
    await seedDatabase();
  });
  await closeDatabase();
  process.stdout.write("ok\n");
} catch (err) {
  process.stdout.write(`failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
