/**
 * On the mat: attendance at the weekly classes.
 *
 * Rules the database itself enforces:
 *  - a session is a Paris day plus a slot of the `schedule` setting
 *    (`slotId`); its occurrences come from `classSessions(from, to)`
 *    (app/lib/club/class-sessions.server.ts), never stored here;
 *  - ONE row per profile and session (unique index): marking twice, from two
 *    phones or by an offline replay, updates that row, never adds one;
 *  - an offline phone sends each mark with its own id (`clientMarkId`): the
 *    server applies a given id once (unique), so a replay is harmless;
 *  - `present` false keeps the row of a mark taken back (an instructor's
 *    mistake), so the last decision wins by `markedAt`.
 * Attendance counts (grade-exam eligibility, rates) read `present = true` rows.
 */
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { profiles } from "./members";

export const attendanceMarks = pgTable(
  "attendance_marks",
  {
    id: serial().primaryKey(),
    /** Paris day of the session, "2026-11-24". */
    sessionDate: date({ mode: "string" }).notNull(),
    /** Id of the weekly slot in the `schedule` setting ("enfants-mer"). */
    slotId: text().notNull(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    present: boolean().notNull().default(true),
    /** The id a phone gave this mark (offline replay applied once); null when marked online without one. */
    clientMarkId: text().unique(),
    /** When the instructor tapped (the phone's time for a replayed mark, bounded by the server). */
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("attendance_one_mark_per_session").on(t.sessionDate, t.slotId, t.profileId),
    index().on(t.profileId, t.sessionDate),
  ],
);

/**
 * Who teaches which weekly class: an account with the role
 * `enseignant` takes attendance, and reads the emergency sheet, of the slots
 * (`slotId` of the `schedule` setting) an admin tied it to here; admins see
 * every class without a row. A slot removed from the schedule leaves its rows
 * harmless (no session is computed for it).
 */
export const instructorSlots = pgTable(
  "instructor_slots",
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    slotId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.slotId] }), index().on(t.slotId)],
);
