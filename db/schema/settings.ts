import { jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Club settings: one row per key, the value validated by the zod schema of
 * app/lib/club/settings.server.ts. Editable by admins (content-management issue).
 */
export const settings = pgTable("settings", {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedBy: text(),
});
