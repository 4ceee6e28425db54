/**
 * Registers the nightly VACUUM (ANALYZE) of the embedded database (imported once by
 * app/entry.server.tsx). It wakes up every hour; runNightlyVacuum() works
 * only on PGlite, in its night window, once per Paris day (job_runs guard).
 */
import { registerJob } from "../core/jobs.server";
import { runNightlyVacuum, VACUUM_CHECK_INTERVAL_MS, VACUUM_JOB } from "./vacuum.server";

registerJob({
  name: VACUUM_JOB,
  intervalMs: VACUUM_CHECK_INTERVAL_MS,
  run: async () => {
    await runNightlyVacuum();
  },
});
