/**
 * iCalendar (RFC 5545) generator for the calendar feeds.
 *
 * Timed events are written in UTC (…Z), which every client converts to its
 * own time zone; all-day events use VALUE=DATE with an exclusive DTEND.
 * Weekly series (the classes) are written in Paris wall-clock time
 * (DTSTART;TZID=Europe/Paris) with RRULE:FREQ=WEEKLY;UNTIL=…Z and one EXDATE
 * per skipped day, so they keep their hour across the DST changes; the
 * calendar then carries the VTIMEZONE of Europe/Paris (EU rules since 1996).
 * Text values are escaped (backslash, semicolon, comma, new lines), lines are
 * folded at 75 octets without splitting a UTF-8 character, and every line
 * ends with CRLF.
 */
import { CLUB_TIME_ZONE, parisDate, toParisDateTimeInput } from "../core/time";

export interface ICalEvent {
  /** Globally unique and stable: "event-12@club.example". */
  uid: string;
  title: string;
  description?: string;
  place?: string;
  startsAt: Date;
  endsAt: Date;
  allDay?: boolean;
  /** Category labels, e.g. ["Stage"]. */
  categories?: string[];
  url?: string;
  /** Last change (LAST-MODIFIED); DTSTAMP is the feed's generation time. */
  updatedAt?: Date | null;
  /**
   * A weekly series starting at `startsAt` (its first occurrence), repeated
   * until `until` (an instant), minus the occurrences starting at `exdates`.
   */
  weekly?: { until: Date; exdates: Date[] };
}

export interface ICalendar {
  name: string;
  description?: string;
  /** PRODID, e.g. "-//Vovinam Viet Vo Dao Boulogne//Calendrier//FR". */
  prodId: string;
  events: ICalEvent[];
  /** DTSTAMP of every event (defaults to now). */
  now?: Date;
  /** Suggested refresh interval for subscribed calendars, in minutes. */
  refreshMinutes?: number;
}

/** Escapes a TEXT value (RFC 5545, 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\n/g, "\\n");
}

const encoder = new TextEncoder();

/** Folds one content line at 75 octets (continuation lines start with a space). */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let currentBytes = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (currentBytes + size > limit) {
      parts.push(current);
      current = "";
      currentBytes = 0;
      limit = 74; // the leading space of a continuation line counts
    }
    current += char;
    currentBytes += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** 20261114T083000Z */
export function formatUtc(d: Date): string {
  return (
    `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}` +
    `T${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}Z`
  );
}

/** 20261114 (the club's calendar day, Europe/Paris). */
export function formatDateValue(d: Date): string {
  return parisDate(d).replace(/-/g, "");
}

function nextDay(yyyymmdd: string): string {
  const d = new Date(
    Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8)) + 1),
  );
  return `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`;
}

/** 20261114T093000 (Paris wall-clock time, for TZID=Europe/Paris). */
export function formatParisLocal(d: Date): string {
  return `${toParisDateTimeInput(d).replace(/[-:]/g, "")}00`;
}

/** The VTIMEZONE of Europe/Paris (CET/CEST, last Sundays of March and October). */
const PARIS_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${CLUB_TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(e: ICalEvent, stamp: string): string[] {
  const lines = ["BEGIN:VEVENT", `UID:${escapeText(e.uid)}`, `DTSTAMP:${stamp}`];
  if (e.weekly) {
    const zone = `TZID=${CLUB_TIME_ZONE}`;
    lines.push(
      `DTSTART;${zone}:${formatParisLocal(e.startsAt)}`,
      `DTEND;${zone}:${formatParisLocal(e.endsAt > e.startsAt ? e.endsAt : e.startsAt)}`,
      `RRULE:FREQ=WEEKLY;UNTIL=${formatUtc(e.weekly.until)}`,
    );
    for (const exdate of e.weekly.exdates) lines.push(`EXDATE;${zone}:${formatParisLocal(exdate)}`);
  } else if (e.allDay) {
    const start = formatDateValue(e.startsAt);
    // Exclusive end: the day after the last day (accepts a stored end at
    // 00:00 of the next day or at the last minute of the last day).
    const lastDay = formatDateValue(new Date(Math.max(e.startsAt.getTime(), e.endsAt.getTime() - 1)));
    lines.push(`DTSTART;VALUE=DATE:${start}`, `DTEND;VALUE=DATE:${nextDay(lastDay < start ? start : lastDay)}`);
  } else {
    lines.push(`DTSTART:${formatUtc(e.startsAt)}`, `DTEND:${formatUtc(e.endsAt > e.startsAt ? e.endsAt : e.startsAt)}`);
  }
  lines.push(`SUMMARY:${escapeText(e.title)}`);
  if (e.description) lines.push(`DESCRIPTION:${escapeText(e.description)}`);
  if (e.place) lines.push(`LOCATION:${escapeText(e.place)}`);
  if (e.categories?.length) lines.push(`CATEGORIES:${e.categories.map(escapeText).join(",")}`);
  if (e.url) lines.push(`URL:${e.url}`);
  if (e.updatedAt) lines.push(`LAST-MODIFIED:${formatUtc(e.updatedAt)}`);
  if (e.allDay) lines.push("TRANSP:TRANSPARENT");
  lines.push("END:VEVENT");
  return lines;
}

/** The whole calendar as a string (CRLF line ends, folded lines). */
export function buildICalendar(cal: ICalendar): string {
  const stamp = formatUtc(cal.now ?? new Date());
  const refresh = cal.refreshMinutes ?? 60;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${cal.prodId}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(cal.name)}`,
    `X-WR-TIMEZONE:${CLUB_TIME_ZONE}`,
    ...(cal.description ? [`X-WR-CALDESC:${escapeText(cal.description)}`] : []),
    `REFRESH-INTERVAL;VALUE=DURATION:PT${refresh}M`,
    `X-PUBLISHED-TTL:PT${refresh}M`,
    ...(cal.events.some((e) => e.weekly) ? PARIS_VTIMEZONE : []),
    ...cal.events.flatMap((e) => eventLines(e, stamp)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
