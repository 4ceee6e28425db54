/**
 * A portrait per profile: a small photo that lets
 * the instructors recognise a child at roll call.
 *
 * Rules the schema holds:
 *  - at most one portrait per profile (`profileId` unique); its image is one
 *    `media` row of kind "portrait" (never served by /media: only the guarded
 *    route /espace-membre/profil/portrait/:id);
 *  - the consent is stored with the portrait: when, by whom (id, and the name
 *    as it was), and the exact statement the account holder accepted; the
 *    row exists only while the consent stands (withdrawing it deletes the
 *    row, the media row and the files at once);
 *  - when the profile (or its account) is deleted the link is set to null:
 *    the code that deletes it then deletes those rows and their files
 *    (`purgeOrphanPortraits`), and so does the daily round, should one remain.
 */
import { integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { media } from "./content";
import { profiles } from "./members";

export const profilePortraits = pgTable("profile_portraits", {
  id: serial().primaryKey(),
  /** Null once the profile is deleted: the row, its media and its files are deleted next. */
  profileId: integer()
    .unique()
    .references(() => profiles.id, { onDelete: "set null" }),
  mediaId: integer()
    .notNull()
    .unique()
    .references(() => media.id, { onDelete: "restrict" }),
  consentGivenAt: timestamp({ withTimezone: true }).notNull(),
  consentGivenBy: text().references(() => users.id, { onDelete: "set null" }),
  consentGivenByName: text().notNull(),
  /** The statement the account holder ticked, word for word. */
  consentStatement: text().notNull(),
});
