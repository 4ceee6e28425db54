/**
 * First-party audience counts, server side: one row per Paris
 * day and page path (views), one per day and referring domain (visits). No
 * IP address, no cookie, no user agent and no visitor identifier is stored:
 * only these totals. Counts older than AUDIENCE_RETENTION_MONTHS are deleted
 * by a daily job (claimed in job_runs).
 */
import { and, count, desc, eq, gte, lt, sql, sum } from "drizzle-orm";
import { isbot } from "isbot";
import { audiencePageViews, audienceReferrers, jobRuns } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { addDays, addMonths, parisDate } from "../core/time";
import { AUDIENCE_RETENTION_MONTHS, countedPath } from "./audience";

/** Distinct paths counted per day at most (404s are not counted; this bounds the rest). */
export const MAX_PATHS_PER_DAY = 1000;

export interface PageViewInput {
  path: string;
  /** Referring domain, already reduced by referrerDomain() in the browser; checked again. */
  referrer?: string | null;
  userAgent?: string | null;
  /** DNT: 1 or Sec-GPC: 1 was sent. */
  refused?: boolean;
  now?: Date;
}

/** Adds one page view (and one arrival from the referrer); false when it was not counted. */
export async function countPageView(input: PageViewInput): Promise<boolean> {
  if (input.refused) return false;
  const ua = input.userAgent ?? "";
  if (!ua || isbot(ua)) return false;
  const path = countedPath(input.path);
  if (!path) return false;
  const day = parisDate(input.now ?? new Date());
  const [existing] = await db
    .select({ views: audiencePageViews.views })
    .from(audiencePageViews)
    .where(and(eq(audiencePageViews.day, day), eq(audiencePageViews.path, path)));
  if (!existing) {
    const [paths] = await db.select({ n: count() }).from(audiencePageViews).where(eq(audiencePageViews.day, day));
    if ((paths?.n ?? 0) >= MAX_PATHS_PER_DAY) return false;
  }
  await db
    .insert(audiencePageViews)
    .values({ day, path, views: 1 })
    .onConflictDoUpdate({
      target: [audiencePageViews.day, audiencePageViews.path],
      set: { views: sql`${audiencePageViews.views} + 1` },
    });
  const domain = input.referrer && /^[a-z0-9.-]{1,100}$/.test(input.referrer) ? input.referrer : null;
  if (domain) {
    await db
      .insert(audienceReferrers)
      .values({ day, domain, visits: 1 })
      .onConflictDoUpdate({
        target: [audienceReferrers.day, audienceReferrers.domain],
        set: { visits: sql`${audienceReferrers.visits} + 1` },
      });
  }
  return true;
}

export const AUDIENCE_PURGE_JOB = "audience-purge";

/** First day kept on `now`'s Paris day: 25 months back. */
export function audienceCutoff(now: Date): string {
  return addMonths(parisDate(now), -AUDIENCE_RETENTION_MONTHS);
}

/**
 * Deletes the counts older than the retention period, once per Paris day
 * (claimed in job_runs, so restarts do not repeat it). Returns the rows
 * deleted, or null when today's purge was already done.
 */
export async function purgeOldAudience(now: Date = new Date()): Promise<{ pages: number; referrers: number } | null> {
  const today = parisDate(now);
  const claimed = await db
    .insert(jobRuns)
    .values({ name: AUDIENCE_PURGE_JOB, lastRunOn: today })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { lastRunOn: today },
      setWhere: sql`${jobRuns.lastRunOn} < ${today}`,
    })
    .returning({ name: jobRuns.name });
  if (!claimed.length) return null;
  const cutoff = audienceCutoff(now);
  const pages = await db
    .delete(audiencePageViews)
    .where(lt(audiencePageViews.day, cutoff))
    .returning({ day: audiencePageViews.day });
  const referrers = await db
    .delete(audienceReferrers)
    .where(lt(audienceReferrers.day, cutoff))
    .returning({ day: audienceReferrers.day });
  return { pages: pages.length, referrers: referrers.length };
}

export interface AudienceSummary {
  /** Every day of the period, oldest first, with 0 for days without views. */
  days: Array<{ day: string; views: number }>;
  total: number;
  pages: Array<{ path: string; views: number }>;
  referrers: Array<{ domain: string; visits: number }>;
}

/** The last `days` Paris days (today included): views per day, top pages and referrers. */
export async function audienceSummary(now: Date = new Date(), days = 30): Promise<AudienceSummary> {
  const today = parisDate(now);
  const first = addDays(today, -(days - 1));
  const perDay = await db
    .select({ day: audiencePageViews.day, views: sum(audiencePageViews.views).mapWith(Number) })
    .from(audiencePageViews)
    .where(gte(audiencePageViews.day, first))
    .groupBy(audiencePageViews.day);
  const byDay = new Map(perDay.map((r) => [r.day, r.views]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, views: byDay.get(day) ?? 0 };
  });
  const viewsSum = sum(audiencePageViews.views).mapWith(Number);
  const pages = await db
    .select({ path: audiencePageViews.path, views: viewsSum })
    .from(audiencePageViews)
    .where(gte(audiencePageViews.day, first))
    .groupBy(audiencePageViews.path)
    .orderBy(desc(viewsSum), audiencePageViews.path)
    .limit(inlineCount(10));
  const visitsSum = sum(audienceReferrers.visits).mapWith(Number);
  const referrers = await db
    .select({ domain: audienceReferrers.domain, visits: visitsSum })
    .from(audienceReferrers)
    .where(gte(audienceReferrers.day, first))
    .groupBy(audienceReferrers.domain)
    .orderBy(desc(visitsSum), audienceReferrers.domain)
    .limit(inlineCount(10));
  return { days: series, total: series.reduce((a, d) => a + d.views, 0), pages, referrers };
}
