/**
 * Registers the daily purge of old audience counts (imported once by
 * app/entry.server.tsx): wakes up every hour, purges once per Paris day.
 */
import { registerJob } from "../core/jobs.server";
import { AUDIENCE_PURGE_JOB, purgeOldAudience } from "./audience.server";

registerJob({
  name: AUDIENCE_PURGE_JOB,
  intervalMs: 60 * 60 * 1000,
  run: async () => {
    await purgeOldAudience();
  },
});
