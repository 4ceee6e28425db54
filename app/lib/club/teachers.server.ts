/**
 * The club's teachers: a setting ("teachers") edited by the
 * admins, one entry per teacher (name, grade, diploma, short text, the weekly
 * classes they teach, an optional photo from the photos table).
 *
 * Rules:
 *  - Nothing is invented: with no teacher entered, the public page answers
 *    404 and its menu link is hidden.
 *  - Classes are the schedule's ids; a class removed from the schedule is
 *    simply not shown. A photo is shown only while it is not withdrawn (its
 *    consent lives on the photo: photos.server.ts).
 *  - Every save carries the version it was based on (the setting's updatedAt):
 *    an edit made meanwhile by someone else is refused (409), never overwritten.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { capitalize, formatTime, weekdayName } from "../core/time";
import { getPublicPhoto, type PublicPhoto } from "../content/photos.server";
import { audit } from "../core/audit.server";
import { type Actor } from "../members/users-rules.server";
import { clearSettingsCache, getSetting, setSetting } from "./settings.server";
import { type Settings } from "./settings-schemas";

export type Teacher = Settings["teachers"][number];

export const TEACHERS_CONFLICT =
  "La liste des enseignants a été modifiée par quelqu’un d’autre entre-temps. Vos changements n’ont pas été enregistrés\u00a0: rechargez la page puis recommencez.";

/** The version of the setting (its updatedAt, "" before the first save). */
export async function teachersVersion(): Promise<string> {
  const [row] = await db.select({ updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, "teachers"));
  return row ? row.updatedAt.toISOString() : "";
}

async function saveChecked(
  basedOn: string,
  actor: Actor,
  change: (list: Teacher[]) => Teacher[],
  summary: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ updatedAt: settings.updatedAt })
      .from(settings)
      .where(eq(settings.key, "teachers"))
      .for("update");
    if ((row ? row.updatedAt.toISOString() : "") !== basedOn) throw new DomainError(TEACHERS_CONFLICT, { status: 409 });
    clearSettingsCache();
    const next = change(await getSetting("teachers"));
    await setSetting("teachers", next, actor.id);
    await audit(actor, "enseignants", summary);
  });
  clearSettingsCache();
}

export interface TeacherInput {
  teacherId: string;
  basedOn: string;
  name: string;
  grade: string;
  diploma?: string;
  text?: string;
  classIds: string[];
  photoId: number | null;
}

/** Adds (teacherId "") or updates a teacher. */
export async function saveTeacher(input: TeacherInput, actor: Actor): Promise<void> {
  const schedule = await getSetting("schedule");
  const known = new Set(schedule.map((c) => c.id));
  const classIds = input.classIds.filter((c) => known.has(c));
  if (input.photoId !== null && !(await getPublicPhoto(input.photoId))) {
    throw new DomainError("Cette photo n’est plus disponible (retirée)\u00a0: choisissez-en une autre.", {
      field: "photoId",
    });
  }
  const entry = {
    name: input.name,
    grade: input.grade,
    diploma: input.diploma ?? "",
    text: input.text ?? "",
    classIds,
    photoId: input.photoId,
  };
  await saveChecked(
    input.basedOn,
    actor,
    (list) => {
      if (!input.teacherId) return [...list, { id: randomUUID().slice(0, 8), ...entry }];
      if (!list.some((t) => t.id === input.teacherId))
        throw new DomainError("Cet enseignant n’existe plus dans la liste.", { status: 404 });
      return list.map((t) => (t.id === input.teacherId ? { ...t, ...entry } : t));
    },
    `Enseignant «\u00a0${input.name}\u00a0» ${input.teacherId ? "modifié" : "ajouté"}.`,
  );
}

export async function deleteTeacher(teacherId: string, basedOn: string, actor: Actor): Promise<void> {
  await saveChecked(
    basedOn,
    actor,
    (list) => {
      const found = list.find((t) => t.id === teacherId);
      if (!found) throw new DomainError("Cet enseignant n’existe plus dans la liste.", { status: 404 });
      return list.filter((t) => t.id !== teacherId);
    },
    "Enseignant retiré de la liste.",
  );
}

export interface PublicTeacher {
  id: string;
  name: string;
  grade: string;
  diploma: string;
  text: string;
  /** « Mercredi, 17 h 30 – 18 h 30 : Enfants (6-11 ans) » */
  classes: Array<{ id: string; label: string }>;
  photo: PublicPhoto | null;
}

/** The teachers as the public page shows them (empty: the page is hidden). */
export async function publicTeachers(): Promise<PublicTeacher[]> {
  const [teachers, schedule] = await Promise.all([getSetting("teachers"), getSetting("schedule")]);
  const byId = new Map(schedule.map((c) => [c.id, c]));
  return Promise.all(
    teachers.map(async (t) => ({
      id: t.id,
      name: t.name,
      grade: t.grade,
      diploma: t.diploma,
      text: t.text,
      classes: t.classIds.flatMap((cid) => {
        const c = byId.get(cid);
        if (!c) return [];
        return [
          {
            id: cid,
            label: `${capitalize(weekdayName(c.day))}, ${formatTime(c.start)} – ${formatTime(c.end)}\u00a0: ${c.group}`,
          },
        ];
      }),
      photo: t.photoId ? await getPublicPhoto(t.photoId) : null,
    })),
  );
}

/** Are there teachers to show (the menu link and the page)? */
export async function hasTeachers(): Promise<boolean> {
  return (await getSetting("teachers")).length > 0;
}
