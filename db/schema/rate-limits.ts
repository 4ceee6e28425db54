import { bigserial, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit events (app/lib/http/rate-limit.server.ts): one row per counted
 * attempt (a contact message, a failed sign-in…) under a free key such as
 * `signin-fail:account:<e-mail>`. Shared by every server process on one
 * database; rows past `expiresAt` are purged.
 */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    key: text().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.key, t.at), index().on(t.expiresAt)],
);
