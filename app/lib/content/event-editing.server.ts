/**
 * Events, write side (member area): create, update (version check), delete,
 * list for the managers. Times are typed in Paris wall-clock time and stored
 * as instants; all-day events use the storage convention of events.server.ts
 * (allDayRange: 00:00 of the first day to 00:00 after the last day).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { events, users } from "#db/schema";
import { db } from "../core/db.server";
import { parisDate, parseParisDateTime, toParisDateTimeInput } from "../core/time";
import { allDayRange, EVENT_CATEGORIES, EVENT_CATEGORY_LABELS, type EventRow } from "./events.server";
import type { FieldErrors } from "../http/forms";
import { formValues } from "../http/forms";
import { log } from "../core/log.server";
import { DomainError } from "../core/errors";
import { EVENT_GONE } from "./content-messages";
import { titleContains } from "./manager-lists.server";
import { positiveId } from "~/lib/http/ids.server";
import { invariant, numberParts } from "../core/invariant";

export { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS };

export const EVENT_CONFLICT_MESSAGE =
  "Cet événement a été modifié par quelqu’un d’autre pendant que vous l’éditiez. Vos modifications n’ont pas été enregistrées : elles sont conservées ci-dessous. Ouvrez la dernière version dans un autre onglet, puis reportez-y vos changements.";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const [y, m, d] = numberParts(v, "-", 3);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export const eventSchema = z
  .object({
    title: z
      .string({ message: "Le titre est obligatoire." })
      .trim()
      .min(1, "Le titre est obligatoire.")
      .max(200, "Le titre ne doit pas dépasser 200 caractères."),
    description: z.string().trim().max(5000, "La description ne doit pas dépasser 5 000 caractères.").default(""),
    allDay: z.string().optional().transform((v) => v === "on" || v === "1" || v === "true"),
    startsAt: z.string().trim().default(""),
    endsAt: z.string().trim().default(""),
    startDay: z.string().trim().default(""),
    endDay: z.string().trim().default(""),
    place: z.string().trim().max(200, "Le lieu ne doit pas dépasser 200 caractères.").default(""),
    // A refinement, not z.enum: an unknown category must not hide the other fields' errors.
    category: z
      .string()
      .default("")
      .refine((v) => (EVENT_CATEGORIES as readonly string[]).includes(v), { message: "Choisissez une catégorie dans la liste." })
      .transform((v) => v as (typeof EVENT_CATEGORIES)[number]),
    membersOnly: z.string().optional().transform((v) => v === "on" || v === "1" || v === "true"),
    replacesClasses: z.string().optional().transform((v) => v === "on" || v === "1" || v === "true"),
    version: z
      .string()
      .optional()
      .transform((v) => (v && /^\d+$/.test(v) ? (v === "0" ? 0 : (positiveId(v) ?? undefined)) : undefined)),
  })
  .superRefine((v, ctx) => {
    if (v.allDay) {
      if (!v.startDay) ctx.addIssue({ code: "custom", path: ["startDay"], message: "Indiquez le premier jour." });
      else if (!validDay(v.startDay)) ctx.addIssue({ code: "custom", path: ["startDay"], message: "Date invalide (exemple : 14/03/2026)." });
      if (v.endDay && !validDay(v.endDay)) {
        ctx.addIssue({ code: "custom", path: ["endDay"], message: "Date invalide (exemple : 15/03/2026)." });
      } else if (v.endDay && validDay(v.startDay) && v.endDay < v.startDay) {
        ctx.addIssue({ code: "custom", path: ["endDay"], message: "Le dernier jour ne peut pas être avant le premier jour." });
      }
      return;
    }
    const start = v.startsAt ? parseParisDateTime(v.startsAt) : null;
    const end = v.endsAt ? parseParisDateTime(v.endsAt) : null;
    if (!v.startsAt) ctx.addIssue({ code: "custom", path: ["startsAt"], message: "Indiquez la date et l’heure de début." });
    else if (!start) ctx.addIssue({ code: "custom", path: ["startsAt"], message: "Date et heure invalides (exemple : 14/03/2026 09:30)." });
    if (!v.endsAt) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Indiquez la date et l’heure de fin." });
    else if (!end) ctx.addIssue({ code: "custom", path: ["endsAt"], message: "Date et heure invalides (exemple : 14/03/2026 17:00)." });
    else if (start && end <= start) {
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: "La fin doit être après le début." });
    }
  });

export type EventInput = z.infer<typeof eventSchema>;

export type EventSaveResult =
  | { ok: true; event: EventRow }
  | { ok: false; errors: FieldErrors; values: Record<string, string>; conflict?: boolean; notFound?: boolean };

function times(input: EventInput): { startsAt: Date; endsAt: Date } {
  if (input.allDay) return allDayRange(input.startDay, input.endDay || input.startDay);
  return { startsAt: parseParisDateTime(input.startsAt)!, endsAt: parseParisDateTime(input.endsAt)! };
}

/** Creates (`id` null) or updates an event from its form. */
export async function saveEvent(id: number | null, formData: FormData, userId: string): Promise<EventSaveResult> {
  const values = formValues(formData);
  const parsed = eventSchema.safeParse(values);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path.join(".") || "_form";
      if (!errors[key]) errors[key] = issue.message;
    }
    return { ok: false, errors, values };
  }
  const input = parsed.data;
  const data = {
    title: input.title,
    description: input.description,
    ...times(input),
    allDay: input.allDay,
    place: input.place,
    category: input.category,
    membersOnly: input.membersOnly,
    replacesClasses: input.replacesClasses,
  };
  const now = new Date();
  if (id === null) {
    const [row] = await db
      .insert(events)
      .values({ ...data, createdBy: userId, updatedBy: userId, createdAt: now, updatedAt: now })
      .returning();
    invariant(row, "événement inséré");
    log.info("event created", { eventId: row.id, userId });
    return { ok: true, event: row };
  }
  const [existing] = await db.select({ id: events.id, version: events.version }).from(events).where(eq(events.id, id));
  if (!existing) return { ok: false, errors: { _form: "Cet événement n’existe plus : il a peut-être été supprimé." }, values, notFound: true };
  if (input.version === undefined) {
    return { ok: false, errors: { _form: "Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez." }, values };
  }
  const [row] = await db
    .update(events)
    .set({ ...data, updatedBy: userId, updatedAt: now, version: sql`${events.version} + 1` })
    .where(and(eq(events.id, id), eq(events.version, input.version)))
    .returning();
  if (!row) return { ok: false, errors: { _form: EVENT_CONFLICT_MESSAGE }, values, conflict: true };
  log.info("event updated", { eventId: id, userId, version: row.version });
  return { ok: true, event: row };
}

/** Deletes an event; a missing event is a 404 `DomainError` (never a silent success). */
export async function deleteEvent(id: number, userId: string): Promise<true> {
  const [row] = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id, title: events.title });
  if (!row) throw new DomainError(EVENT_GONE, { status: 404 });
  log.info("event deleted", { eventId: id, userId, title: row.title });
  return true;
}

export async function getEventRow(id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** The event with the names of its author and last editor. */
export async function getEventForEditing(id: number): Promise<ManagerEventRow | null> {
  const author = alias(users, "author");
  const editor = alias(users, "editor");
  const [row] = await db
    .select({ event: events, ap: author.prenom, an: author.nom, ep: editor.prenom, en: editor.nom })
    .from(events)
    .leftJoin(author, eq(author.id, events.createdBy))
    .leftJoin(editor, eq(editor.id, events.updatedBy))
    .where(eq(events.id, id))
    .limit(1);
  if (!row) return null;
  return { ...row.event, author: personName(row.ap, row.an), editor: personName(row.ep, row.en) };
}

function personName(prenom: string | null, nom: string | null): string | null {
  return prenom === null && nom === null ? null : `${prenom ?? ""} ${nom ?? ""}`.trim() || null;
}

/** Form values of a stored event (Paris wall-clock strings). */
export function eventFormValues(e: EventRow): Record<string, string> {
  const lastDay = e.allDay ? parisDate(new Date(Math.max(e.startsAt.getTime(), e.endsAt.getTime() - 1))) : "";
  return {
    title: e.title,
    description: e.description,
    allDay: e.allDay ? "on" : "",
    startsAt: e.allDay ? "" : toParisDateTimeInput(e.startsAt),
    endsAt: e.allDay ? "" : toParisDateTimeInput(e.endsAt),
    startDay: e.allDay ? parisDate(e.startsAt) : "",
    endDay: e.allDay ? lastDay : "",
    place: e.place,
    category: e.category,
    membersOnly: e.membersOnly ? "on" : "",
    replacesClasses: e.replacesClasses ? "on" : "",
    version: String(e.version),
  };
}

export const MANAGER_EVENTS_PER_PAGE = 20;

export interface ManagerEventRow extends EventRow {
  author: string | null;
  editor: string | null;
}

/**
 * Managers' list. `when`: "a-venir" (not finished yet, soonest first) or
 * "passes" (finished, most recent first). Search by title.
 */
export async function listEventsForManagers(options: {
  q?: string;
  when?: string;
  category?: string;
  page?: number;
  now?: Date;
}): Promise<{ items: ManagerEventRow[]; total: number; page: number; pageCount: number }> {
  const now = options.now ?? new Date();
  const past = options.when === "passes";
  const conditions: SQL[] = [past ? lt(events.endsAt, now) : gte(events.endsAt, now)];
  const search = options.q?.trim();
  if (search) conditions.push(titleContains(events.title, search));
  if (options.category && (EVENT_CATEGORIES as readonly string[]).includes(options.category)) {
    conditions.push(eq(events.category, options.category));
  }
  const where = and(...conditions);
  const [counted] = await db.select({ total: count() }).from(events).where(where);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / MANAGER_EVENTS_PER_PAGE));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const author = alias(users, "author");
  const editor = alias(users, "editor");
  const rows = await db
    .select({ event: events, ap: author.prenom, an: author.nom, ep: editor.prenom, en: editor.nom })
    .from(events)
    .leftJoin(author, eq(author.id, events.createdBy))
    .leftJoin(editor, eq(editor.id, events.updatedBy))
    .where(where)
    .orderBy(past ? desc(events.startsAt) : asc(events.startsAt), asc(events.id))
    .limit(MANAGER_EVENTS_PER_PAGE)
    .offset((page - 1) * MANAGER_EVENTS_PER_PAGE);
  return {
    items: rows.map((r) => ({ ...r.event, author: personName(r.ap, r.an), editor: personName(r.ep, r.en) })),
    total,
    page,
    pageCount,
  };
}

/** Default values of a new event form (dates left empty on purpose: nothing is guessed). */
export function newEventDefaults(): Record<string, string> {
  return {
    title: "",
    description: "",
    allDay: "",
    startsAt: "",
    endsAt: "",
    startDay: "",
    endDay: "",
    place: "",
    category: "stage",
    membersOnly: "",
    replacesClasses: "",
  };
}
