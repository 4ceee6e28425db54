/**
 * Members: family profiles, grades, season status, revision material and
 * progress, managers' tasks, reminders. A user account owns one or more
 * profiles: its own (isSelf) and those of family members (children…).
 * Membership status and grades belong to profiles, not to accounts.
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
import { sql } from "drizzle-orm";
import { users } from "./auth";
import { auditColumns } from "./columns";

const audit = auditColumns();

export const profiles = pgTable(
  "profiles",
  {
    id: serial().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The account holder's own profile (exactly one per account). */
    isSelf: boolean().notNull().default(false),
    prenom: text().notNull(),
    nom: text().notNull().default(""),
    dateOfBirth: date({ mode: "string" }),
    /**
     * « f » (féminin) | « m » (masculin) | null when not given. Gendered words on pages,
     * e-mails and documents follow it (app/lib/typography/gender.ts), a neutral form when null.
     */
    sex: text(),
    /** moi | enfant | conjoint | autre */
    relationship: text().notNull().default("moi"),
    phone: text().notNull().default(""),
    emergencyContact: text().notNull().default(""),
    /** Who may collect this person (a child) after class, shown on the emergency sheet. */
    authorisedPickup: text().notNull().default(""),
    /**
     * The civil identity a federation's licence form asks for (all
     * optional, filled by the family; with `sex` above): birth name when it
     * differs from `nom`, place of birth (commune and department, or
     * country), nationality, postal address.
     */
    birthName: text().notNull().default(""),
    placeOfBirth: text().notNull().default(""),
    nationality: text().notNull().default(""),
    address: text().notNull().default(""),
    postalCode: text().notNull().default(""),
    city: text().notNull().default(""),
    ...audit,
  },
  (t) => [
    index().on(t.ownerId),
    uniqueIndex("profiles_one_self_per_owner")
      .on(t.ownerId)
      .where(sql`${t.isSelf}`),
  ],
);

/**
 * "This profile is its account holder's own", written as the predicate of the partial index
 * `profiles_one_self_per_owner` itself, never `is_self = $1`: a prepared statement's generic
 * plan (PGlite's) can use a partial index only when its condition is in the
 * query's text.
 */
export const selfProfile = sql`${profiles.isSelf}`;

/** The club's grade table (editable data, seeded from the traditional system). */
export const grades = pgTable("grades", {
  id: serial().primaryKey(),
  position: integer().notNull().unique(),
  vietnameseName: text().notNull(),
  frenchName: text().notNull(),
  /** CSS colours of the belt drawing. */
  beltColor: text().notNull(),
  stripeColor: text(),
  stripeCount: integer().notNull().default(0),
  borderColor: text(),
  level: text().notNull().default(""),
  description: text().notNull().default(""),
  /**
   * Exam rules for presenting THIS grade, each null until the club
   * sets it (federations differ: nothing is invented): months since the
   * previous grade, attendances at the weekly classes since then, age on the
   * exam day.
   */
  minMonths: integer(),
  minAttendances: integer(),
  minAge: integer(),
  ...audit,
});

export const gradeHistory = pgTable(
  "grade_history",
  {
    id: serial().primaryKey(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    gradeId: integer()
      .notNull()
      .references(() => grades.id, { onDelete: "restrict" }),
    awardedOn: date({ mode: "string" }).notNull(),
    note: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index().on(t.profileId)],
);

/** Status of a profile for one season ("2026-2027", September to August). */
export const seasonStatuses = pgTable(
  "season_statuses",
  {
    id: serial().primaryKey(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    season: text().notNull(),
    cotisationPaidOn: date({ mode: "string" }),
    /** Euro cents. */
    cotisationAmountCents: integer(),
    /** cheque | virement | especes | carte | pass-sport | helloasso | autre */
    cotisationMeans: text(),
    /** certificat | questionnaire */
    healthDocumentKind: text(),
    healthDocumentReceivedOn: date({ mode: "string" }),
    healthDocumentValidUntil: date({ mode: "string" }),
    /** The federation licence number for this season, entered or imported by a manager. */
    licenceNumber: text(),
    ...audit,
  },
  (t) => [uniqueIndex().on(t.profileId, t.season)],
);

/** Techniques to know for a grade (revision material). */
export const techniques = pgTable("techniques", {
  id: serial().primaryKey(),
  gradeId: integer()
    .notNull()
    .references(() => grades.id, { onDelete: "cascade" }),
  title: text().notNull(),
  /** technique | quyen | self-defense | autre */
  category: text().notNull().default("technique"),
  description: text().notNull().default(""),
  position: integer().notNull().default(0),
  ...audit,
});

/** Technique videos (YouTube or Vimeo), shown in revision. */
export const videos = pgTable("videos", {
  id: serial().primaryKey(),
  title: text().notNull(),
  url: text().notNull(),
  /** youtube | vimeo */
  provider: text().notNull(),
  providerVideoId: text().notNull(),
  gradeId: integer().references(() => grades.id, { onDelete: "set null" }),
  category: text().notNull().default("technique"),
  description: text().notNull().default(""),
  position: integer().notNull().default(0),
  ...audit,
});

/** What a profile ticked as practised in revision. */
export const revisionProgress = pgTable(
  "revision_progress",
  {
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** technique | video */
    itemType: text().notNull(),
    itemId: integer().notNull(),
    doneAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.itemType, t.itemId] })],
);

/** The managers' own to-do items. */
export const todos = pgTable("todos", {
  id: serial().primaryKey(),
  title: text().notNull(),
  notes: text().notNull().default(""),
  dueOn: date({ mode: "string" }),
  doneAt: timestamp({ withTimezone: true }),
  ...audit,
});

/** Reminder e-mails already sent (never twice for the same reason in a season). */
export const reminders = pgTable(
  "reminders",
  {
    id: serial().primaryKey(),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    season: text().notNull(),
    /** certificate-expiring | cotisation-unpaid */
    reason: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.profileId, t.season, t.reason)],
);

/** Last run of daily jobs (once per day whatever the number of restarts). */
export const jobRuns = pgTable("job_runs", {
  name: text().primaryKey(),
  lastRunOn: date({ mode: "string" }).notNull(),
});

/** Secret token of a member's personal calendar feed (members-only events). */
export const calendarTokens = pgTable("calendar_tokens", {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** RGPD deletion requests queued for the managers. */
export const deletionRequests = pgTable("deletion_requests", {
  id: serial().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  reason: text().notNull().default(""),
  requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  handledAt: timestamp({ withTimezone: true }),
  handledBy: text(),
});
