/**
 * Rich text is sanitized once, when it is saved (article-editing.server.ts,
 * the seed), never again on display. Rows written
 * before that rule are cleaned once here, at start-up under the start-up lock:
 * every article body goes through the sanitizer again, in batches of 500, and
 * a marker row in `settings` records that it was done.
 */
import { asc, eq, gt } from "drizzle-orm";
import { articles, settings } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { log } from "../core/log.server";
import { sanitizeRichText } from "./sanitize.server";

const MARKER = "_rich_text_clean_v1";
const BATCH = 500;

/** Cleans every stored article body once per database. Returns the number of rows changed, or null if done before. */
export async function sanitizeStoredRichText(): Promise<number | null> {
  const [marker] = await db.select().from(settings).where(eq(settings.key, MARKER));
  if (marker) return null;
  let changed = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: articles.id, body: articles.body })
      .from(articles)
      .where(gt(articles.id, after))
      .orderBy(asc(articles.id))
      .limit(inlineCount(BATCH));
    if (!rows.length) break;
    after = rows[rows.length - 1]?.id ?? after;
    for (const row of rows) {
      const clean = sanitizeRichText(row.body);
      if (clean === row.body) continue;
      await db.update(articles).set({ body: clean }).where(eq(articles.id, row.id));
      changed++;
    }
  }
  await db.insert(settings).values({ key: MARKER, value: new Date().toISOString() }).onConflictDoNothing();
  if (changed) log.info("stored rich text cleaned", { articles: changed });
  return changed;
}
