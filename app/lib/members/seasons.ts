/**
 * Sports seasons ("2026-2027"): a season starts on the first day of the club's
 * start month (setting `membership.seasonStartMonth`, September by default)
 * and ends the day before the same date a year later. Pure functions, shared
 * by the server and the UI.
 */
import { numberParts } from "../core/invariant";

export const DEFAULT_SEASON_START_MONTH = 9;

/** The season containing `date` (local calendar date), e.g. "2026-2027". */
export function seasonOf(date: Date = new Date(), startMonth = DEFAULT_SEASON_START_MONTH): string {
  const year = date.getFullYear();
  const month = date.getMonth() + 1;
  const first = month >= startMonth ? year : year - 1;
  return startMonth === 1 ? `${first}` : `${first}-${first + 1}`;
}

/** First year of a season label ("2026-2027" -> 2026). */
export function seasonStartYear(season: string): number {
  const year = Number.parseInt(season.slice(0, 4), 10);
  if (!Number.isFinite(year)) throw new Error(`Saison invalide : ${season}`);
  return year;
}

/** First and last day (ISO dates) of a season. */
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

/** Today's date as YYYY-MM-DD in local time. */
export function isoDate(date: Date = new Date()): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, "0");
  const d = String(date.getDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

/** "2026-09-14" -> "14 septembre 2026". */
export function formatDateFr(iso: string | null | undefined): string {
  if (!iso) return "";
  const [y, m, d] = numberParts(iso.slice(0, 10), "-", 3);
  const date = new Date(Date.UTC(y, m - 1, d));
  return new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(date);
}
