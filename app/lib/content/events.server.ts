/**
 * Events and weekly classes, read side (public calendar, home page, iCalendar
 * feed).
 *
 * Storage conventions of the `events` table:
 * - times are instants (timestamptz); the club's calendar is Europe/Paris;
 * - an all-day event starts at 00:00 (Paris) on its first day and ends at
 *   00:00 (Paris) on the day after its last day (exclusive end, as in
 *   iCalendar); `allDayRange()` builds these values. Readers also accept an
 *   end on the last minute of the last day.
 * - members-only events are shown only when `includeMembersOnly` is true
 *   (signed-in members).
 *
 * The weekly classes come from the one sessions module
 * (app/lib/club/class-sessions.server.ts: season, public and school holidays,
 * closures, events replacing a class); the calendar shows the sessions that
 * take place.
 */
import { and, asc, eq, gt, lt, type SQL } from "drizzle-orm";
import { events } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { addDays, formatMonth, isoWeekday, parisDate, parisTime } from "../core/time";
import {
  categoryLabel,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  type EventCategory,
  type Month,
} from "./event-categories";
import { classSessions, type ClassSession } from "../club/class-sessions.server";
import { defined, numberParts } from "../core/invariant";

export { categoryLabel, EVENT_CATEGORIES, EVENT_CATEGORY_LABELS };
export type { EventCategory, Month };

export type EventRow = typeof events.$inferSelect;

/** One thing on the calendar: a stored event or one occurrence of a weekly class. */
export interface CalendarEntry {
  /** Unique key: "event-12" or "class-adultes-mar-2026-11-03". */
  key: string;
  kind: "event" | "class";
  eventId: number | null;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
  place: string;
  category: EventCategory;
  membersOnly: boolean;
  updatedAt: Date | null;
}

// ---------------------------------------------------------------- days

/** Stored values of an all-day event from its first to its last day (inclusive). */
export function allDayRange(firstDay: string, lastDay: string = firstDay): { startsAt: Date; endsAt: Date } {
  return { startsAt: parisTime(firstDay), endsAt: parisTime(addDays(lastDay, 1)) };
}

/** First and last calendar day (Paris) an entry covers. */
export function entryDays(e: { startsAt: Date; endsAt: Date }): { first: string; last: string } {
  const first = parisDate(e.startsAt);
  const last = parisDate(new Date(Math.max(e.startsAt.getTime(), e.endsAt.getTime() - 1)));
  return { first, last };
}

// ---------------------------------------------------------------- months

/** "2026-11" -> {year: 2026, month: 11}; null when malformed or out of range. */
export function parseMonth(value: string | null | undefined): Month | null {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12 || year < 2000 || year > 2100) return null;
  return { year, month };
}

export function monthKey(m: Month): string {
  return `${m.year}-${String(m.month).padStart(2, "0")}`;
}

export function shiftMonth(m: Month, delta: number): Month {
  const index = m.year * 12 + (m.month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function currentMonth(now: Date = new Date()): Month {
  const [y, m] = numberParts(parisDate(now), "-", 2);
  return { year: y, month: m };
}

// ---------------------------------------------------------------- queries

function toEntry(row: EventRow): CalendarEntry {
  return {
    key: `event-${row.id}`,
    kind: "event",
    eventId: row.id,
    title: row.title,
    description: row.description,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    allDay: row.allDay,
    place: row.place,
    category: (EVENT_CATEGORIES as readonly string[]).includes(row.category)
      ? (row.category as EventCategory)
      : "autre",
    membersOnly: row.membersOnly,
    updatedAt: row.updatedAt,
  };
}

function visibility(includeMembersOnly: boolean | undefined): SQL | undefined {
  return includeMembersOnly ? undefined : eq(events.membersOnly, false);
}

/** Stored events overlapping [from, to), by start time. */
export async function listEvents(options: {
  from: Date;
  to: Date;
  includeMembersOnly?: boolean;
}): Promise<CalendarEntry[]> {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(lt(events.startsAt, options.to), gt(events.endsAt, options.from), visibility(options.includeMembersOnly)),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return rows.map(toEntry);
}

/** The next stored events (not finished yet), soonest first. */
export async function listUpcomingEvents(
  options: { limit?: number; includeMembersOnly?: boolean; now?: Date } = {},
): Promise<CalendarEntry[]> {
  const rows = await db
    .select()
    .from(events)
    .where(and(gt(events.endsAt, options.now ?? new Date()), visibility(options.includeMembersOnly)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(inlineCount(options.limit ?? 6));
  return rows.map(toEntry);
}

/** Events of the iCalendar feed: everything that ended less than `pastDays` ago and later. */
export async function listFeedEvents(
  options: { includeMembersOnly?: boolean; now?: Date; pastDays?: number } = {},
): Promise<CalendarEntry[]> {
  const since = new Date((options.now ?? new Date()).getTime() - (options.pastDays ?? 180) * 86_400_000);
  const rows = await db
    .select()
    .from(events)
    .where(and(gt(events.endsAt, since), visibility(options.includeMembersOnly)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(inlineCount(1000));
  return rows.map(toEntry);
}

// ---------------------------------------------------------------- weekly classes

/** A session of a weekly class (class-sessions.server.ts) as a calendar entry. */
export function sessionEntry(session: ClassSession): CalendarEntry {
  const { slot } = session;
  return {
    key: `class-${slot.id}-${session.date}`,
    kind: "class",
    eventId: null,
    title: `Cours ${slot.group}`,
    description: slot.level,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    allDay: false,
    place: slot.place,
    category: "cours",
    membersOnly: false,
    updatedAt: null,
  };
}

function byStart(a: CalendarEntry, b: CalendarEntry): number {
  if (a.allDay !== b.allDay) return a.allDay ? -1 : 1;
  return a.startsAt.getTime() - b.startsAt.getTime() || a.key.localeCompare(b.key);
}

export interface CalendarDay {
  /** "2026-11-14" */
  date: string;
  dayOfMonth: number;
  /** 1 = lundi … 7 = dimanche */
  weekday: number;
  inMonth: boolean;
  isToday: boolean;
  entries: CalendarEntry[];
  /**
   * Why the weekly classes of that day do not take place, when it is a public
   * holiday or a school holiday the club keeps (« Armistice 1918 »); null
   * otherwise (a closure or an event replacing the classes shows as itself).
   */
  classesOff: string | null;
}

export interface MonthCalendar {
  month: string;
  label: string;
  previous: string;
  next: string;
  /** Weeks of the grid (Monday to Sunday), including the days of the adjacent months. */
  weeks: CalendarDay[][];
}

/** The month grid: stored events and the weekly classes, day by day. */
export async function getMonthCalendar(options: {
  month: Month;
  includeMembersOnly?: boolean;
  now?: Date;
}): Promise<MonthCalendar> {
  const { month } = options;
  const firstOfMonth = `${monthKey(month)}-01`;
  const gridStart = addDays(firstOfMonth, 1 - isoWeekday(firstOfMonth));
  const firstOfNext = `${monthKey(shiftMonth(month, 1))}-01`;
  const lastOfMonth = addDays(firstOfNext, -1);
  const gridEnd = addDays(lastOfMonth, 7 - isoWeekday(lastOfMonth) + 1);
  const from = parisTime(gridStart);
  const to = parisTime(gridEnd);

  const stored = await listEvents({ from, to, includeMembersOnly: options.includeMembersOnly });
  const sessions = await classSessions(gridStart, addDays(gridEnd, -1));
  const all = [...stored, ...sessions.filter((s) => !s.cancelled).map(sessionEntry)];
  const off = new Map<string, string>();
  for (const s of sessions) {
    if (s.cancelled?.reason === "jour-ferie" || s.cancelled?.reason === "vacances-scolaires")
      off.set(s.date, `Pas de cours – ${s.cancelled.label}`);
  }

  const today = parisDate(options.now ?? new Date());
  const weeks: CalendarDay[][] = [];
  for (let day = gridStart; day < gridEnd; day = addDays(day, 1)) {
    const dayStart = parisTime(day);
    const dayEnd = parisTime(addDays(day, 1));
    const entries = all
      .filter((e) => {
        if (e.allDay) {
          const { first, last } = entryDays(e);
          return first <= day && day <= last;
        }
        return e.startsAt < dayEnd && (e.endsAt > dayStart || e.startsAt.getTime() === dayStart.getTime());
      })
      .sort(byStart);
    const weekday = isoWeekday(day);
    if (weekday === 1 || weeks.length === 0) weeks.push([]);
    defined(weeks.at(-1), "semaine en cours").push({
      date: day,
      dayOfMonth: Number(day.slice(8)),
      weekday,
      inMonth: day >= firstOfMonth && day < firstOfNext,
      isToday: day === today,
      entries,
      classesOff: off.get(day) ?? null,
    });
  }
  return {
    month: monthKey(month),
    label: formatMonth(month),
    previous: monthKey(shiftMonth(month, -1)),
    next: monthKey(shiftMonth(month, 1)),
    weeks,
  };
}
