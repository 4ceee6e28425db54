/**
 * Trial-class requests: a visitor books one dated
 * session of the weekly classes; the managers move the request through its
 * statuses and turn it into an account.
 *
 * Rules the database holds:
 *  - a session is a Paris day plus a slot of the `schedule` setting
 *    (`sessionDate`, `slotId`), as in attendance_marks; its start and the
 *    class's group are copied at booking (the schedule may change later);
 *  - `status` is one of a-traiter, contacte, essai-prevu, inscrit, abandonne
 *    (app/lib/club/trial-requests.ts); every request but « abandonné » takes
 *    one of the session's trial places (setting membership.trialVisitorsPerSession);
 *  - `version` guards the managers' edits against each other;
 *  - `userId`: the account created (or found) when the request became a
 *    registration; the request outlives a deleted account.
 */
import { date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const trialRequests = pgTable(
  "trial_requests",
  {
    id: serial().primaryKey(),
    sessionDate: date({ mode: "string" }).notNull(),
    slotId: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    /** The class's group at booking ("Enfants (6-11 ans)"). */
    slotGroup: text().notNull(),
    prenom: text().notNull(),
    nom: text().notNull(),
    /** enfant | adolescent | adulte */
    ageGroup: text().notNull(),
    /** For a child or a teenager: the parent who wrote. */
    parentName: text().notNull().default(""),
    email: text().notNull().default(""),
    phone: text().notNull().default(""),
    message: text().notNull().default(""),
    status: text().notNull().default("a-traiter"),
    /** The managers' note. */
    note: text().notNull().default(""),
    userId: text().references(() => users.id, { onDelete: "set null" }),
    convertedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: text().references(() => users.id, { onDelete: "set null" }),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.sessionDate, t.slotId), index().on(t.status, t.createdAt), index().on(t.createdAt)],
);
