/**
 * The calendar page's data as the page renders it.
 *
 * Rules:
 * - only what the page shows, already formatted: times as « 14 h 30 », no Date, no
 *   description, no ids of a month entry (the loader data is serialized into the page again
 *   for hydration: every byte travels twice);
 * - a day is listed only when something is on it (an entry or a reason why the classes do
 *   not take place); the page draws the empty days of the grid from `daysInMonth` and
 *   `firstWeekday`; the days of the adjacent months are not sent;
 * - built once per cached month (public-reads.server.ts), not per request; equal entries are
 *   one object, which the serializer then writes once;
 * - the upcoming events carry what their cards show (the formatted « when » and the instant
 *   for `<time datetime>`), nothing of the month's entries; formatted once per cached list
 *   (the read cache hands out the same array until a write).
 */
import { capitalize, formatEventWhen, formatTime, isoWeekday } from "../core/time";
import type { CalendarEntry, EventCategory, MonthCalendar } from "./events.server";

/** One line of a day: an event or a weekly class. */
export interface EntryView {
  kind: "event" | "class";
  title: string;
  category: EventCategory;
  /** « 14 h 30 »; null for an all-day event. */
  start: string | null;
  /** « 17 h »; null for an all-day event. */
  end: string | null;
  place: string;
  membersOnly: boolean;
}

/** A day of the month that has something on it. */
export interface DayView {
  /** "2026-11-14" */
  date: string;
  entries: EntryView[];
  /** « Pas de cours – Jour férié : Armistice 1918 », or null. */
  classesOff: string | null;
}

export interface MonthView {
  /** "2026-11" */
  month: string;
  /** « novembre 2026 » */
  label: string;
  previous: string;
  next: string;
  /** 1 = lundi … 7 = dimanche, the first day of the month. */
  firstWeekday: number;
  daysInMonth: number;
  /** Today's date when it falls in this month, else null. */
  today: string | null;
  /** The days with something on them, in order. */
  days: DayView[];
}

/** An event of the « Prochains événements » list. */
export interface UpcomingView {
  key: string;
  title: string;
  category: EventCategory;
  membersOnly: boolean;
  /** « Samedi 14 novembre 2026, 14 h – 17 h » */
  when: string;
  /** ISO instant of the start (`<time datetime>`). */
  startsAt: string;
  place: string;
  description: string;
}

function entryView(e: CalendarEntry): EntryView {
  return {
    kind: e.kind,
    title: e.title,
    category: e.category,
    start: e.allDay ? null : formatTime(e.startsAt),
    end: e.allDay ? null : formatTime(e.endsAt),
    place: e.place,
    membersOnly: e.membersOnly,
  };
}

/**
 * Equal entries of a month (a weekly class, an all-day closure day after day) share one object:
 * React Router's serializer writes an object it already wrote as a reference.
 */
function interned(): (view: EntryView) => EntryView {
  const seen = new Map<string, EntryView>();
  return (view) => {
    const key = JSON.stringify(view);
    const known = seen.get(key);
    if (known) return known;
    seen.set(key, view);
    return view;
  };
}

/** The page's month from the month grid of events.server.ts. */
export function monthView(calendar: MonthCalendar): MonthView {
  const inMonth = calendar.weeks.flat().filter((d) => d.inMonth);
  const first = `${calendar.month}-01`;
  const intern = interned();
  return {
    month: calendar.month,
    label: calendar.label,
    previous: calendar.previous,
    next: calendar.next,
    firstWeekday: isoWeekday(first),
    daysInMonth: inMonth.length,
    today: inMonth.find((d) => d.isToday)?.date ?? null,
    days: inMonth
      .filter((d) => d.entries.length > 0 || d.classesOff !== null)
      .map((d) => ({ date: d.date, entries: d.entries.map((e) => intern(entryView(e))), classesOff: d.classesOff })),
  };
}

const upcomingViews = new WeakMap<CalendarEntry[], UpcomingView[]>();

/** The upcoming events as their cards show them (same list in, same views out). */
export function upcomingView(entries: CalendarEntry[]): UpcomingView[] {
  const known = upcomingViews.get(entries);
  if (known) return known;
  const views: UpcomingView[] = entries.map((e) => ({
    key: e.key,
    title: e.title,
    category: e.category,
    membersOnly: e.membersOnly,
    when: capitalize(formatEventWhen(e)),
    startsAt: e.startsAt.toISOString(),
    place: e.place,
    description: e.description,
  }));
  upcomingViews.set(entries, views);
  return views;
}
