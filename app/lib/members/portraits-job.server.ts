/**
 * Registers, in the server process (imported once by app/entry.server.tsx),
 * the hourly round that deletes the portraits left without a profile.
 * Deleting a profile or an account already deletes them at
 * once; this round only catches one left behind (a crash in between, a
 * deletion made outside the site's code). Idempotent.
 */
import { registerJob } from "../core/jobs.server";
import { purgeOrphanPortraits } from "./portraits.server";

registerJob({
  name: "portraits-purge",
  intervalMs: 60 * 60 * 1000,
  run: async () => {
    await purgeOrphanPortraits();
  },
});
