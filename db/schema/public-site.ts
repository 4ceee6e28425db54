/**
 * Public-site tables: photos with recorded consent, and the
 * first-party audience counts (no cookie, no IP, no visitor id: only
 * per-day totals by page and by referring domain).
 */
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, boolean } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { articles, media } from "./content";

/**
 * Photos uploaded by the managers (an article's photos, a teacher's portrait).
 * A photo showing identifiable members records that their consent was
 * obtained (who recorded it, when). Withdrawing consent deletes the image
 * files and media row at once (mediaId becomes null) and keeps this row as
 * the trace of the withdrawal.
 */
export const photos = pgTable(
  "photos",
  {
    id: serial().primaryKey(),
    mediaId: integer().references(() => media.id, { onDelete: "set null" }),
    articleId: integer().references(() => articles.id, { onDelete: "set null" }),
    /** Text alternative, shown to screen readers. */
    alt: text().notNull(),
    caption: text().notNull().default(""),
    identifiable: boolean().notNull().default(false),
    consentRecordedAt: timestamp({ withTimezone: true }),
    consentRecordedBy: text().references(() => users.id, { onDelete: "set null" }),
    /** The recorder's name at that time (kept if the account goes). */
    consentRecordedByName: text().notNull().default(""),
    withdrawnAt: timestamp({ withTimezone: true }),
    withdrawnByName: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: text().references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index().on(t.articleId)],
);

/** Page views per Paris day and page path (query strings never stored). */
export const audiencePageViews = pgTable(
  "audience_page_views",
  {
    day: date({ mode: "string" }).notNull(),
    path: text().notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.path] })],
);

/** Arrivals from another site per Paris day, by referring domain only. */
export const audienceReferrers = pgTable(
  "audience_referrers",
  {
    day: date({ mode: "string" }).notNull(),
    domain: text().notNull(),
    visits: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.domain] })],
);
