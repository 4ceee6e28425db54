/**
 * Child process for the several-processes test (server/cluster.test.ts): opens
 * DATABASE_URL, waits for the parent's "go", runs the daily reminders job at the
 * fixed moment REMINDERS_AT (a fake clock, never the wall clock) and prints
 * `{"ran":…}` on one line.
 */
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { runDailyReminders } from "~/lib/members/reminders.server";

await openDatabase({ url: process.env.DATABASE_URL }); // migrated under the start-up lock
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.pause();
try {
  const { ran, sent } = await runDailyReminders(new Date(process.env.REMINDERS_AT ?? ""));
  process.stdout.write(`${JSON.stringify({ ran, sent: sent.length })}\n`);
} finally {
  await closeDatabase();
}
