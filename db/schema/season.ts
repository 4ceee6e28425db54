/**
 * The season's registrations and their payments.
 *
 * Rules the database itself enforces:
 *  - one registration per family (account) and season;
 *  - one line per profile in a registration;
 *  - a HelloAsso checkout intent and a HelloAsso order are recorded once
 *    (unique ids), and at most ONE HelloAsso payment is applied to a
 *    registration (partial unique index): "paid exactly once" is a fact of
 *    the schema, not only of the code. A second one stays "a-rapprocher"
 *    for a manager's decision (link elsewhere or refund).
 * Amounts are integers in euro cents.
 */
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { auditColumns } from "./columns";
import { profiles } from "./members";

export const registrations = pgTable(
  "registrations",
  {
    id: serial().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    season: text().notNull(),
    /** brouillon | en-attente (de paiement) | payee | annulee */
    status: text().notNull().default("brouillon"),
    totalCents: integer().notNull().default(0),
    /** Number of instalments chosen (1 to the campaign's maximum). */
    instalments: integer().notNull().default(1),
    /** Aid codes (Pass'Sport…) declared by the family, checked by a manager. */
    aidCodes: jsonb().$type<string[]>().notNull().default([]),
    /** What the family typed and did not submit yet (save and resume). */
    draft: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamp({ withTimezone: true }),
    paidAt: timestamp({ withTimezone: true }),
    ...auditColumns(),
  },
  (t) => [uniqueIndex().on(t.ownerId, t.season), index().on(t.season, t.status)],
);

export const registrationLines = pgTable(
  "registration_lines",
  {
    id: serial().primaryKey(),
    registrationId: integer()
      .notNull()
      .references(() => registrations.id, { onDelete: "cascade" }),
    profileId: integer()
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    groupName: text().notNull(),
    priceCents: integer().notNull(),
    discountCents: integer().notNull().default(0),
    aidCents: integer().notNull().default(0),
    /** priceCents - discountCents - aidCents, never below 0. */
    amountCents: integer().notNull(),
    parentalAuthorisation: timestamp({ withTimezone: true }),
    photoConsent: text().notNull().default("non"),
    /** Version of the club rules accepted (a new version asks again). */
    rulesVersion: text(),
    rulesAcceptedAt: timestamp({ withTimezone: true }),
    emergencyContacts: text().notNull().default(""),
    /** Takes part in competitions (a yearly certificate may be required: medical setting). */
    competitor: boolean().notNull().default(false),
    /** The aid code declared for this profile (Pass'Sport…), null without aid. */
    aidCode: text(),
    /** a-verifier | acceptee | refusee: a manager checks the proof; a refusal removes the deduction. */
    aidStatus: text(),
  },
  (t) => [uniqueIndex().on(t.registrationId, t.profileId), index().on(t.profileId)],
);

export const payments = pgTable(
  "payments",
  {
    id: serial().primaryKey(),
    /** Null: a HelloAsso order nobody could link yet (the managers' inbox). */
    registrationId: integer().references(() => registrations.id, { onDelete: "set null" }),
    season: text().notNull(),
    /** helloasso | cheque | especes | ancv | virement */
    method: text().notNull(),
    amountCents: integer().notNull(),
    /**
     * en-attente (checkout started) | appliquee (counts for its registration) |
     * a-rapprocher (paid, not applied: inbox) | a-rembourser (manager's decision) |
     * abandonnee | refusee
     */
    state: text().notNull(),
    checkoutIntentId: integer(),
    orderId: integer(),
    /** HelloAsso's payments of the order (instalments) as last read from the API. */
    instalments: jsonb()
      .$type<{ number: number; amount: number; state: string; date: string }[]>()
      .notNull()
      .default([]),
    payerName: text().notNull().default(""),
    payerEmail: text().notNull().default(""),
    /** Cheque number, voucher numbers… */
    reference: text().notNull().default(""),
    note: text().notNull().default(""),
    receivedOn: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp({ withTimezone: true }),
    recordedBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex().on(t.checkoutIntentId),
    uniqueIndex().on(t.orderId),
    uniqueIndex("payments_one_helloasso_applied")
      .on(t.registrationId)
      .where(sql`${t.method} = 'helloasso' and ${t.state} = 'appliquee'`),
    index().on(t.state),
    index().on(t.registrationId),
  ],
);

/** Combined reminders sent to a family for a season (one row per e-mail: the log). */
export const familyReminders = pgTable(
  "family_reminders",
  {
    id: serial().primaryKey(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    season: text().notNull(),
    /** What was still to do: unpaid, medical, unfinished (comma-separated). */
    reasons: text().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.ownerId, t.season, t.sentAt)],
);
