/**
 * Membership management records (owned by the users/seasons module):
 *  - audit_log: who changed what and when on an account, its profiles'
 *    season status and grades (kept after the account is deleted);
 *  - season_starts: the seasons an admin (or the daily job) started, with
 *    the carry-over of still-valid medical certificates done once.
 */
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const auditLog = pgTable(
  "audit_log",
  {
    id: serial().primaryKey(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    actorId: text().references(() => users.id, { onDelete: "set null" }),
    /** Name of the actor at the time (the account may be deleted later). */
    actorName: text().notNull().default(""),
    /** e.g. user.create, user.update, user.validate, user.delete, status.update, grade.add, season.start */
    action: text().notNull(),
    /** No foreign key: the history outlives the account. */
    targetUserId: text(),
    targetProfileId: integer(),
    summary: text().notNull().default(""),
  },
  (t) => [index().on(t.targetUserId, t.at)],
);

export const seasonStarts = pgTable("season_starts", {
  season: text().primaryKey(),
  startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** null: started by the daily job. */
  startedBy: text().references(() => users.id, { onDelete: "set null" }),
  /** Certificates carried over from the previous season. */
  carriedOver: integer().notNull().default(0),
});
