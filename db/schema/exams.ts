/**
 * Grade exams: exam sessions, the grades they
 * examine, their jury and their candidates.
 *
 * Rules the database itself enforces:
 *  - a session has a version (optimistic locking) and the audit columns;
 *  - a grade is examined once per session, a user sits once on its jury;
 *  - ONE candidate row per profile and session (unique index): convoking
 *    twice or marking twice updates that row, never adds one;
 *  - a passed candidate points to the grade_history row its pass wrote
 *    (`gradeHistoryId`): marking « reçu » again reuses it, so the history
 *    never gets the same exam twice; marking « ajourné » afterwards deletes it.
 *  - ONE test mark per candidate and test (primary key): the tests are the
 *    checklist elements (`techniques`) of the grade presented; a second mark
 *    updates the row (last write wins, audited). Removing a technique removes
 *    its marks only (cascade), the candidate's other marks stay.
 * Eligibility (months, attendances, age) is computed, never stored
 * (app/lib/members/exam-eligibility.ts).
 */
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { auditColumns } from "./columns";
import { gradeHistory, grades, profiles, techniques } from "./members";

export const examSessions = pgTable(
  "exam_sessions",
  {
    id: serial().primaryKey(),
    /** Paris day of the exam, "2027-02-06". */
    examDate: date({ mode: "string" }).notNull(),
    place: text().notNull(),
    /** prevue | terminee | annulee */
    status: text().notNull().default("prevue"),
    ...auditColumns(),
  },
  (t) => [index().on(t.examDate)],
);

export const examSessionGrades = pgTable(
  "exam_session_grades",
  {
    sessionId: integer()
      .notNull()
      .references(() => examSessions.id, { onDelete: "cascade" }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.gradeId] })],
);

export const examJury = pgTable(
  "exam_jury",
  {
    sessionId: integer()
      .notNull()
      .references(() => examSessions.id, { onDelete: "cascade" }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index().on(t.userId)],
);

export const examCandidates = pgTable(
  "exam_candidates",
  {
    id: serial().primaryKey(),
    sessionId: integer()
      .notNull()
      .references(() => examSessions.id, { onDelete: "cascade" }),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The grade presented. */
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: "restrict" }),
    convokedAt: timestamp({ withTimezone: true }),
    /** null (not marked yet) | reussi | ajourne */
    result: text(),
    /** The jury's note, shown to the managers. */
    note: text().notNull().default(""),
    markedAt: timestamp({ withTimezone: true }),
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
    /** The grade_history row written by the pass (once). */
    gradeHistoryId: integer().references(() => gradeHistory.id, { onDelete: "set null" }),
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex("exam_one_candidate_per_session").on(t.sessionId, t.profileId)],
);

/** Per-test marks of the jury: « acquis » or « non acquis » for one test of a candidate. */
export const examTestMarks = pgTable(
  "exam_test_marks",
  {
    candidateId: integer()
      .notNull()
      .references(() => examCandidates.id, { onDelete: "cascade" }),
    techniqueId: integer()
      .notNull()
      .references(() => techniques.id, { onDelete: "cascade" }),
    /** acquis | non_acquis */
    result: text().notNull(),
    markedBy: text().references(() => users.id, { onDelete: "set null" }),
    markedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.candidateId, t.techniqueId] }), index().on(t.techniqueId)],
);
