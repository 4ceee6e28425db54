/**
 * Whose an object is: the one family of ownership checks.
 *
 * Rules:
 *  - A profile, a registration or a paper belongs to the account that owns the family
 *    (`ownerId`); an account reaches its family's objects only, through these helpers, in SQL
 *    (`ownProfile`, `ownRegistration`) or on a row already read (`owns`).
 *  - A class's roster belongs to the instructors tied to it, and to the accounts that may see
 *    every class (`teaches`, `slotsOf`, from the instructors' table).
 *  - An object that is not the account's answers as if it did not exist (404), unless a
 *    capability (permissions.ts) lets the account see others' objects.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { profiles, registrations } from "#db/schema";

export { slotsOf, teaches } from "../mat/instructors.server";

/** Is this row (a profile, a registration, a paper joined to its profile) the account's family's? */
export function owns(user: { id: string }, object: { ownerId: string }): boolean {
  return object.ownerId === user.id;
}

/** SQL condition on `profiles`: this profile, of this account's family. */
export function ownProfile(ownerId: string, profileId: number): SQL {
  return and(eq(profiles.id, profileId), eq(profiles.ownerId, ownerId)) as SQL;
}

/** SQL condition on `profiles`: these profiles, those of this account's family among them. */
export function ownProfiles(ownerId: string, profileIds: readonly number[]): SQL {
  return and(eq(profiles.ownerId, ownerId), inArray(profiles.id, [...profileIds])) as SQL;
}

/** SQL condition on `registrations`: this registration, of this account's family. */
export function ownRegistration(ownerId: string, registrationId: number): SQL {
  return and(eq(registrations.id, registrationId), eq(registrations.ownerId, ownerId)) as SQL;
}
