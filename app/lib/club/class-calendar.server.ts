/**
 * Managing the calendar of the weekly classes (setting `classCalendar`):
 * season bounds, school-holiday zone and periods, the « pas de cours pendant
 * les vacances scolaires » switch, and the import of the Ministry's .ics file.
 *
 * Rules:
 * - Every save checks that nobody saved the setting since the form was
 *   loaded (`basedOn`: the row's updatedAt, "" when never saved); otherwise
 *   a 409 DomainError with the settings' conflict message.
 * - Every save writes one audit_log line (who, what changed in French).
 * - The .ics file is read from the upload only (never downloaded): at most
 *   256 Ko, a text calendar; its periods of the chosen zone that end on or
 *   after the season's first day replace the stored periods, the rest of
 *   the setting is kept.
 */
import { eq } from "drizzle-orm";
import { settings, users } from "#db/schema";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { formatDate } from "../core/time";
import { log } from "../core/log.server";
import { getSetting, setSetting, clearSettingsCache } from "./settings.server";
import { SETTINGS_CONFLICT_MESSAGE } from "./settings-save.server";
import { HOLIDAY_ROWS_MAX, ICS_MAX_BYTES, type ClassCalendar, type SchoolZone } from "./class-calendar";
import { IcsFormatError, schoolHolidaysFromIcs } from "./school-holidays-ics";
import { countOf } from "../core/count";

const KEY = "classCalendar";

export interface Actor {
  id: string;
  prenom: string;
  nom: string;
}

export interface ClassCalendarState {
  value: ClassCalendar;
  /** updatedAt of the stored row (ISO), "" when never saved: the form's `basedOn`. */
  basedOn: string;
  updatedByName: string | null;
}

export async function getClassCalendarState(): Promise<ClassCalendarState> {
  const [value, [row]] = await Promise.all([
    getSetting(KEY),
    db
      .select({ updatedAt: settings.updatedAt, prenom: users.prenom, nom: users.nom, email: users.email })
      .from(settings)
      .leftJoin(users, eq(users.id, settings.updatedBy))
      .where(eq(settings.key, KEY)),
  ]);
  const name = row && (row.prenom || row.nom ? `${row.prenom} ${row.nom}`.trim() : row.email);
  return { value, basedOn: row ? row.updatedAt.toISOString() : "", updatedByName: name ?? null };
}

function describe(before: ClassCalendar, after: ClassCalendar): string {
  const changes: string[] = [];
  if (before.seasonStart !== after.seasonStart || before.seasonEnd !== after.seasonEnd) {
    changes.push(`saison des cours du ${formatDate(after.seasonStart)} au ${formatDate(after.seasonEnd)}`);
  }
  if (before.zone !== after.zone) changes.push(`zone ${after.zone}`);
  if (before.skipSchoolHolidays !== after.skipSchoolHolidays) {
    changes.push(
      after.skipSchoolHolidays
        ? "pas de cours pendant les vacances scolaires"
        : "cours maintenus pendant les vacances scolaires",
    );
  }
  if (JSON.stringify(before.schoolHolidays) !== JSON.stringify(after.schoolHolidays)) {
    changes.push(
      countOf(
        after.schoolHolidays.length,
        "période de vacances scolaires",
        "périodes de vacances scolaires",
        "aucune période de vacances scolaires",
      ),
    );
  }
  return changes.length
    ? `Calendrier des cours : ${changes.join(", ")}.`
    : "Calendrier des cours enregistré sans changement.";
}

async function save(
  next: (current: ClassCalendar) => ClassCalendar,
  basedOn: string,
  actor: Actor,
  action: string,
): Promise<ClassCalendar> {
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, KEY))
      .for("update");
    if ((row ? row.updatedAt.toISOString() : "") !== basedOn)
      throw new DomainError(SETTINGS_CONFLICT_MESSAGE, { status: 409 });
    clearSettingsCache();
    const current = await getSetting(KEY);
    const value = next(current);
    await setSetting(KEY, value, actor.id);
    await audit(actor, action, describe(current, value));
    return value;
  });
  clearSettingsCache();
  log.info("class calendar saved", { userId: actor.id, action });
  return saved;
}

/** Saves the whole setting (the managers' form). */
export async function saveClassCalendar(value: ClassCalendar, basedOn: string, actor: Actor): Promise<ClassCalendar> {
  return save(() => value, basedOn, actor, "settings.class-calendar");
}

/**
 * Imports the school-holiday periods of `zone` from the Ministry's .ics file:
 * they replace the stored periods (the zone is saved too). Returns the count.
 */
export async function importSchoolHolidays(
  file: File | null,
  zone: SchoolZone,
  basedOn: string,
  actor: Actor,
): Promise<number> {
  if (!file) throw new DomainError("Choisissez le fichier .ics du calendrier scolaire.", { field: "file" });
  if (file.size > ICS_MAX_BYTES)
    throw new DomainError("Ce fichier est trop volumineux pour un calendrier scolaire (256 Ko au plus).", {
      field: "file",
      status: 413,
    });
  let periods;
  try {
    periods = schoolHolidaysFromIcs(await file.text(), zone);
  } catch (err) {
    if (err instanceof IcsFormatError) throw new DomainError(err.message, { field: "file" });
    throw err;
  }
  // Past periods are of no use (a Ministry file may cover several years): keep those ending on or after the season's start.
  const { seasonStart } = await getSetting(KEY);
  periods = periods.filter((p) => p.end >= seasonStart).slice(0, HOLIDAY_ROWS_MAX);
  if (!periods.length) {
    throw new DomainError(
      `Aucune période de vacances de la zone ${zone} à partir du ${formatDate(seasonStart)} dans ce fichier : vérifiez qu’il s’agit du calendrier scolaire du ministère.`,
      {
        field: "file",
      },
    );
  }
  await save(
    (current) => ({ ...current, zone, schoolHolidays: periods }),
    basedOn,
    actor,
    "settings.school-holidays-import",
  );
  return periods.length;
}
