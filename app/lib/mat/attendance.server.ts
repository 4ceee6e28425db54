/**
 * Attendance on the mat (issue 15, decision 0026): the instructor's sessions,
 * a session's roster and its marks, and the marks phones send.
 *
 * Rules:
 *  - Sessions come from `classSessions(from, to)` only (season, holidays,
 *    closures); a cancelled session is listed as cancelled and takes no mark.
 *  - An instructor sees and marks the slots an admin tied them to (`teaches`
 *    of the ownership checks, accounts/ownership.server.ts); an account that
 *    may see every class (`classes:all`: the admins) every slot. Anyone else: 403.
 *  - The roster of a session: the profiles whose registration for the season
 *    of that day (status « en attente » or « payée », never a draft or a
 *    cancelled one) has a line in the slot's group (`group_name` = the slot's
 *    `group`); and, while a club has not moved to online registrations, the
 *    profiles with a season status for that season and no sent registration
 *    line at all (« sans groupe »). A profile registered in another group is
 *    not on the roster and its mark is refused.
 *  - A mark is applied once per `clientMarkId` (unique in the table); for one
 *    profile and session the most recent tap (`markedAt`) wins, in one SQL
 *    statement (upsert with a condition), so two phones and any order of
 *    arrival give the same row. `markedAt` is kept between the start of the
 *    session's day and the server's clock.
 *  - No mark for a session that has not happened yet (a later day).
 *  - French refusals, each one for its own mark: a batch is never refused
 *    as a whole for one bad mark.
 */
import { and, asc, eq, inArray, notExists, sql } from "drizzle-orm";
import { attendanceMarks, profiles, registrationLines, registrations, seasonStatuses } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { DomainError } from "../core/errors";
import { addDays, parisDate, parisTime, seasonOf } from "../core/time";
import { classSessions, type ClassSession } from "../club/class-sessions.server";
import { getSetting } from "../club/settings.server";
import { slotsOf, teaches } from "../accounts/ownership.server";
import { ATTENDANCE_MESSAGES as M, type SessionRef, type SyncOutcome } from "./attendance";
import { syncMarkSchema } from "./attendance-schema";

interface Viewer {
  id: string;
  roles: readonly string[];
}

/** Registrations that count for the roster: sent (waiting for payment) or paid. */
export const SENT_REGISTRATION = ["en-attente", "payee"] as const;

/** The season of a Paris day, with the club's start month. */
export async function seasonOfDay(day: string): Promise<string> {
  const { seasonStartMonth } = await getSetting("membership");
  return seasonOf(day, seasonStartMonth);
}

/** The instructor's sessions from `from` for `days` days (cancelled ones included). */
export async function sessionsFor(user: Viewer, from: string, days: number): Promise<ClassSession[]> {
  const mine = await slotsOf(user);
  const all = await classSessions(from, addDays(from, days - 1));
  return all.filter((s) => mine.has(s.slot.id));
}

/** The session of this day and slot, or null when the schedule gives none (outside the season too). */
export async function findSession(ref: SessionRef): Promise<ClassSession | null> {
  const sessions = await classSessions(ref.date, ref.date);
  return sessions.find((s) => s.slot.id === ref.slotId) ?? null;
}

/** The session, opened by someone who teaches it (404 when there is none, 403 when not theirs). */
export async function openSession(user: Viewer, ref: SessionRef): Promise<ClassSession> {
  const session = await findSession(ref);
  if (!session) throw new DomainError(M.noSession, { status: 404 });
  if (!(await teaches(user, ref.slotId))) throw new DomainError(M.notYours, { status: 403 });
  return session;
}

export interface RosterEntry {
  profileId: number;
  prenom: string;
  nom: string;
  dateOfBirth: string | null;
  /** « f », « m » or null (issue 56): the roll call's « Présente » / « Présent ». */
  sex: string | null;
  ownerId: string;
  /** false: a member of the season without a sent registration (no group known). */
  inGroup: boolean;
}

/** Profiles of the season with no line in a sent registration of that season (also portraits.server.ts). */
export function withoutRegistration(season: string) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(registrationLines)
      .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
      .where(
        and(
          eq(registrationLines.profileId, seasonStatuses.profileId),
          eq(registrations.season, season),
          inArray(registrations.status, [...SENT_REGISTRATION]),
        ),
      ),
  );
}

/** The roster of a session (see the rules above), by name. */
export async function roster(session: ClassSession): Promise<RosterEntry[]> {
  const season = await seasonOfDay(session.date);
  const registered = await db
    .selectDistinct({
      profileId: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      dateOfBirth: profiles.dateOfBirth,
      sex: profiles.sex,
      ownerId: profiles.ownerId,
    })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .where(
      and(
        eq(registrations.season, season),
        inArray(registrations.status, [...SENT_REGISTRATION]),
        eq(registrationLines.groupName, session.slot.group),
      ),
    );
  const withoutGroup = await db
    .select({
      profileId: profiles.id,
      prenom: profiles.prenom,
      nom: profiles.nom,
      dateOfBirth: profiles.dateOfBirth,
      sex: profiles.sex,
      ownerId: profiles.ownerId,
    })
    .from(seasonStatuses)
    .innerJoin(profiles, eq(profiles.id, seasonStatuses.profileId))
    .where(and(eq(seasonStatuses.season, season), withoutRegistration(season)));
  const byName = (a: RosterEntry, b: RosterEntry) =>
    a.nom.localeCompare(b.nom, "fr", { sensitivity: "base" }) ||
    a.prenom.localeCompare(b.prenom, "fr", { sensitivity: "base" });
  return [
    ...registered.map((r) => ({ ...r, inGroup: true })).sort(byName),
    ...withoutGroup.map((r) => ({ ...r, inGroup: false })).sort(byName),
  ];
}

/**
 * Is this profile on the roster of one of these groups in this season? Registered in one
 * of them, or a member of the season without any sent registration (on every roster,
 * « sans groupe »). The one rule for marks (attendance) and for portraits (who may see one).
 */
export async function onRosterOf(profileId: number, season: string, groups: readonly string[]): Promise<boolean> {
  if (!groups.length) return false;
  const [registered] = await db
    .select({ id: registrationLines.id })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .where(
      and(
        eq(registrationLines.profileId, profileId),
        eq(registrations.season, season),
        inArray(registrations.status, [...SENT_REGISTRATION]),
        inArray(registrationLines.groupName, [...groups]),
      ),
    )
    .limit(inlineCount(1));
  if (registered) return true;
  const [unplaced] = await db
    .select({ id: seasonStatuses.id })
    .from(seasonStatuses)
    .where(and(eq(seasonStatuses.profileId, profileId), eq(seasonStatuses.season, season), withoutRegistration(season)))
    .limit(inlineCount(1));
  return !!unplaced;
}

/** Is this profile on the session's roster? (for marks) */
async function onRoster(session: ClassSession, profileId: number): Promise<boolean> {
  return onRosterOf(profileId, await seasonOfDay(session.date), [session.slot.group]);
}

/** The marks of a session: profile id -> present. */
export async function sessionMarks(ref: SessionRef): Promise<Map<number, boolean>> {
  const rows = await db
    .select({ profileId: attendanceMarks.profileId, present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(and(eq(attendanceMarks.sessionDate, ref.date), eq(attendanceMarks.slotId, ref.slotId)))
    .orderBy(asc(attendanceMarks.profileId));
  return new Map(rows.map((r) => [r.profileId, r.present]));
}

export interface MarkInput {
  clientMarkId: string;
  date: string;
  slotId: string;
  profileId: number;
  present: boolean;
  /** The tap's time on the phone (ISO); the server's clock when absent or unreadable. */
  markedAt?: string;
}

function boundedTime(markedAt: string | undefined, day: string, now: Date): Date {
  const parsed = markedAt ? new Date(markedAt) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return now;
  const earliest = parisTime(day);
  if (parsed < earliest) return earliest;
  return parsed > now ? now : parsed;
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/**
 * Applies one mark (see the rules above). Throws `DomainError` for a mark that
 * can never apply; answers whether it is now the recorded decision.
 */
export async function applyMark(user: Viewer, mark: MarkInput, now: Date = new Date()): Promise<SyncOutcome> {
  const [already] = await db
    .select({ profileId: attendanceMarks.profileId, present: attendanceMarks.present })
    .from(attendanceMarks)
    .where(eq(attendanceMarks.clientMarkId, mark.clientMarkId));
  if (already)
    return {
      clientMarkId: mark.clientMarkId,
      status: "enregistree",
      profileId: already.profileId,
      present: already.present,
    };

  const session = await openSession(user, mark);
  if (session.cancelled) throw new DomainError(M.cancelled(session.cancelled.label), { status: 409 });
  if (mark.date > parisDate(now)) throw new DomainError(M.future, { status: 409 });
  if (!(await onRoster(session, mark.profileId))) throw new DomainError(M.notInGroup, { status: 409 });

  const markedAt = boundedTime(mark.markedAt, mark.date, now);
  try {
    const written = await db
      .insert(attendanceMarks)
      .values({
        sessionDate: mark.date,
        slotId: mark.slotId,
        profileId: mark.profileId,
        present: mark.present,
        clientMarkId: mark.clientMarkId,
        markedAt,
        markedBy: user.id,
      })
      .onConflictDoUpdate({
        target: [attendanceMarks.sessionDate, attendanceMarks.slotId, attendanceMarks.profileId],
        set: { present: mark.present, clientMarkId: mark.clientMarkId, markedAt, markedBy: user.id },
        // The most recent tap wins: an older one arriving later changes nothing.
        setWhere: sql`${attendanceMarks.markedAt} <= excluded.marked_at`,
      })
      .returning({ id: attendanceMarks.id });
    if (written.length)
      return {
        clientMarkId: mark.clientMarkId,
        status: "enregistree",
        profileId: mark.profileId,
        present: mark.present,
      };
  } catch (err) {
    // The same id sent twice at the same moment: the other request applied it.
    if (!isUniqueViolation(err)) throw err;
  }
  const [current] = await db
    .select({ present: attendanceMarks.present, clientMarkId: attendanceMarks.clientMarkId })
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.sessionDate, mark.date),
        eq(attendanceMarks.slotId, mark.slotId),
        eq(attendanceMarks.profileId, mark.profileId),
      ),
    );
  const status = current?.clientMarkId === mark.clientMarkId ? "enregistree" : "depassee";
  return {
    clientMarkId: mark.clientMarkId,
    status,
    profileId: mark.profileId,
    present: current?.present ?? mark.present,
  };
}

/** A phone's batch: each mark applied or refused on its own, in the order sent. */
export async function applyBatch(
  user: Viewer,
  marks: readonly unknown[],
  now: Date = new Date(),
): Promise<SyncOutcome[]> {
  const out: SyncOutcome[] = [];
  for (const raw of marks) {
    const parsed = syncMarkSchema.safeParse(raw);
    const sentId = (raw as { clientMarkId?: unknown } | null)?.clientMarkId;
    const clientMarkId = typeof sentId === "string" ? sentId.slice(0, 64) : "";
    if (!parsed.success) {
      out.push({ clientMarkId, status: "refusee", message: parsed.error.issues[0]?.message ?? M.unreadable });
      continue;
    }
    try {
      out.push(await applyMark(user, parsed.data, now));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      out.push({ clientMarkId, status: "refusee", message: err.message });
    }
  }
  return out;
}

/** Number of members marked present per session ("2026-11-25|enfants-mer" -> 12), in one grouped query. */
export async function presentCounts(refs: readonly SessionRef[]): Promise<Map<string, number>> {
  const days = [...new Set(refs.map((r) => r.date))];
  if (!days.length) return new Map();
  const rows = await db
    .select({ date: attendanceMarks.sessionDate, slotId: attendanceMarks.slotId, n: sql<number>`count(*)::int` })
    .from(attendanceMarks)
    .where(and(inArray(attendanceMarks.sessionDate, days), eq(attendanceMarks.present, true)))
    .groupBy(attendanceMarks.sessionDate, attendanceMarks.slotId);
  return new Map(rows.map((r) => [`${r.date}|${r.slotId}`, r.n]));
}
