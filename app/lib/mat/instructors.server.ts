/**
 * Who teaches which weekly class: the `instructor_slots`
 * table, edited by the admins on /espace-membre/contenu/enseignants-des-cours.
 *
 * Rules:
 *  - an account with the role `enseignant` sees, takes attendance of and reads
 *    the emergency sheet of the slots it is tied to; an account that may see
 *    every class (capability `classes:all`: the admins) sees every slot (no row needed);
 *  - only accounts holding the role `enseignant` can be tied to a slot; taking
 *    the role away keeps the rows, which give nothing without the role;
 *  - every change is written to the audit log.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { instructorSlots, users } from "#db/schema";
import { can } from "../accounts/capabilities";
import { holdsRole } from "../accounts/authorize.server";
import { INSTRUCTOR_ROLE, isInstructor } from "../accounts/roles";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { getSetting } from "../club/settings.server";
import { formatTime, weekdayName } from "../core/time";
import type { ScheduleSlot } from "../club/class-sessions";

interface Viewer {
  id: string;
  roles: readonly string[];
}

/** Ids of the slots this account may take attendance of (every slot for an admin). */
export async function slotsOf(user: Viewer): Promise<Set<string>> {
  const schedule = await getSetting("schedule");
  if (can(user, "classes:all")) return new Set(schedule.map((s) => s.id));
  if (!isInstructor(user.roles)) return new Set();
  const rows = await db
    .select({ slotId: instructorSlots.slotId })
    .from(instructorSlots)
    .where(eq(instructorSlots.userId, user.id));
  return new Set(rows.map((r) => r.slotId));
}

/** Does this account teach the slot (or may it see every class)? */
export async function teaches(user: Viewer, slotId: string): Promise<boolean> {
  if (can(user, "classes:all")) return true;
  if (!isInstructor(user.roles)) return false;
  const [row] = await db
    .select({ slotId: instructorSlots.slotId })
    .from(instructorSlots)
    .where(and(eq(instructorSlots.userId, user.id), eq(instructorSlots.slotId, slotId)));
  return !!row;
}

export interface InstructorsPage {
  slots: ScheduleSlot[];
  instructors: Array<{ id: string; name: string; email: string; slotIds: string[] }>;
}

/** The admins' page: every slot of the schedule and every account with the role `enseignant`. */
export async function instructorsPage(): Promise<InstructorsPage> {
  const [schedule, accounts, rows] = await Promise.all([
    getSetting("schedule"),
    db
      .select({ id: users.id, prenom: users.prenom, nom: users.nom, email: users.email })
      .from(users)
      .where(holdsRole(INSTRUCTOR_ROLE))
      .orderBy(asc(sql`lower(${users.nom})`), asc(sql`lower(${users.prenom})`)),
    db.select().from(instructorSlots),
  ]);
  return {
    slots: [...schedule].sort((a, b) => a.day - b.day || a.start.localeCompare(b.start)),
    instructors: accounts.map((a) => ({
      id: a.id,
      name: `${a.prenom} ${a.nom}`.trim() || a.email,
      email: a.email,
      slotIds: rows.filter((r) => r.userId === a.id).map((r) => r.slotId),
    })),
  };
}

/** Replaces the slots an instructor teaches (admins only: the page's section). */
export async function setInstructorSlots(
  actor: { id: string; prenom: string; nom: string },
  userId: string,
  slotIds: readonly string[],
): Promise<void> {
  const schedule = await getSetting("schedule");
  const known = new Set(schedule.map((s) => s.id));
  const unknown = slotIds.filter((s) => !known.has(s));
  if (unknown.length)
    throw new DomainError("Ce cours n’existe plus dans les horaires\u00a0: rechargez la page.", {
      field: "slotIds",
      status: 409,
    });
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, roles: users.roles, prenom: users.prenom, nom: users.nom })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) throw new DomainError("Ce compte n’existe plus.", { status: 404 });
    if (!isInstructor(target.roles)) {
      throw new DomainError(
        "Ce compte n’a pas le rôle «\u00a0Enseignant\u00a0»\u00a0: donnez-le-lui d’abord sur sa fiche.",
        { status: 409 },
      );
    }
    const before = (
      await tx
        .select({ slotId: instructorSlots.slotId })
        .from(instructorSlots)
        .where(eq(instructorSlots.userId, userId))
    ).map((r) => r.slotId);
    const wanted = [...new Set(slotIds)];
    const removed = before.filter((s) => !wanted.includes(s));
    const added = wanted.filter((s) => !before.includes(s));
    if (!removed.length && !added.length) return;
    if (removed.length)
      await tx
        .delete(instructorSlots)
        .where(and(eq(instructorSlots.userId, userId), inArray(instructorSlots.slotId, removed)));
    if (added.length) await tx.insert(instructorSlots).values(added.map((slotId) => ({ userId, slotId })));
    const label = (ids: string[]) => ids.map((i) => schedule.find((s) => s.id === i)?.group ?? i).join(", ") || "aucun";
    await audit(
      actor,
      "instructor.slots",
      `cours enseignés\u00a0: ${label(wanted.filter((s) => known.has(s)))} (ajoutés\u00a0: ${added.length}, retirés\u00a0: ${removed.length})`,
      { userId },
    );
  });
}

/** The classes an account teaches, as « mercredi 17 h 30, Enfants (6-11 ans) » (the user edit page). */
export async function taughtSlotLabels(userId: string): Promise<string[]> {
  const [schedule, rows] = await Promise.all([
    getSetting("schedule"),
    db.select({ slotId: instructorSlots.slotId }).from(instructorSlots).where(eq(instructorSlots.userId, userId)),
  ]);
  const ids = new Set(rows.map((r) => r.slotId));
  return schedule
    .filter((s) => ids.has(s.id))
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start))
    .map((s) => `${weekdayName(s.day)} ${formatTime(s.start)}, ${s.group}`);
}
