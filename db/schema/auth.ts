// Better Auth tables (plural names: the adapter is configured with usePlural).
// The user row is the spec's "utilisateurs" document: prenom, nom, email, roles,
// createdAt, aPayeCotisation, certificatMedicalFourni.
import { sql, type SQL } from "drizzle-orm";
import { foldedSql } from "./search";
import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  "users",
  {
    id: text().primaryKey(),
    name: text().notNull(),
    email: text().notNull().unique(),
    emailVerified: boolean().notNull().default(false),
    image: text(),
    prenom: text().notNull().default(""),
    nom: text().notNull().default(""),
    /** Ordered list of roles; the spec's single `role` is the first entry. */
    roles: text()
      .array()
      .notNull()
      .default(sql`ARRAY['pré-inscrit']::text[]`),
    aPayeCotisation: boolean().notNull().default(false),
    certificatMedicalFourni: boolean().notNull().default(false),
    /** A deactivated account cannot sign in (its sessions are deleted). */
    active: boolean().notNull().default(true),
    ...timestamps,
    /** First name, name and e-mail folded for search (search.ts), kept by the database on every write. */
    searchText: text()
      .notNull()
      .generatedAlwaysAs((): SQL => foldedSql(sql`${users.prenom} || ' ' || ${users.nom} || ' ' || ${users.email}`)),
  },
  // fastupdate off: PGlite runs no autovacuum, so GIN's pending list of new entries
  // was never merged and every search read it whole (10,000 accounts: 167 pages, 1.3 s per page).
  (t) => [
    index("users_search_index")
      .using("gin", sql`to_tsvector('simple', ${t.searchText})`)
      .with({ fastupdate: false }),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    ipAddress: text(),
    userAgent: text(),
    /** The profile selected for this session (null: the user's own). Reset by every sign-in. */
    selectedProfileId: integer(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    password: text(),
    ...timestamps,
  },
  (t) => [index().on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index().on(t.identifier)],
);
