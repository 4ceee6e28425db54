/**
 * One-time form submissions (app/lib/http/submissions.server.ts): the key of
 * a submission is claimed here before its work runs, and its result kept, so
 * that a double submit — in this process or another — is stored once and the
 * replay gets the first answer. Rows are purged after 24 hours.
 */
import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const formSubmissions = pgTable(
  "form_submissions",
  {
    /** SHA-256 of the form's scope, its one-time token and what was sent. */
    key: text().primaryKey(),
    /** e.g. "contact", "article.create" */
    scope: text().notNull(),
    /** The first answer (JSON), null while the first submission still runs. */
    result: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.createdAt)],
);
