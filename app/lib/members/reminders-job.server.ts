/**
 * Registers the daily reminders job in the server process (imported once by
 * app/entry.server.tsx). It wakes up every hour; runDailyReminders() sends
 * only on the first run of each Paris day (job_runs guard), so restarts and
 * several processes never send twice.
 */
import { registerJob } from "../core/jobs.server";
import { runDailyReminders } from "./reminders.server";
import { runManagerDigest } from "./manager-notifications.server";

export const REMINDERS_CHECK_INTERVAL_MS = 60 * 60 * 1000;

registerJob({
  name: "reminders",
  intervalMs: REMINDERS_CHECK_INTERVAL_MS,
  run: async () => {
    await runDailyReminders();
  },
});

// The managers' daily digest (new pré-inscriptions, deletion requests): same hourly wake-up, once a day.
registerJob({
  name: "manager-digest",
  intervalMs: REMINDERS_CHECK_INTERVAL_MS,
  run: async () => {
    await runManagerDigest();
  },
});
