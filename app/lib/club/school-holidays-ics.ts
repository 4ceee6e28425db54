/**
 * Reads the school-holiday periods out of the Ministry of Education's
 * calendar file (.ics, « calendrier scolaire », uploaded by a manager: the
 * site never downloads it). Pure and browser-safe.
 *
 * Rules:
 * - Only VEVENTs whose summary or description speaks of « vacances » are
 *   periods (the file also lists the « rentrée » and bridge days).
 * - A file covering several zones names them (« Zone C », « Zones A et B »,
 *   in SUMMARY, DESCRIPTION or LOCATION), or names their académies
 *   (« Créteil, Montpellier, Paris… »): only the club's zone is kept; an
 *   event naming neither applies to every zone.
 * - DTEND is exclusive in iCalendar (the day classes start again): the last
 *   holiday day is the day before. No DTEND: a single day. A date-time value
 *   counts by its date.
 * - Periods are sorted by first day, duplicates dropped, and outside
 *   1990–2100 ignored.
 */
import { addDays } from "../core/time";
import type { SchoolHoliday, SchoolZone } from "./class-calendar";

function unfold(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .replace(/\n[ \t]/g, "")
    .split("\n");
}

function unescapeText(value: string): string {
  return value
    .replace(/\\n/gi, " ")
    .replace(/\\([,;\\])/g, "$1")
    .trim();
}

function dayOf(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value ?? "");
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const check = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(check.getTime()) || check.toISOString().slice(0, 10) !== day) return null;
  return day >= "1990-01-01" && day <= "2100-12-31" ? day : null;
}

/** Zones named in a text (« Zones A et B » -> A, B), empty when none. */
function zonesIn(text: string): Set<string> {
  const zones = new Set<string>();
  for (const m of text.matchAll(/zones?\s*:?\s*([ABC](?:\s*(?:,|et|\/|-)\s*[ABC](?![a-z]))*)(?![a-z])/gi)) {
    for (const z of (m[1] ?? "").toUpperCase().match(/[ABC]/g) ?? []) zones.add(z);
  }
  return zones;
}

/** The académies of each zone (since 2016), for files that name académies instead of zones. */
const ACADEMIES: Record<SchoolZone, string[]> = {
  A: ["Besançon", "Bordeaux", "Clermont-Ferrand", "Dijon", "Grenoble", "Limoges", "Lyon", "Poitiers"],
  B: [
    "Aix-Marseille",
    "Amiens",
    "Lille",
    "Nancy-Metz",
    "Nantes",
    "Nice",
    "Normandie",
    "Orléans-Tours",
    "Reims",
    "Rennes",
    "Strasbourg",
  ],
  C: ["Créteil", "Montpellier", "Paris", "Toulouse", "Versailles"],
};

/** Zones whose académies a text names. */
function zonesOfAcademies(text: string): Set<string> {
  const zones = new Set<string>();
  for (const [zone, names] of Object.entries(ACADEMIES)) {
    if (names.some((n) => new RegExp(`(^|[^\\p{L}-])${n}($|[^\\p{L}-])`, "iu").test(text))) zones.add(zone);
  }
  return zones;
}

export class IcsFormatError extends Error {}

/** The school-holiday periods of `zone` in a Ministry .ics file. */
export function schoolHolidaysFromIcs(text: string, zone: SchoolZone): SchoolHoliday[] {
  const lines = unfold(text);
  if (!lines.some((l) => l.trim().toUpperCase() === "BEGIN:VCALENDAR")) {
    throw new IcsFormatError("Ce fichier n’est pas un calendrier au format iCalendar (.ics).");
  }
  const periods: SchoolHoliday[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    const upper = line.trim().toUpperCase();
    if (upper === "BEGIN:VEVENT") {
      current = {};
      continue;
    }
    if (upper === "END:VEVENT") {
      if (current) {
        const period = periodOf(current, zone);
        if (period) periods.push(period);
      }
      current = null;
      continue;
    }
    if (!current) continue;
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = (line.slice(0, colon).split(";")[0] ?? "").toUpperCase();
    if (!(name in current)) current[name] = line.slice(colon + 1);
  }
  const seen = new Set<string>();
  return periods
    .sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end))
    .filter((p) => {
      const key = `${p.start}/${p.end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function periodOf(fields: Record<string, string>, zone: SchoolZone): SchoolHoliday | null {
  const summary = unescapeText(fields.SUMMARY ?? "");
  const description = unescapeText(fields.DESCRIPTION ?? "");
  const location = unescapeText(fields.LOCATION ?? "");
  if (!/vacances/i.test(`${summary} ${description}`)) return null;
  const text = `${summary} ${description} ${location}`;
  const named = zonesIn(text);
  const zones = named.size > 0 ? named : zonesOfAcademies(text);
  if (zones.size > 0 && !zones.has(zone)) return null;
  const start = dayOf(fields.DTSTART);
  if (!start) return null;
  const endExclusive = dayOf(fields.DTEND);
  const end = endExclusive && endExclusive > start ? addDays(endExclusive, -1) : start;
  const label = summary.replace(/\s*[-–:]\s*zones?\s+[ABC].*$/i, "").trim() || "Vacances scolaires";
  return { label: label.slice(0, 100), start, end };
}
