/**
 * Dates for the pages, always in the club's time zone (Europe/Paris) so that
 * the server and the browser print the same thing. Client-safe module.
 */
export const CLUB_TIME_ZONE = "Europe/Paris";

const dateFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: CLUB_TIME_ZONE, day: "numeric", month: "long", year: "numeric" });
const weekdayDateFormat = new Intl.DateTimeFormat("fr-FR", {
  timeZone: CLUB_TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});
const timeFormat = new Intl.DateTimeFormat("fr-FR", { timeZone: CLUB_TIME_ZONE, hour: "2-digit", minute: "2-digit" });
const keyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: CLUB_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** French typography: « 1er mai », not « 1 mai ». */
export function firstOfMonth(text: string): string {
  return text.replace(
    /(^|\s)1 (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre)/g,
    "$11er $2",
  );
}

/** « 14 novembre 2026 », « 1er mai 2026 » */
export function formatDate(d: Date): string {
  return firstOfMonth(dateFormat.format(d));
}

/** « samedi 14 novembre 2026 » */
export function formatLongDate(d: Date): string {
  return firstOfMonth(weekdayDateFormat.format(d));
}

/** « 17 h 30 » */
export function formatTime(d: Date): string {
  return timeFormat.format(d).replace(":", " h ").replace(/^0(\d)/, "$1");
}

/** ISO date of the club's calendar day: "2026-11-14". */
export function dateKey(d: Date): string {
  return keyFormat.format(d);
}

/** Capitalised first letter (« Samedi 14 novembre »). */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * « samedi 14 novembre 2026, 9 h 00 – 17 h 00 », « du samedi 19 au dimanche
 * 20 décembre 2026 » (all-day events: `endsAt` is exclusive or the last
 * minute of the last day; both are handled).
 */
export function formatEventWhen(e: { startsAt: Date; endsAt: Date; allDay: boolean }): string {
  if (e.allDay) {
    const last = new Date(e.endsAt.getTime() - 1);
    if (dateKey(last) <= dateKey(e.startsAt)) return formatLongDate(e.startsAt);
    return `du ${formatLongDate(e.startsAt)} au ${formatLongDate(last)}`;
  }
  if (dateKey(e.startsAt) === dateKey(e.endsAt)) {
    return `${formatLongDate(e.startsAt)}, ${formatTime(e.startsAt)} – ${formatTime(e.endsAt)}`;
  }
  return `du ${formatLongDate(e.startsAt)}, ${formatTime(e.startsAt)}, au ${formatLongDate(e.endsAt)}, ${formatTime(e.endsAt)}`;
}
