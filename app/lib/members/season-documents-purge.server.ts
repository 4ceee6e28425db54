/**
 * The retention of the season's papers (RGPD, health data).
 *
 * Rules:
 *  - Each paper's row carries the day its file is deleted (`deleteFileOn`, set
 *    on upload and on the managers' decision); the purge (`purgeSeasonFiles`)
 *    runs daily and deletes every file whose day has come, and the papers of
 *    deleted profiles (row and file) at the next run.
 *  - The row keeps the type, the dates and the decision once its file is gone.
 */
import { and, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { seasonDocuments } from "#db/schema";
import { db } from "../core/db.server";
import { log } from "../core/log.server";
import { parisDate } from "../core/time";
import { storage } from "../content/storage.server";

export async function purgeSeasonFiles(now: Date = new Date()): Promise<number> {
  const today = parisDate(now);
  const due = await db
    .select({ id: seasonDocuments.id, key: seasonDocuments.storageKey, profileId: seasonDocuments.profileId })
    .from(seasonDocuments)
    .where(
      or(
        isNull(seasonDocuments.profileId),
        and(
          isNotNull(seasonDocuments.storageKey),
          isNull(seasonDocuments.fileDeletedAt),
          lte(seasonDocuments.deleteFileOn, today),
        ),
      ),
    );
  for (const d of due) {
    if (d.key) await storage().delete(d.key);
    if (d.profileId === null) await db.delete(seasonDocuments).where(eq(seasonDocuments.id, d.id));
    else await db.update(seasonDocuments).set({ fileDeletedAt: now }).where(eq(seasonDocuments.id, d.id));
  }
  if (due.length) log.info("season files purged", { count: due.length });
  return due.length;
}
