/**
 * Figures of the admin dashboard (/espace-membre/contenu): counts and latest
 * items of every kind of content, read straight from the tables.
 */
import { desc, gte, sql } from "drizzle-orm";
import { articles, comics, documents, events, videos } from "#db/schema";
import { contactMessageCounts, listContactMessages } from "../club/contact-messages.server";
import { db, inlineCount } from "../core/db.server";
import { videoCategoryLabel } from "./video-links";
import { invariant } from "../core/invariant";

const STATUS_LABELS: Record<string, string> = { brouillon: "Brouillon", publie: "Publié", programme: "Programmé" };

export async function dashboardData(now: Date = new Date()) {
  const [articleCounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where ${articles.status} in ('publie', 'programme') and ${articles.publishedAt} <= ${now})::int`,
      drafts: sql<number>`count(*) filter (where ${articles.status} = 'brouillon')::int`,
    })
    .from(articles);
  const latestArticles = await db
    .select({
      id: articles.id,
      title: articles.title,
      status: articles.status,
      updatedAt: articles.updatedAt,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .orderBy(desc(articles.updatedAt), desc(articles.id))
    .limit(inlineCount(5));

  const [eventCounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      upcoming: sql<number>`count(*) filter (where ${events.endsAt} >= ${now})::int`,
    })
    .from(events);
  const upcomingEvents = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      allDay: events.allDay,
      membersOnly: events.membersOnly,
    })
    .from(events)
    .where(gte(events.endsAt, now))
    .orderBy(events.startsAt)
    .limit(inlineCount(5));

  const [videoCount] = await db.select({ total: sql<number>`count(*)::int` }).from(videos);
  const latestVideos = await db
    .select({ id: videos.id, title: videos.title, category: videos.category, updatedAt: videos.updatedAt })
    .from(videos)
    .orderBy(desc(videos.updatedAt), desc(videos.id))
    .limit(inlineCount(5));

  const [documentCount] = await db.select({ total: sql<number>`count(*)::int` }).from(documents);
  const [comicCount] = await db.select({ total: sql<number>`count(*)::int` }).from(comics);
  const [messageCounts, latestMessages] = await Promise.all([
    contactMessageCounts(),
    listContactMessages({ limit: 5 }),
  ]);

  invariant(articleCounts && eventCounts, "un agrégat SQL sans GROUP BY renvoie une ligne");
  return {
    articles: {
      ...articleCounts,
      latest: latestArticles.map((a) => ({
        id: a.id,
        title: a.title,
        statusLabel:
          a.status === "programme" && a.publishedAt && a.publishedAt <= now
            ? "Publié"
            : (STATUS_LABELS[a.status] ?? a.status),
        updatedAt: a.updatedAt.toISOString(),
      })),
    },
    events: {
      ...eventCounts,
      next: upcomingEvents.map((e) => ({ ...e, startsAt: e.startsAt.toISOString() })),
    },
    videos: {
      total: videoCount?.total ?? 0,
      latest: latestVideos.map((v) => ({
        id: v.id,
        title: v.title,
        categoryLabel: videoCategoryLabel(v.category),
        updatedAt: v.updatedAt.toISOString(),
      })),
    },
    documents: documentCount?.total ?? 0,
    comics: comicCount?.total ?? 0,
    messages: { ...messageCounts, latest: latestMessages },
  };
}
