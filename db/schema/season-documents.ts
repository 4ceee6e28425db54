/**
 * Papers a family sends for the season: medical
 * certificates and health-questionnaire attestations (health data: never the
 * questionnaire's answers), and proofs of an aid (Pass'Sport…). And the alerts
 * a HelloAsso refund or payment state change raises for the managers.
 *
 * Rules the schema holds:
 *  - a stored file has one random key (unique), a content type among PDF,
 *    JPEG and PNG, and the Paris day after which it is deleted
 *    (`deleteFileOn`); `fileDeletedAt` records that the purge removed it
 *    (the row, its dates and its decision stay);
 *  - a document belongs to one profile and one season; when the profile (or
 *    its account) is deleted the link is set to null and the daily purge
 *    deletes the file and the row.
 */
import { date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { profiles } from "./members";
import { payments } from "./season";

export const seasonDocuments = pgTable(
  "season_documents",
  {
    id: serial().primaryKey(),
    /** Null once the profile is deleted: the next purge deletes the file and the row. */
    profileId: integer().references(() => profiles.id, { onDelete: "set null" }),
    season: text().notNull(),
    /** certificat | questionnaire (the parent's or member's attestation) | aide */
    kind: text().notNull(),
    /** For an aid proof: the aid code of the registration line. */
    aidCode: text(),
    /** The date written on the certificate or attestation; null for an aid proof. */
    documentDate: date({ mode: "string" }),
    /** An aid proof given as a reference instead of a file (a Pass'Sport code…). */
    reference: text().notNull().default(""),
    storageKey: text().unique(),
    contentType: text(),
    sizeBytes: integer(),
    originalName: text().notNull().default(""),
    /** a-verifier | acceptee | refusee */
    state: text().notNull().default("a-verifier"),
    /** The manager's reason for a refusal (mailed to the family). */
    reason: text().notNull().default(""),
    uploadedBy: text().references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    reviewedBy: text().references(() => users.id, { onDelete: "set null" }),
    reviewedAt: timestamp({ withTimezone: true }),
    /** Paris day from which the file is deleted by the daily purge (retention). */
    deleteFileOn: date({ mode: "string" }),
    fileDeletedAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.profileId, t.season), index().on(t.state), index().on(t.deleteFileOn)],
);

/** A refund or payment state change read from HelloAsso, for the managers until handled. */
export const paymentAlerts = pgTable(
  "payment_alerts",
  {
    id: serial().primaryKey(),
    paymentId: integer()
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index().on(t.paymentId), index().on(t.handledAt)],
);
