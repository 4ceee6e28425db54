/**
 * The occurrences of the weekly classes, computed (pure, browser-safe): the
 * one rule behind the public calendar, the iCalendar feeds and attendance.
 *
 * Rules, for each day from `from` to `to` (inclusive, Paris days):
 * - Outside the season (setting `classCalendar`, bounds inclusive) there is
 *   no session at all: nothing is listed, not even a cancelled one.
 * - Inside it, every slot of the `schedule` setting falling on that weekday
 *   gives a session, cancelled (with a reason and a French label) when:
 *   1. a closure event (category « fermeture ») overlaps its time;
 *   2. an event marked « remplace les cours » covers that Paris day (all the
 *      classes of that day are cancelled: a demonstration, a grade exam);
 *   3. the day is a French public holiday;
 *   4. the club said « pas de cours pendant les vacances scolaires » and the
 *      day is inside one of its zone's periods.
 *   The first reason in that order is the one given.
 * - Cancelled sessions are kept in the list (attendance and the feeds' EXDATE
 *   need them); the page shows only the others.
 */
import { addDays, isoWeekday, parisDate, parisTime } from "../core/time";
import type { ClassCalendar } from "./class-calendar";
import { publicHolidayOn } from "./public-holidays";

/** One slot of the weekly schedule (setting `schedule`). */
export interface ScheduleSlot {
  id: string;
  /** 1 = lundi … 7 = dimanche */
  day: number;
  start: string;
  end: string;
  group: string;
  level: string;
  place: string;
}

/** A stored event that may cancel classes. */
export interface CancellingEvent {
  title: string;
  startsAt: Date;
  endsAt: Date;
  /** « fermeture »: cancels the classes it overlaps. */
  closure: boolean;
  /** « Remplace les cours de la journée ». */
  replacesClasses: boolean;
}

export type CancelReason = "fermeture" | "evenement" | "jour-ferie" | "vacances-scolaires";

export interface ClassSession {
  /** Paris day, "2026-11-11". */
  date: string;
  slot: ScheduleSlot;
  startsAt: Date;
  endsAt: Date;
  /** null: the class takes place. */
  cancelled: { reason: CancelReason; label: string } | null;
}

export interface SessionRules {
  schedule: readonly ScheduleSlot[];
  calendar: ClassCalendar;
  events: readonly CancellingEvent[];
}

function eventDays(e: { startsAt: Date; endsAt: Date }): { first: string; last: string } {
  return {
    first: parisDate(e.startsAt),
    last: parisDate(new Date(Math.max(e.startsAt.getTime(), e.endsAt.getTime() - 1))),
  };
}

function cancellation(day: string, startsAt: Date, endsAt: Date, rules: SessionRules): ClassSession["cancelled"] {
  const closure = rules.events.find((e) => e.closure && e.startsAt < endsAt && e.endsAt > startsAt);
  if (closure) return { reason: "fermeture", label: closure.title };
  const replacing = rules.events.find((e) => {
    if (!e.replacesClasses) return false;
    const { first, last } = eventDays(e);
    return first <= day && day <= last;
  });
  if (replacing) return { reason: "evenement", label: replacing.title };
  const holiday = publicHolidayOn(day);
  if (holiday) return { reason: "jour-ferie", label: `Jour férié\u00a0: ${holiday.name}` };
  if (rules.calendar.skipSchoolHolidays) {
    const period = rules.calendar.schoolHolidays.find((p) => p.start <= day && day <= p.end);
    if (period) return { reason: "vacances-scolaires", label: period.label };
  }
  return null;
}

/** The sessions of the weekly classes from `from` to `to` (Paris days, inclusive), by start time. */
export function computeClassSessions(rules: SessionRules, from: string, to: string): ClassSession[] {
  const first = from > rules.calendar.seasonStart ? from : rules.calendar.seasonStart;
  const last = to < rules.calendar.seasonEnd ? to : rules.calendar.seasonEnd;
  const out: ClassSession[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const weekday = isoWeekday(day);
    for (const slot of rules.schedule) {
      if (slot.day !== weekday) continue;
      const startsAt = parisTime(day, slot.start);
      const endsAt = parisTime(day, slot.end);
      out.push({ date: day, slot, startsAt, endsAt, cancelled: cancellation(day, startsAt, endsAt, rules) });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.slot.id.localeCompare(b.slot.id));
}

/** One weekly class over the whole season, for the iCalendar feed (RRULE + EXDATE). */
export interface ClassSeries {
  slot: ScheduleSlot;
  /** First session of the season (Paris day). */
  firstDate: string;
  /** Last session of the season (Paris day). */
  lastDate: string;
  /** Days of the season's sessions that do not take place. */
  skipped: Array<{ date: string; label: string }>;
}

/** The weekly classes of the season as series (a slot without any session in the season is left out). */
export function classSeries(rules: SessionRules): ClassSeries[] {
  const sessions = computeClassSessions(rules, rules.calendar.seasonStart, rules.calendar.seasonEnd);
  const series: ClassSeries[] = [];
  for (const slot of rules.schedule) {
    const own = sessions.filter((s) => s.slot.id === slot.id);
    const firstSession = own[0];
    const lastSession = own.at(-1);
    if (!firstSession || !lastSession) continue;
    series.push({
      slot,
      firstDate: firstSession.date,
      lastDate: lastSession.date,
      skipped: own.flatMap((s) => (s.cancelled ? [{ date: s.date, label: s.cancelled.label }] : [])),
    });
  }
  return series;
}
