/**
 * French public holidays (jours fériés de métropole), computed, browser-safe
 * and pure: no database, no clock, no network.
 *
 * Rules:
 * - The eleven national holidays of the Code du travail (art. L3133-1):
 *   eight fixed days and three that follow Easter (lundi de Pâques = Easter
 *   + 1 day, Ascension = Easter + 39, lundi de Pentecôte = Easter + 50).
 * - Easter Sunday by the anonymous Gregorian algorithm (Meeus/Jones/Butcher),
 *   valid for every year of the Gregorian calendar.
 * - Days are ISO strings "2027-03-29", as everywhere in core/time.ts.
 * - Alsace-Moselle's extra days (Vendredi saint, 26 décembre) are not
 *   included: the club is in Île-de-France.
 */
import { addDays } from "../core/time";

export interface PublicHoliday {
  /** "2027-05-06" */
  day: string;
  /** French name, e.g. « Ascension ». */
  name: string;
}

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/** Easter Sunday of a Gregorian year: easterSunday(2027) === "2027-03-28". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${two(month)}-${two(day)}`;
}

/** The eleven public holidays of a year, in calendar order. */
export function frenchPublicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number, name: string): PublicHoliday => ({
    day: `${year}-${two(month)}-${two(day)}`,
    name,
  });
  return [
    fixed(1, 1, "Jour de l’an"),
    { day: addDays(easter, 1), name: "Lundi de Pâques" },
    fixed(5, 1, "Fête du Travail"),
    fixed(5, 8, "Victoire 1945"),
    { day: addDays(easter, 39), name: "Ascension" },
    { day: addDays(easter, 50), name: "Lundi de Pentecôte" },
    fixed(7, 14, "Fête nationale"),
    fixed(8, 15, "Assomption"),
    fixed(11, 1, "Toussaint"),
    fixed(11, 11, "Armistice 1918"),
    fixed(12, 25, "Noël"),
  ].sort((x, y) => x.day.localeCompare(y.day));
}

/** The public holiday falling on a day, or null. */
export function publicHolidayOn(day: string): PublicHoliday | null {
  const year = Number(day.slice(0, 4));
  if (!Number.isInteger(year)) return null;
  return frenchPublicHolidays(year).find((h) => h.day === day) ?? null;
}
