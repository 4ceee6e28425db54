/**
 * Home page data read straight from the content tables: the next public
 * events and the latest published articles. (The news and calendar modules
 * own the full lists; this file only serves the home page.)
 */
import { and, asc, desc, eq, gte, lte, or } from "drizzle-orm";
import { articles, events } from "#db/schema";
import { db, type Queryable } from "./db.server";

export interface HomeEvent {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  place: string;
  category: string;
}

export interface HomeArticle {
  id: number;
  title: string;
  summary: string;
  publishedAt: Date | null;
}

/** Public events that have not ended yet, soonest first. */
export async function nextPublicEvents(limit = 3, now = new Date(), q: Queryable = db): Promise<HomeEvent[]> {
  return q
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      allDay: events.allDay,
      place: events.place,
      category: events.category,
    })
    .from(events)
    .where(and(eq(events.membersOnly, false), gte(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(limit);
}

/** Published articles (or scheduled ones whose time has come), newest first. */
export async function latestArticles(limit = 3, now = new Date(), q: Queryable = db): Promise<HomeArticle[]> {
  return q
    .select({ id: articles.id, title: articles.title, summary: articles.summary, publishedAt: articles.publishedAt })
    .from(articles)
    .where(
      or(
        eq(articles.status, "publie"),
        and(eq(articles.status, "programme"), lte(articles.publishedAt, now)),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

const TZ = "Europe/Paris";
const dayFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: TZ, weekday: "long", day: "numeric", month: "long", year: "numeric" });
const timeFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: TZ, hour: "2-digit", minute: "2-digit" });
const dateOnly = new Intl.DateTimeFormat("fr-FR", { timeZone: TZ, day: "numeric", month: "long", year: "numeric" });
/** French typography: "1er mai", not "1 mai". */
const firstOfMonth = (text: string) =>
  text.replace(/(^|\s)1 (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)/g, "$11er $2");
const day = (d: Date) => firstOfMonth(dayFormat.format(d));
const dayKey = new Intl.DateTimeFormat("fr-CA", { timeZone: TZ, year: "numeric", month: "2-digit", day: "2-digit" });

/** "samedi 14 mars 2026, 10:00 – 12:00", "du … au …", "… (toute la journée)". */
export function formatEventWhen(e: Pick<HomeEvent, "startsAt" | "endsAt" | "allDay">): string {
  const sameDay = dayKey.format(e.startsAt) === dayKey.format(e.endsAt);
  if (e.allDay) {
    return sameDay
      ? `${day(e.startsAt)} (toute la journée)`
      : `du ${day(e.startsAt)} au ${day(e.endsAt)}`;
  }
  if (sameDay) {
    return `${day(e.startsAt)}, ${timeFormat.format(e.startsAt)} – ${timeFormat.format(e.endsAt)}`;
  }
  return `du ${day(e.startsAt)}, ${timeFormat.format(e.startsAt)}, au ${day(e.endsAt)}, ${timeFormat.format(e.endsAt)}`;
}

/** "14 mars 2026". */
export function formatDate(d: Date): string {
  return firstOfMonth(dateOnly.format(d));
}
