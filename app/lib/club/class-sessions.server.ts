/**
 * The one server entry to the weekly classes' sessions: the public calendar
 * page, the iCalendar feeds (public and members') and attendance all call
 * `classSessions(from, to)` or `seasonClassSeries()`; the rules themselves are
 * in class-sessions.ts (pure).
 *
 * Every event that cancels classes counts, members-only ones included: a
 * class does not take place for anyone because the event is private.
 */
import { and, eq, gt, lt, or } from "drizzle-orm";
import { events } from "#db/schema";
import { db } from "../core/db.server";
import { addDays, parisTime } from "../core/time";
import { getSetting } from "./settings.server";
import {
  classSeries,
  computeClassSessions,
  type CancellingEvent,
  type ClassSeries,
  type ClassSession,
  type SessionRules,
} from "./class-sessions";

export type { ClassSeries, ClassSession } from "./class-sessions";

async function cancellingEvents(fromDay: string, toDay: string): Promise<CancellingEvent[]> {
  const rows = await db
    .select({
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      category: events.category,
      replacesClasses: events.replacesClasses,
    })
    .from(events)
    .where(
      and(
        lt(events.startsAt, parisTime(addDays(toDay, 1))),
        gt(events.endsAt, parisTime(fromDay)),
        or(eq(events.category, "fermeture"), eq(events.replacesClasses, true)),
      ),
    );
  return rows.map((r) => ({
    title: r.title,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    closure: r.category === "fermeture",
    replacesClasses: r.replacesClasses,
  }));
}

async function rules(fromDay: string, toDay: string): Promise<SessionRules> {
  const [schedule, calendar, cancelling] = await Promise.all([
    getSetting("schedule"),
    getSetting("classCalendar"),
    cancellingEvents(fromDay, toDay),
  ]);
  return { schedule, calendar, events: cancelling };
}

/**
 * The sessions of the weekly classes from `from` to `to` (Paris days
 * "2026-11-02", inclusive), cancelled ones included with their reason.
 */
export async function classSessions(from: string, to: string): Promise<ClassSession[]> {
  if (to < from) return [];
  const calendar = await getSetting("classCalendar");
  const first = from > calendar.seasonStart ? from : calendar.seasonStart;
  const last = to < calendar.seasonEnd ? to : calendar.seasonEnd;
  if (last < first) return [];
  return computeClassSessions(await rules(first, last), first, last);
}

/** The season's weekly classes as series with their skipped days (the iCalendar feeds). */
export async function seasonClassSeries(): Promise<ClassSeries[]> {
  const calendar = await getSetting("classCalendar");
  return classSeries(await rules(calendar.seasonStart, calendar.seasonEnd));
}
