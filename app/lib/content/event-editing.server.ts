/**
 * Events, write side (member area): create, update (version check), delete,
 * list for the managers. Times are typed in Paris wall-clock time and stored
 * as instants; all-day events use the storage convention of events.server.ts
 * (allDayRange: 00:00 of the first day to 00:00 after the last day).
 */
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { events, users } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { parisDate, parseParisDateTime, toParisDateTimeInput } from "../core/time";
import { allDayRange, EVENT_CATEGORIES, EVENT_CATEGORY_LABELS, type EventRow } from "./events.server";
import type { EventInput } from "./event-form";
import { log } from "../core/log.server";
import { DomainError } from "../core/errors";
import { EVENT_GONE } from "./content-messages";
import { titleContains } from "./manager-lists.server";
import { invariant } from "../core/invariant";

export { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS };

export const EVENT_CONFLICT_MESSAGE =
  "Cet événement a été modifié par quelqu’un d’autre pendant que vous l’éditiez. Vos modifications n’ont pas été enregistrées : elles sont conservées ci-dessous. Ouvrez la dernière version dans un autre onglet, puis reportez-y vos changements.";

function times(input: EventInput): { startsAt: Date; endsAt: Date } {
  if (input.allDay) return allDayRange(input.startDay, input.endDay || input.startDay);
  return { startsAt: parseParisDateTime(input.startsAt)!, endsAt: parseParisDateTime(input.endsAt)! };
}

/**
 * Creates (`id` null) or updates an event from its parsed form (event-form.ts).
 * Refusals are `DomainError`s: 404 (gone), 409 (edited meanwhile).
 */
export async function saveEvent(id: number | null, input: EventInput, userId: string): Promise<EventRow> {
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
    return row;
  }
  const [existing] = await db.select({ id: events.id, version: events.version }).from(events).where(eq(events.id, id));
  if (!existing) throw new DomainError("Cet événement n’existe plus : il a peut-être été supprimé.", { status: 404 });
  if (input.version === undefined) {
    throw new DomainError("Le formulaire est incomplet (version manquante). Rechargez la page puis recommencez.");
  }
  const [row] = await db
    .update(events)
    .set({ ...data, updatedBy: userId, updatedAt: now, version: sql`${events.version} + 1` })
    .where(and(eq(events.id, id), eq(events.version, input.version)))
    .returning();
  if (!row) throw new DomainError(EVENT_CONFLICT_MESSAGE, { status: 409 });
  log.info("event updated", { eventId: id, userId, version: row.version });
  return row;
}

/** Deletes an event; a missing event is a 404 `DomainError` (never a silent success). */
export async function deleteEvent(id: number, userId: string): Promise<true> {
  const [row] = await db.delete(events).where(eq(events.id, id)).returning({ id: events.id, title: events.title });
  if (!row) throw new DomainError(EVENT_GONE, { status: 404 });
  log.info("event deleted", { eventId: id, userId, title: row.title });
  return true;
}

export async function getEventRow(id: number): Promise<EventRow | null> {
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(inlineCount(1));
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
    .limit(inlineCount(1));
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
    .limit(inlineCount(MANAGER_EVENTS_PER_PAGE))
    .offset(inlineCount((page - 1) * MANAGER_EVENTS_PER_PAGE));
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
