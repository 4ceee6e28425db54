/** Columns shared by the editable tables: who created and changed a row, when, and its version. */
import { integer, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";

export const auditColumns = () => ({
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  createdBy: text().references(() => users.id, { onDelete: "set null" }),
  updatedBy: text().references(() => users.id, { onDelete: "set null" }),
  /** Optimistic-locking counter: a save must carry the version it was based on. */
  version: integer().notNull().default(1),
});
