/**
 * Child process for the several-machines test (server/machines.test.ts): one
 * machine's nightly backup job. Opens DATABASE_URL with this machine's own
 * DATA_DIR, waits for the parent's "go", runs the job at the fixed moment
 * BACKUP_AT (a fake clock, never the wall clock) and prints on one line
 * `{"ran":…,"file":…,"files":…}`.
 */
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { runNightlyBackup } from "~/lib/operations/backup-job.server";

await openDatabase({ url: process.env.DATABASE_URL }); // migrated under the start-up lock
process.stdout.write("ready\n");
await new Promise((resolve) => process.stdin.once("data", resolve));
process.stdin.pause();
try {
  const result = await runNightlyBackup(new Date(process.env.BACKUP_AT ?? ""));
  const backup = "backup" in result ? result.backup : null;
  process.stdout.write(
    `${JSON.stringify({ ran: result.ran, error: "error" in result ? result.error : null, file: backup?.file ?? null, files: backup?.files ?? null, verified: backup?.verification.ok ?? null })}\n`,
  );
} finally {
  await closeDatabase();
}
