/**
 * Portraits of the profiles: added, replaced and
 * removed by the account holder, shown on the attendance roster.
 *
 * Rules:
 *  - Only the account holder adds or replaces the portrait of one of its
 *    profiles (its own, or a family profile it manages), and only with the
 *    consent statement ticked: stored word for word with who and when. A
 *    profile of another account is « Profil introuvable. » (404).
 *  - Removing it withdraws the consent: the row, the media row and the image
 *    files are deleted at once (the holder, or an admin from the user's page).
 *    Replacing deletes the previous files once the new ones are recorded.
 *  - Who sees it (`mayViewPortrait`): the account holder, the admins, and the
 *    instructors of a group in which the profile is registered for the current
 *    season (the roster's rule, attendance.server.ts: a sent registration line
 *    in the group, or a season status without any sent registration). Anyone
 *    else gets the same 404 as for a profile without portrait.
 *  - Deleting a profile or an account sets the portrait's profile to null;
 *    the deleting code then calls `purgeOrphanPortraits`, which deletes those
 *    rows and their files (an hourly job does it too, should one remain).
 *  - Every addition, replacement and removal is written to the audit log.
 */
import { eq, inArray, isNull } from "drizzle-orm";
import { media, profilePortraits, profiles } from "#db/schema";
import { db, transaction } from "../core/db.server";
import { DomainError } from "../core/errors";
import { parisDate } from "../core/time";
import { getSetting } from "../club/settings.server";
import { deletePortraitMedia, readPortraitImage, storePortraitImage } from "../content/portrait-images.server";
import type { StoredObject } from "../content/storage.server";
import { UploadError } from "../content/uploads.server";
import { onRosterOf, seasonOfDay } from "../mat/attendance.server";
import { can } from "../accounts/capabilities";
import { owns, ownProfile, slotsOf } from "../accounts/ownership.server";
import { isInstructor } from "../accounts/roles";
import { consentStatement, PORTRAIT_MESSAGES, type PortraitSize } from "./portraits";
import { actorName, audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";
import { de } from "../typography/elision";

interface Viewer {
  id: string;
  roles: readonly string[];
}

interface PortraitInfo {
  profileId: number;
  /** Changes with each new image (the `v` of its address). */
  mediaId: number;
  consentGivenAt: Date;
  consentGivenByName: string;
}

type Profile = typeof profiles.$inferSelect;

const notFound = () => new DomainError("Profil introuvable.", { status: 404 });

/** A profile of this account, else « Profil introuvable. » (404; profiles.server.ts's rule, without importing it). */
async function ownedProfile(ownerId: string, profileId: number): Promise<Profile> {
  const [row] = await db.select().from(profiles).where(ownProfile(ownerId, profileId));
  if (!row) throw notFound();
  return row;
}

// ------------------------------------------------------------------- reading

/** The portraits of these profiles, by profile id (profiles without one are absent). */
export async function portraitsOf(profileIds: readonly number[]): Promise<Map<number, PortraitInfo>> {
  if (!profileIds.length) return new Map();
  const rows = await db
    .select({
      profileId: profilePortraits.profileId,
      mediaId: profilePortraits.mediaId,
      consentGivenAt: profilePortraits.consentGivenAt,
      consentGivenByName: profilePortraits.consentGivenByName,
    })
    .from(profilePortraits)
    .where(inArray(profilePortraits.profileId, [...profileIds]));
  const found = new Map<number, PortraitInfo>();
  for (const r of rows) if (r.profileId !== null) found.set(r.profileId, { ...r, profileId: r.profileId });
  return found;
}

/** Is the profile in a group this instructor teaches, for the current season (the roster's rule)? */
async function teachesProfile(viewer: Viewer, profileId: number, now: Date): Promise<boolean> {
  if (!isInstructor(viewer.roles)) return false;
  const mine = await slotsOf(viewer);
  if (!mine.size) return false;
  const schedule = await getSetting("schedule");
  const groups = [...new Set(schedule.filter((s) => mine.has(s.id)).map((s) => s.group))];
  if (!groups.length) return false;
  return onRosterOf(profileId, await seasonOfDay(parisDate(now)), groups);
}

/** May this account see the portrait of this profile (see the rules above)? */
async function mayViewPortrait(
  viewer: Viewer,
  profile: Pick<Profile, "id" | "ownerId">,
  now: Date = new Date(),
): Promise<boolean> {
  if (owns(viewer, profile) || can(viewer, "classes:all")) return true;
  return teachesProfile(viewer, profile.id, now);
}

/** One variant of a portrait for this viewer; null when there is none or the viewer may not see it. */
export async function readPortrait(
  viewer: Viewer,
  profileId: number,
  size: PortraitSize,
  now: Date = new Date(),
): Promise<StoredObject | null> {
  const [row] = await db
    .select({ id: profiles.id, ownerId: profiles.ownerId, storageKey: media.storageKey })
    .from(profilePortraits)
    .innerJoin(profiles, eq(profiles.id, profilePortraits.profileId))
    .innerJoin(media, eq(media.id, profilePortraits.mediaId))
    .where(eq(profilePortraits.profileId, profileId));
  if (!row || !(await mayViewPortrait(viewer, row, now))) return null;
  return readPortraitImage(row.storageKey, size);
}

/** The portraits of an account's profiles, for the admins' user page (which may remove them). */
export async function adminPortraitList(people: ReadonlyArray<{ id: number; prenom: string; nom: string }>) {
  const found = await portraitsOf(people.map((p) => p.id));
  return people.flatMap((p) => {
    const portrait = found.get(p.id);
    return portrait
      ? [
          {
            profileId: p.id,
            name: `${p.prenom} ${p.nom}`.trim(),
            mediaId: portrait.mediaId,
            consentGivenAt: portrait.consentGivenAt.toISOString(),
            consentGivenByName: portrait.consentGivenByName,
          },
        ]
      : [];
  });
}

/** What the RGPD export says of the portraits: that one exists, and the consent (never the image's key). */
export async function portraitsForExport(profileIds: readonly number[]) {
  if (!profileIds.length) return [];
  return db
    .select({
      profileId: profilePortraits.profileId,
      consentGivenAt: profilePortraits.consentGivenAt,
      consentGivenByName: profilePortraits.consentGivenByName,
      consentStatement: profilePortraits.consentStatement,
    })
    .from(profilePortraits)
    .where(inArray(profilePortraits.profileId, [...profileIds]));
}

// ------------------------------------------------------------------- writing

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
};

/**
 * Adds or replaces the portrait of one of the holder's profiles, with the
 * consent statement ticked. Returns the profile (for the page's message).
 */
export async function setPortrait(
  holder: Actor,
  input: { profileId: number; file: File; consent: boolean },
  now: Date = new Date(),
): Promise<Profile> {
  const profile = await ownedProfile(holder.id, input.profileId);
  if (!input.consent) throw new DomainError(PORTRAIT_MESSAGES.noConsent, { field: "consent" });
  const stored = await storePortraitImage(input.file, holder.id).catch((err: unknown) => {
    // The uploads module's refusal, shown next to the file field.
    throw err instanceof UploadError ? new DomainError(err.message, { field: "file" }) : err;
  });
  let previous: number | null = null;
  try {
    previous = await transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: profilePortraits.id, mediaId: profilePortraits.mediaId })
        .from(profilePortraits)
        .where(eq(profilePortraits.profileId, profile.id))
        .for("update");
      const consent = {
        mediaId: stored.id,
        consentGivenAt: now,
        consentGivenBy: holder.id,
        consentGivenByName: actorName(holder),
        consentStatement: consentStatement(profile),
      };
      if (existing) await tx.update(profilePortraits).set(consent).where(eq(profilePortraits.id, existing.id));
      else await tx.insert(profilePortraits).values({ profileId: profile.id, ...consent });
      await audit(
        holder,
        existing ? "portrait.replace" : "portrait.add",
        `Portrait ${de(profile.prenom, "’")} ${existing ? "remplacé" : "ajouté"}, avec l’accord du titulaire du compte.`,
        { userId: profile.ownerId, profileId: profile.id },
      );
      return existing?.mediaId ?? null;
    });
  } catch (err) {
    await deletePortraitMedia([stored.id]);
    if (isUniqueViolation(err))
      throw new DomainError("Un autre portrait vient d’être enregistré pour ce profil : rechargez la page.", {
        status: 409,
      });
    throw err;
  }
  if (previous !== null) await deletePortraitMedia([previous]);
  return profile;
}

/** Deletes the portrait of a profile (row, media, files) and audits it; false when it had none. */
async function dropPortrait(actor: Actor, profile: Profile, summary: string): Promise<boolean> {
  const mediaId = await transaction(async (tx) => {
    const [gone] = await tx
      .delete(profilePortraits)
      .where(eq(profilePortraits.profileId, profile.id))
      .returning({ mediaId: profilePortraits.mediaId });
    if (!gone) return null;
    await audit(actor, "portrait.remove", summary, { userId: profile.ownerId, profileId: profile.id });
    return gone.mediaId;
  });
  if (mediaId === null) return false;
  await deletePortraitMedia([mediaId]);
  return true;
}

/** The holder removes a portrait: the consent is withdrawn and the image deleted at once. */
export async function withdrawPortrait(holder: Actor, profileId: number): Promise<Profile> {
  const profile = await ownedProfile(holder.id, profileId);
  const removed = await dropPortrait(
    holder,
    profile,
    `Portrait ${de(profile.prenom, "’")} retiré par le titulaire du compte (accord retiré), image supprimée.`,
  );
  if (!removed) throw new DomainError(`Le profil ${de(profile.prenom, "’")} n’a pas de portrait.`, { status: 404 });
  return profile;
}

/** An admin removes the portrait of a profile of the account `ownerId` (from the user's page). */
export async function removePortraitAsAdmin(admin: Actor, ownerId: string, profileId: number): Promise<Profile> {
  if (!can(admin, "portraits:manage"))
    throw new DomainError("Seuls les administrateurs retirent un portrait.", { status: 403 });
  const profile = await ownedProfile(ownerId, profileId);
  const removed = await dropPortrait(
    admin,
    profile,
    `Portrait ${de(`${profile.prenom} ${profile.nom}`.trim(), "’")} retiré par un administrateur, image supprimée.`,
  );
  if (!removed) throw new DomainError(`Le profil ${de(profile.prenom, "’")} n’a pas de portrait.`, { status: 404 });
  return profile;
}

/**
 * Deletes the portraits whose profile is gone (a profile or an account
 * deleted): their rows, media rows and files. Called right after such a
 * deletion, and every hour; returns how many were deleted.
 */
export async function purgeOrphanPortraits(): Promise<number> {
  const gone = await db
    .delete(profilePortraits)
    .where(isNull(profilePortraits.profileId))
    .returning({ mediaId: profilePortraits.mediaId });
  await deletePortraitMedia(gone.map((g) => g.mediaId));
  return gone.length;
}
