/**
 * The public pages' reads, kept in the process until a write (`cachedRead` of core/cache.server.ts):
 * what every visitor sees alike on home, the news list, the calendar and the
 * site layout.
 *
 * Rules: each read says when it stops being true by itself — articles at the next scheduled
 * publication, upcoming events when the first listed one ends, a month of the calendar at the
 * next Paris midnight ("today" moves). Members-only events are a separate key, never mixed with
 * the public ones. A caller that needs a given instant (`now`) calls the domain module itself.
 */
import { and, eq, gt, min } from "drizzle-orm";
import { articles } from "#db/schema";
import { db } from "../core/db.server";
import { cachedRead, earliest } from "../core/cache.server";
import { addDays, parisDate, parisTime } from "../core/time";
import { getArticleById, listPublishedArticles, type Article, type ArticleSummary } from "./articles.server";
import { getMonthCalendar, listUpcomingEvents, type CalendarEntry, type Month } from "./events.server";
import { monthView, type MonthView } from "./calendar-view.server";
import { hasGalleryPhotos, listArticlePhotos, type PublicPhoto } from "./photos.server";
import { getBannerOverrides } from "./banners.server";

/** When the next scheduled article goes public (null: none scheduled). */
async function nextPublication(): Promise<Date | null> {
  const [row] = await db
    .select({ at: min(articles.publishedAt) })
    .from(articles)
    .where(and(eq(articles.status, "programme"), gt(articles.publishedAt, new Date())));
  return row?.at ?? null;
}

/** A page of the news list (listPublishedArticles). */
export function publishedArticlesPage(
  page: number,
  perPage: number,
): Promise<Awaited<ReturnType<typeof listPublishedArticles>>> {
  return cachedRead(`news:${page}:${perPage}`, async () => {
    const [value, until] = await Promise.all([listPublishedArticles({ page, perPage }), nextPublication()]);
    return { value, until };
  });
}

/** The latest published articles (home). */
export async function latestPublishedArticles(limit: number): Promise<ArticleSummary[]> {
  return (await publishedArticlesPage(1, limit)).items;
}

/** The next events (home, calendar): true until the first listed one ends. */
export function upcomingEvents(limit: number, includeMembersOnly = false): Promise<CalendarEntry[]> {
  return cachedRead(`upcoming:${limit}:${includeMembersOnly}`, async () => {
    const value = await listUpcomingEvents({ limit, includeMembersOnly });
    return { value, until: earliest(...value.map((e) => e.endsAt)) };
  });
}

/**
 * A month of the calendar as its page shows it (calendar-view.server.ts: formatted once here,
 * not per request): true until a write, or the next Paris midnight.
 */
export function monthCalendar(month: Month, includeMembersOnly = false): Promise<MonthView> {
  return cachedRead(`month:${month.year}-${month.month}:${includeMembersOnly}`, async () => {
    const value = monthView(await getMonthCalendar({ month, includeMembersOnly }));
    return { value, until: parisTime(addDays(parisDate(), 1)) };
  });
}

/**
 * An article, whatever its status, with its photos still shown (the article page): only writes
 * change them; whether it is published yet is decided by the caller at each view.
 */
export function articleWithPhotos(id: number): Promise<{ article: Article; photos: PublicPhoto[] } | null> {
  return cachedRead(`article:${id}`, async () => {
    const article = await getArticleById(id);
    return { value: article ? { article, photos: await listArticlePhotos(id) } : null };
  });
}

/** Is there anything for the gallery (its menu link, on every page)? */
export function galleryHasPhotos(): Promise<boolean> {
  return cachedRead("gallery:any", async () => {
    // A scheduled article's photos appear with it.
    const [value, until] = await Promise.all([hasGalleryPhotos(), nextPublication()]);
    return { value, until };
  });
}

/** The banner images the admins chose, by section (the site layout, on every page). */
export function bannerOverrides(): Promise<Record<string, string>> {
  return cachedRead("banners", async () => ({ value: await getBannerOverrides() }));
}
