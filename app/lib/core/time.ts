/**
 * The one time module (browser-safe): the club's time zone, calendar days,
 * seasons and every French date and time format shown on the site.
 *
 * Rules:
 * - The club lives in Europe/Paris. Every instant is read or built in Paris
 *   time through `Intl` with an explicit zone: nothing here depends on the
 *   process `TZ` or the local time of the server or the browser.
 * - A calendar day is an ISO string "2026-11-14" (a "day"); an instant is a
 *   `Date` or an ISO date-time string ("2026-11-14T16:30:00.000Z", as loader
 *   data may carry it). Day arithmetic works on days, never on instants.
 * - One season function (`seasonOf`), fed with a Paris day.
 * - French typography: times "17 h 30" and "10 h" (non-breaking spaces),
 *   "1er" for the first day of a month, "d’octobre" where "de" precedes a
 *   vowel.
 */

export const CLUB_TIME_ZONE = "Europe/Paris";

/** Non-breaking space (U+00A0). */
const NBSP = "\u00a0";

// ---------------------------------------------------------------- Paris calendar

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: CLUB_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: CLUB_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function parisParts(instant: Date): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  const p: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(instant)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const get = (k: string) => p[k] ?? 0;
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour") % 24,
    minute: get("minute"),
    second: get("second"),
  };
}

/** The calendar day in Paris at `at`: "2026-11-14". */
export function parisDate(at: Date = new Date()): string {
  return parisHourOf(at.getTime())?.day ?? dayFormat.format(at);
}

/** The hour (0-23) in Paris at `at`. */
export function parisHour(at: Date = new Date()): number {
  return parisHourOf(at.getTime())?.hour ?? parisParts(at).hour;
}

/** Offset of Paris from UTC at `instant` (ms), in minutes: 60 in winter, 120 in summer. */
function parisOffsetMinutes(instant: number): number {
  const known = parisHourOf(instant)?.offset;
  if (known !== undefined) return known;
  const p = parisParts(new Date(instant));
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

// Since 1980 Paris has been one or two whole hours ahead of UTC and has changed at 01:00 UTC:
// its day, hour and offset are the same for a whole UTC hour. Each UTC hour asked is read once
// through Intl (formatToParts is the slow part of a page listing dates) and kept, at most
// HOURS_KEPT of them. Earlier instants (dates of birth) are read every time.
const HOUR_MS = 3_600_000;
const WHOLE_HOURS_SINCE = Date.UTC(1980, 0, 1);
const HOURS_KEPT = 512;
const hoursKept = new Map<number, { day: string; hour: number; offset: number }>();

function parisHourOf(instant: number): { day: string; hour: number; offset: number } | undefined {
  if (!(instant >= WHOLE_HOURS_SINCE)) return undefined; // before 1980, or an invalid date
  const utcHour = Math.floor(instant / HOUR_MS);
  let known = hoursKept.get(utcHour);
  if (!known) {
    const start = utcHour * HOUR_MS;
    const p = parisParts(new Date(start));
    known = {
      day: `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`,
      hour: p.hour,
      offset: Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start) / 60_000),
    };
    if (hoursKept.size >= HOURS_KEPT) hoursKept.clear();
    hoursKept.set(utcHour, known);
  }
  return known;
}

/** The instant of a Paris wall-clock time: parisTime("2026-11-14", "09:30"). */
export function parisTime(day: string, time = "00:00"): Date {
  const [y, m, d] = splitDay(day);
  const [hh = 0, mm = 0] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - parisOffsetMinutes(wall) * 60_000;
  // Second pass settles the days where the offset changes.
  instant = wall - parisOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

/** "2026-03-14T09:30" (datetime-local, Paris wall clock) -> instant, or null when malformed or impossible. */
export function parseParisDateTime(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59) return null;
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1) return null;
  return parisTime(`${m[1]}-${m[2]}-${m[3]}`, `${m[4]}:${m[5]}`);
}

/** Instant -> "2026-03-14T09:30" in Paris time (value of a datetime-local input). */
export function toParisDateTimeInput(d: Date | null | undefined): string {
  if (!d) return "";
  const p = parisParts(d);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

function splitDay(day: string): [number, number, number] {
  const [y = NaN, m = NaN, d = NaN] = day.slice(0, 10).split("-").map(Number);
  return [y, m, d];
}

/** "2026-11-14" + n days (n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** "2026-01-31" + n months, clamped to the end of the month ("2026-02-28"). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = splitDay(day);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, last));
  return target.toISOString().slice(0, 10);
}

/** ISO weekday of a day: 1 = lundi … 7 = dimanche. */
export function isoWeekday(day: string): number {
  const [y, m, d] = splitDay(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

// ---------------------------------------------------------------- seasons

/**
 * Sports seasons ("2026-2027"): a season starts on the first day of the club's
 * start month (setting `membership.seasonStartMonth`, September by default)
 * and ends the day before the same date a year later.
 */
const DEFAULT_SEASON_START_MONTH = 9;

/** The season containing a Paris day ("2026-09-01" -> "2026-2027"); an instant is read in Paris time. */
export function seasonOf(at: string | Date, startMonth = DEFAULT_SEASON_START_MONTH): string {
  const [year, month] = splitDay(typeof at === "string" ? at : parisDate(at));
  const first = month >= startMonth ? year : year - 1;
  return startMonth === 1 ? `${first}` : `${first}-${first + 1}`;
}

/** First year of a season label ("2026-2027" -> 2026). */
export function seasonStartYear(season: string): number {
  const year = Number.parseInt(season.slice(0, 4), 10);
  if (!Number.isFinite(year)) throw new Error(`Saison invalide : ${season}`);
  return year;
}

/** First and last day of a season. */
export function seasonBounds(season: string, startMonth = DEFAULT_SEASON_START_MONTH): { start: string; end: string } {
  const year = seasonStartYear(season);
  const start = new Date(Date.UTC(year, startMonth - 1, 1));
  const end = new Date(Date.UTC(year + 1, startMonth - 1, 0));
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/** The season after `season` ("2026-2027" -> "2027-2028"). */
export function nextSeason(season: string): string {
  const year = seasonStartYear(season) + 1;
  return season.includes("-") ? `${year}-${year + 1}` : `${year}`;
}

/** The season before `season` ("2027-2028" -> "2026-2027"). */
export function previousSeason(season: string): string {
  const year = seasonStartYear(season) - 1;
  return season.includes("-") ? `${year}-${year + 1}` : `${year}`;
}

// ---------------------------------------------------------------- French formats

const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;
const WEEKDAYS = ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"] as const;

/** A day ("2026-11-14") or an instant (a Date or an ISO date-time string), as the Paris calendar day it falls on. */
function toDay(value: Date | string): string {
  if (typeof value !== "string") return parisDate(value);
  return value.length > 10 ? parisDate(new Date(value)) : value;
}

/** 1 -> "1er", 14 -> "14". */
function dayNumber(d: number): string {
  return d === 1 ? "1er" : String(d);
}

/** « 14 novembre », « 1er mai » */
function dayMonth(day: string): string {
  const [, m, d] = splitDay(day);
  return `${dayNumber(d)} ${MONTHS[m - 1] ?? ""}`;
}

/** « 14 novembre 2026 », « 1er mai 2026 » (a day, an instant read in Paris, or "" for nothing). */
export function formatDate(value: Date | string | null | undefined): string {
  if (!value) return "";
  const day = toDay(value);
  return `${dayMonth(day)} ${splitDay(day)[0]}`;
}

/** « samedi 14 novembre 2026 » */
export function formatLongDate(value: Date | string): string {
  const day = toDay(value);
  return `${weekdayName(isoWeekday(day))} ${formatDate(day)}`;
}

/** « samedi 14 novembre » */
export function formatDayMonth(value: Date | string): string {
  const day = toDay(value);
  return `${weekdayName(isoWeekday(day))} ${dayMonth(day)}`;
}

/** « novembre 2026 » from a day or a {year, month}. */
export function formatMonth(value: string | { year: number; month: number }): string {
  const [year, month] = typeof value === "string" ? splitDay(value) : [value.year, value.month];
  return `${MONTHS[month - 1] ?? ""} ${year}`;
}

/** « de novembre 2026 », « d’octobre 2026 »: "de" elided before a vowel. */
export function ofMonth(text: string): string {
  return /^[aeiouàâéèêîôû]/i.test(text) ? `d’${text}` : `de ${text}`;
}

/** French weekday name: 1 -> "lundi" … 7 -> "dimanche". */
export function weekdayName(isoDay: number): string {
  return WEEKDAYS[isoDay - 1] ?? "";
}

export const WEEKDAY_NAMES: readonly string[] = WEEKDAYS;

/** The months' French names, janvier first. */
export const MONTH_NAMES: readonly string[] = MONTHS;

/**
 * « 17 h 30 », « 10 h » (non-breaking spaces) from an instant (read in Paris
 * time) or a wall-clock time "17:30".
 */
export function formatTime(value: Date | string): string {
  let hour: number;
  let minute: number;
  if (typeof value === "string") {
    [hour = 0, minute = 0] = value.split(":").map(Number);
  } else {
    // The hour kept for this UTC hour (whole-hour offsets since 1980: the minute is UTC's).
    const known = parisHourOf(value.getTime());
    if (known) [hour, minute] = [known.hour, value.getUTCMinutes()];
    else ({ hour, minute } = parisParts(value));
  }
  return minute === 0 ? `${hour}${NBSP}h` : `${hour}${NBSP}h${NBSP}${String(minute).padStart(2, "0")}`;
}

/** « 14 novembre 2026 à 17 h 30 » (an instant or its ISO string; "" for nothing). */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const at = typeof value === "string" ? new Date(value) : value;
  return `${formatDate(at)} à ${formatTime(at)}`;
}

/** « samedi 14 novembre 2026 à 17 h 30 » */
export function formatLongDateTime(value: Date | string): string {
  const at = typeof value === "string" ? new Date(value) : value;
  return `${formatLongDate(at)} à ${formatTime(at)}`;
}

/** Capitalised first letter (« Samedi 14 novembre »). */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * « samedi 14 novembre 2026, 9 h – 17 h », « du samedi 19 décembre 2026 au
 * dimanche 20 décembre 2026 » (all-day events: `endsAt` is exclusive or the
 * last minute of the last day; both are handled).
 */
export function formatEventWhen(e: { startsAt: Date; endsAt: Date; allDay: boolean }): string {
  if (e.allDay) {
    const last = new Date(e.endsAt.getTime() - 1);
    if (parisDate(last) <= parisDate(e.startsAt)) return formatLongDate(e.startsAt);
    return `du ${formatLongDate(e.startsAt)} au ${formatLongDate(last)}`;
  }
  if (parisDate(e.startsAt) === parisDate(e.endsAt)) {
    return `${formatLongDate(e.startsAt)}, ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`;
  }
  return `du ${formatLongDate(e.startsAt)}, ${formatTime(e.startsAt)}, au ${formatLongDate(e.endsAt)}, ${formatTime(e.endsAt)}`;
}
