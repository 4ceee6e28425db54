import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Every e-mail is stored here first, then sent (see app/lib/mail/mail.server.ts). */
export const outbox = pgTable(
  "outbox",
  {
    id: serial().primaryKey(),
    to: text().notNull(),
    replyTo: text(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** pending | sent | failed (failed = gave up after the maximum attempts) */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.status, t.nextAttemptAt)],
);

export const contactMessages = pgTable("contact_messages", {
  id: serial().primaryKey(),
  name: text().notNull(),
  email: text().notNull(),
  subject: text().notNull(),
  message: text().notNull(),
  outboxId: integer().references(() => outbox.id, { onDelete: "set null" }),
  answeredAt: timestamp({ withTimezone: true }),
  answeredBy: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
