/**
 * The calendar of the weekly classes (browser-safe): the season's first and
 * last day of classes, the club's school-holiday zone, its school-holiday
 * periods and the switch « pas de cours pendant les vacances scolaires ».
 *
 * Rules:
 * - Stored as the setting `classCalendar` (schema below, used by
 *   settings.server.ts); days are ISO strings "2026-09-07", both bounds
 *   inclusive, read as Paris calendar days.
 * - The managers' form (Conform + Zod) is the same schema in the browser and
 *   in the action: empty holiday rows are ignored, a row needs both days.
 * - A period typed or imported keeps its name (« Vacances de Noël »), shown
 *   to the managers and as the reason a class is cancelled.
 */
import { z } from "zod";
import { isoDate, optionalIsoDate, optionalText, checkbox, withMax } from "../http/fields";
import { addDays, parisDate, seasonOf, seasonStartYear } from "../core/time";

export const SCHOOL_ZONES = ["A", "B", "C"] as const;
export type SchoolZone = (typeof SCHOOL_ZONES)[number];

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const schoolHolidaySchema = z.object({ label: z.string(), start: day, end: day });
export type SchoolHoliday = z.infer<typeof schoolHolidaySchema>;

/** The stored setting. */
export const classCalendarSchema = z.object({
  /** First day of classes of the season (inclusive). */
  seasonStart: day,
  /** Last day of classes of the season (inclusive). */
  seasonEnd: day,
  zone: z.enum(SCHOOL_ZONES),
  /** « Pas de cours pendant les vacances scolaires ». */
  skipSchoolHolidays: z.boolean(),
  /** The zone's school-holiday periods (first and last day, inclusive). */
  schoolHolidays: z.array(schoolHolidaySchema),
});
export type ClassCalendar = z.infer<typeof classCalendarSchema>;

/**
 * The setting a new site starts with: the season running at `now`, classes
 * from the first Monday of September to 30 June, zone C (Île-de-France), no
 * school-holiday period entered (the switch off until the managers enter them).
 */
export function defaultClassCalendar(now: Date = new Date()): ClassCalendar {
  const year = seasonStartYear(seasonOf(parisDate(now), 9));
  const firstOfSeptember = `${year}-09-01`;
  const weekday = new Date(`${firstOfSeptember}T00:00:00Z`).getUTCDay() || 7;
  return {
    seasonStart: addDays(firstOfSeptember, (8 - weekday) % 7),
    seasonEnd: `${year + 1}-06-30`,
    zone: "C",
    skipSchoolHolidays: false,
    schoolHolidays: [],
  };
}

// ---------------------------------------------------------------- the managers' form

export const HOLIDAY_ROWS_MAX = 60;
/** Empty rows the managers' form offers under the stored periods. */
export const HOLIDAY_BLANK_ROWS = 3;

const holidayRow = z
  .object({
    label: optionalText(100, "Le nom de la période ne peut pas dépasser 100 caractères."),
    start: optionalIsoDate(),
    end: optionalIsoDate(),
  })
  .superRefine((row, ctx) => {
    const empty = !row.label && !row.start && !row.end;
    if (empty) return;
    if (!row.start)
      ctx.addIssue({ code: "custom", path: ["start"], message: "Indiquez le premier jour des vacances." });
    if (!row.end) ctx.addIssue({ code: "custom", path: ["end"], message: "Indiquez le dernier jour des vacances." });
    if (row.start && row.end && row.end < row.start) {
      ctx.addIssue({ code: "custom", path: ["end"], message: "Le dernier jour ne peut pas être avant le premier." });
    }
  });

export const classCalendarFormSchema = z
  .object({
    basedOn: withMax(
      40,
      z
        .string()
        .optional()
        .transform((v) => v ?? ""),
    ),
    seasonStart: isoDate("Indiquez le premier jour des cours de la saison."),
    seasonEnd: isoDate("Indiquez le dernier jour des cours de la saison."),
    zone: z.enum(SCHOOL_ZONES, { error: "Choisissez la zone A, B ou C." }),
    skipSchoolHolidays: checkbox(),
    holidays: z
      .array(holidayRow)
      .max(HOLIDAY_ROWS_MAX + HOLIDAY_BLANK_ROWS, `${HOLIDAY_ROWS_MAX} périodes au plus.`)
      .optional()
      .transform((rows) => rows ?? []),
  })
  .superRefine((v, ctx) => {
    if (v.seasonEnd <= v.seasonStart) {
      ctx.addIssue({
        code: "custom",
        path: ["seasonEnd"],
        message: "Le dernier jour des cours doit être après le premier.",
      });
    } else if (v.seasonEnd > addDays(v.seasonStart, 366)) {
      ctx.addIssue({ code: "custom", path: ["seasonEnd"], message: "Une saison dure un an au plus." });
    }
    if (v.skipSchoolHolidays && !v.holidays.some((h) => h.start && h.end)) {
      ctx.addIssue({
        code: "custom",
        path: ["skipSchoolHolidays"],
        message: "Indiquez d’abord les vacances scolaires de votre zone (ou importez le fichier du ministère).",
      });
    }
  });

export type ClassCalendarForm = z.infer<typeof classCalendarFormSchema>;

/** The form's value as the stored setting (empty rows dropped, periods by date). */
export function classCalendarFromForm(form: ClassCalendarForm): ClassCalendar {
  return {
    seasonStart: form.seasonStart,
    seasonEnd: form.seasonEnd,
    zone: form.zone,
    skipSchoolHolidays: form.skipSchoolHolidays,
    schoolHolidays: form.holidays
      .filter((h) => h.start && h.end)
      .map((h) => ({ label: h.label || "Vacances scolaires", start: h.start, end: h.end }))
      .sort((a, b) => a.start.localeCompare(b.start)),
  };
}

/** Largest .ics file accepted (the Ministry's files weigh a few dozen Ko). */
export const ICS_MAX_BYTES = 256 * 1024;

/** The import form: the zone to keep from the Ministry's file (the file itself is read on the server). */
export const schoolHolidaysImportSchema = z.object({
  basedOn: withMax(
    40,
    z
      .string()
      .optional()
      .transform((v) => v ?? ""),
  ),
  zone: z.enum(SCHOOL_ZONES, { error: "Choisissez la zone A, B ou C." }),
});

/** The two forms of the managers' page. */
export type ClassCalendarIntent = "save" | "import";
