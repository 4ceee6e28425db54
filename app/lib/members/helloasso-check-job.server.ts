/**
 * Registers the nightly HelloAsso check in the server process (imported once
 * by app/entry.server.tsx). It wakes up every hour from 4 h (Paris);
 * runHelloAssoCheck() reads the orders only on the first run of each Paris
 * day (job_runs guard), and does nothing while HelloAsso is not configured.
 * Also registers the purge of the season's papers past their retention.
 * The families' reminders are one job: reminders-job.server.ts.
 */
import { registerJob } from "../core/jobs.server";
import { parisHour } from "../core/time";
import { runHelloAssoCheck } from "./helloasso-check.server";
import { purgeSeasonFiles } from "./season-documents-purge.server";

const CHECK_FROM_HOUR = 4;

registerJob({
  name: "helloasso-check",
  intervalMs: 60 * 60 * 1000,
  run: async () => {
    const now = new Date();
    if (parisHour(now) < CHECK_FROM_HOUR) return;
    await runHelloAssoCheck(now);
  },
});

// The season's papers whose retention ended: idempotent, so every hour.
registerJob({
  name: "season-files-purge",
  intervalMs: 60 * 60 * 1000,
  run: async () => {
    await purgeSeasonFiles();
  },
});
