/**
 * What attendance tells: a family's own attendance,
 * and the managers' rates per member, per group and per month.
 *
 * Rules:
 *  - Counts come from SQL aggregates (`count(*) filter (where present)`,
 *    grouped by profile, slot and month): the marks table is never read
 *    row by row into JavaScript.
 *  - A rate is: presences / sessions that took place. The sessions that took
 *    place are those of `classSessions` from the start of the season to today
 *    (cancelled ones excluded), counted per group of the schedule; a member
 *    registered in a group is expected at every session of that group.
 *  - The season is the one of today (club's start month), or the one asked.
 *  - Members read only the profiles of their own account.
 */
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { attendanceMarks, profiles, registrationLines, registrations } from "#db/schema";
import { db } from "../core/db.server";
import { parisDate, seasonBounds } from "../core/time";
import { classSessions } from "../club/class-sessions.server";
import { getSetting } from "../club/settings.server";
import { SENT_REGISTRATION, seasonOfDay } from "./attendance.server";

async function seasonRange(season: string, today: string): Promise<{ from: string; to: string }> {
  const { seasonStartMonth } = await getSetting("membership");
  const bounds = seasonBounds(season, seasonStartMonth);
  return { from: bounds.start, to: today < bounds.end ? today : bounds.end };
}

export interface FamilyAttendance {
  season: string;
  profiles: Array<{
    profileId: number;
    name: string;
    present: number;
    /** The most recent presences first: day and group. */
    sessions: Array<{ date: string; group: string; present: boolean }>;
  }>;
}

/** The attendance of every profile of an account for the season of `now`. */
export async function familyAttendance(ownerId: string, now: Date = new Date()): Promise<FamilyAttendance> {
  const today = parisDate(now);
  const season = await seasonOfDay(today);
  const { from, to } = await seasonRange(season, today);
  const family = await db
    .select({ id: profiles.id, prenom: profiles.prenom, nom: profiles.nom, isSelf: profiles.isSelf })
    .from(profiles)
    .where(eq(profiles.ownerId, ownerId))
    .orderBy(sql`${profiles.isSelf} desc`, asc(profiles.id));
  const ids = family.map((p) => p.id);
  const marks = ids.length
    ? await db
        .select({
          profileId: attendanceMarks.profileId,
          date: attendanceMarks.sessionDate,
          slotId: attendanceMarks.slotId,
          present: attendanceMarks.present,
        })
        .from(attendanceMarks)
        .where(and(inArray(attendanceMarks.profileId, ids), between(attendanceMarks.sessionDate, from, to)))
        .orderBy(sql`${attendanceMarks.sessionDate} desc`)
    : [];
  const schedule = await getSetting("schedule");
  const groupOf = (slotId: string) => schedule.find((s) => s.id === slotId)?.group ?? "Cours supprimé des horaires";
  return {
    season,
    profiles: family.map((p) => {
      const own = marks.filter((m) => m.profileId === p.id);
      return {
        profileId: p.id,
        name: `${p.prenom} ${p.nom}`.trim(),
        present: own.filter((m) => m.present).length,
        sessions: own.map((m) => ({ date: m.date, group: groupOf(m.slotId), present: m.present })),
      };
    }),
  };
}

export interface AttendanceRates {
  season: string;
  members: Array<{
    profileId: number;
    name: string;
    group: string;
    present: number;
    held: number;
    rate: number | null;
  }>;
  groups: Array<{ group: string; registered: number; held: number; present: number; rate: number | null }>;
  months: Array<{ month: string; group: string; held: number; present: number; rate: number | null }>;
}

const rate = (present: number, expected: number) => (expected > 0 ? Math.round((present / expected) * 100) : null);

/** The managers' rates for a season (today's by default). */
export async function attendanceRates(now: Date = new Date(), requested?: string): Promise<AttendanceRates> {
  const today = parisDate(now);
  const season = requested ?? (await seasonOfDay(today));
  const { from, to } = await seasonRange(season, today);
  const schedule = await getSetting("schedule");
  const groupOf = new Map(schedule.map((s) => [s.id, s.group]));

  // Sessions that took place, per group and per group and month.
  const held = new Map<string, number>();
  const heldByMonth = new Map<string, number>();
  if (from <= to) {
    for (const s of await classSessions(from, to)) {
      if (s.cancelled) continue;
      held.set(s.slot.group, (held.get(s.slot.group) ?? 0) + 1);
      const key = `${s.date.slice(0, 7)}|${s.slot.group}`;
      heldByMonth.set(key, (heldByMonth.get(key) ?? 0) + 1);
    }
  }

  // One line per profile and registration, one registration per family and season: no duplicates.
  const registered = await db
    .select({ profileId: profiles.id, prenom: profiles.prenom, nom: profiles.nom, group: registrationLines.groupName })
    .from(registrationLines)
    .innerJoin(registrations, eq(registrations.id, registrationLines.registrationId))
    .innerJoin(profiles, eq(profiles.id, registrationLines.profileId))
    .where(and(eq(registrations.season, season), inArray(registrations.status, [...SENT_REGISTRATION])))
    .orderBy(asc(registrationLines.groupName), sql`lower(${profiles.nom})`, sql`lower(${profiles.prenom})`);

  const inSeason = between(attendanceMarks.sessionDate, from, to);
  const perProfile = await db
    .select({
      profileId: attendanceMarks.profileId,
      present: sql<number>`count(*) filter (where ${attendanceMarks.present})::int`,
    })
    .from(attendanceMarks)
    .where(inSeason)
    .groupBy(attendanceMarks.profileId);
  const presentOf = new Map(perProfile.map((r) => [r.profileId, r.present]));

  const perSlotMonth = await db
    .select({
      slotId: attendanceMarks.slotId,
      month: sql<string>`to_char(${attendanceMarks.sessionDate}, 'YYYY-MM')`,
      present: sql<number>`count(*) filter (where ${attendanceMarks.present})::int`,
    })
    .from(attendanceMarks)
    .where(inSeason)
    .groupBy(attendanceMarks.slotId, sql`2`);

  const registeredIn = new Map<string, number>();
  for (const r of registered) registeredIn.set(r.group, (registeredIn.get(r.group) ?? 0) + 1);
  const presentByGroup = new Map<string, number>();
  const presentByMonth = new Map<string, number>();
  for (const r of perSlotMonth) {
    const group = groupOf.get(r.slotId);
    if (!group) continue;
    presentByGroup.set(group, (presentByGroup.get(group) ?? 0) + r.present);
    const key = `${r.month}|${group}`;
    presentByMonth.set(key, (presentByMonth.get(key) ?? 0) + r.present);
  }

  const groups = [...new Set([...schedule.map((s) => s.group), ...registeredIn.keys()])];
  return {
    season,
    members: registered.map((r) => {
      const present = presentOf.get(r.profileId) ?? 0;
      const h = held.get(r.group) ?? 0;
      return {
        profileId: r.profileId,
        name: `${r.prenom} ${r.nom}`.trim(),
        group: r.group,
        present,
        held: h,
        rate: rate(present, h),
      };
    }),
    groups: groups.map((group) => {
      const h = held.get(group) ?? 0;
      const n = registeredIn.get(group) ?? 0;
      const present = presentByGroup.get(group) ?? 0;
      return { group, registered: n, held: h, present, rate: rate(present, h * n) };
    }),
    months: [...heldByMonth.entries()]
      .map(([key, h]) => {
        const [month = "", group = ""] = key.split("|");
        const present = presentByMonth.get(key) ?? 0;
        return { month, group, held: h, present, rate: rate(present, h * (registeredIn.get(group) ?? 0)) };
      })
      .sort((a, b) => b.month.localeCompare(a.month) || a.group.localeCompare(b.group)),
  };
}
