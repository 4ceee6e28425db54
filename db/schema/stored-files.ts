/**
 * Uploaded files kept in PostgreSQL (several machines on one database): the
 * PostgreSQL backend of app/lib/content/storage.server.ts, chosen by the setting
 * `uploadsStorage`. And the secret the machines share when none is set in their
 * environment (app/lib/core/shared-secret.server.ts).
 *
 * Rules the schema holds:
 *  - one `stored_files` row per file, under the storage key (the same keys as
 *    the data folder's paths), with its size and SHA-256, checked when it is
 *    moved or backed up;
 *  - its bytes in `stored_file_chunks`, in pieces of at most 512 KiB numbered from 0:
 *    a file is read piece by piece, never more than one piece at a time in memory
 *    when it is served; deleting the file row deletes its pieces;
 *  - none of these three tables is copied as rows into a backup: the files go
 *    into the archive as files (once each, wherever they are kept), the secret
 *    never (a stolen archive must not sign a session cookie).
 */
import { customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL `bytea`, read as a Buffer whatever the driver hands back (node-postgres: Buffer, PGlite: Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const storedFiles = pgTable("stored_files", {
  key: text().primaryKey(),
  size: integer().notNull(),
  sha256: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    key: text()
      .notNull()
      .references(() => storedFiles.key, { onDelete: "cascade" }),
    position: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.position] })],
);

/** Secrets generated once for every machine of one database (never in a backup). */
export const instanceSecrets = pgTable("instance_secrets", {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
