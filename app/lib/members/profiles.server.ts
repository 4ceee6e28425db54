/**
 * Family profiles and the session's selected profile.
 *
 * An account owns its own profile (isSelf, created with the account) and the
 * profiles of family members it manages. Every read and write goes through the
 * owner id: a profile that belongs to another account is answered as
 * "not found" (a DomainError with status 404), never shown. Refusals are
 * DomainErrors with French messages (decision 0009); the schemas of the forms
 * are in profiles.ts (browser-safe).
 *
 * The selected profile is stored on the session row (sessions.selectedProfileId,
 * null = the user's own profile): it lasts across pages and reloads of that
 * session, and a new sign-in (a new session) or a sign-out (session deleted)
 * resets it.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { profiles, selfProfile, sessions, users } from "#db/schema";
import { db } from "../core/db.server";
import { inTransaction } from "../core/transaction-scope.server";
import { writeGeneration } from "../core/cache.server";
import type { SelectedProfile, SessionUser } from "../accounts/session.server";
import { DomainError } from "../core/errors";
import { ownProfile } from "../accounts/ownership.server";
import {
  LICENCE_IDENTITY_FIELDS,
  type FamilyProfileInput,
  type LicenceIdentity,
  type OwnProfileInput,
} from "./profiles";
import { invariant } from "../core/invariant";
import { purgeOrphanPortraits } from "./portraits.server";

export type Profile = typeof profiles.$inferSelect;

function notFound(): DomainError {
  return new DomainError("Profil introuvable.", { status: 404 });
}

// ---------------------------------------------------------------- validation

export {
  familyEditSchema,
  familyProfileSchema,
  ownProfileSchema,
  profileIdSchema,
  type OwnProfileInput,
} from "./profiles";

// ------------------------------------------------------------------- reading

/** The account's profiles: its own first, then the family in creation order. */
export async function listProfiles(ownerId: string): Promise<Profile[]> {
  return db
    .select()
    .from(profiles)
    .where(eq(profiles.ownerId, ownerId))
    .orderBy(desc(profiles.isSelf), asc(profiles.createdAt), asc(profiles.id));
}

/** A profile of this account, or a 404 DomainError thrown (missing or someone else's). */
export async function getOwnedProfile(ownerId: string, profileId: number): Promise<Profile> {
  if (!Number.isInteger(profileId) || profileId <= 0) throw notFound();
  const [row] = await db.select().from(profiles).where(ownProfile(ownerId, profileId));
  if (!row) throw notFound();
  return row;
}

/** The account's own profile, created from the user row if it is missing. */
export async function ensureOwnProfile(ownerId: string): Promise<Profile> {
  const [own] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), selfProfile));
  if (own) return own;
  const [user] = await db.select().from(users).where(eq(users.id, ownerId));
  if (!user) throw notFound();
  await db
    .insert(profiles)
    .values({
      ownerId,
      isSelf: true,
      prenom: user.prenom || user.name || "Moi",
      nom: user.nom,
      relationship: "moi",
      createdBy: ownerId,
      updatedBy: ownerId,
    })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, ownerId), selfProfile));
  invariant(created, "profil personnel juste créé");
  return created;
}

// ------------------------------------------------------------------- writing

/**
 * A family profile's fields; `authorisedPickup` (decision 0026), `sex` or a
 * licence identity field (issue 56) left out keeps what is stored.
 */
type FamilyProfileFields = Omit<FamilyProfileInput, "authorisedPickup" | "sex" | keyof LicenceIdentity> & {
  authorisedPickup?: string;
  sex?: FamilyProfileInput["sex"];
} & Partial<LicenceIdentity>;

/** The licence identity fields given (the others keep what is stored). */
function licenceIdentityOf(input: Partial<LicenceIdentity>): Partial<LicenceIdentity> {
  return Object.fromEntries(LICENCE_IDENTITY_FIELDS.flatMap((k) => (input[k] === undefined ? [] : [[k, input[k]]])));
}

export async function addFamilyProfile(ownerId: string, input: FamilyProfileFields): Promise<Profile> {
  const [row] = await db
    .insert(profiles)
    .values({
      ownerId,
      isSelf: false,
      prenom: input.prenom,
      nom: input.nom,
      dateOfBirth: input.dateOfBirth,
      sex: input.sex ?? null,
      relationship: input.relationship,
      authorisedPickup: input.authorisedPickup ?? "",
      ...licenceIdentityOf(input),
      createdBy: ownerId,
      updatedBy: ownerId,
    })
    .returning();
  invariant(row, "profil familial inséré");
  return row;
}

export async function updateFamilyProfile(
  ownerId: string,
  profileId: number,
  input: FamilyProfileFields,
): Promise<Profile> {
  const existing = await getOwnedProfile(ownerId, profileId);
  if (existing.isSelf) throw new DomainError("Votre propre profil se modifie dans « Mes informations ».");
  const [row] = await db
    .update(profiles)
    .set({
      prenom: input.prenom,
      nom: input.nom,
      dateOfBirth: input.dateOfBirth,
      relationship: input.relationship,
      ...(input.authorisedPickup === undefined ? {} : { authorisedPickup: input.authorisedPickup }),
      ...(input.sex === undefined ? {} : { sex: input.sex }),
      ...licenceIdentityOf(input),
      updatedAt: new Date(),
      updatedBy: ownerId,
      version: existing.version + 1,
    })
    .where(ownProfile(ownerId, profileId))
    .returning();
  if (!row) throw notFound();
  return row;
}

/**
 * Removes a family profile (its grades, status and progress go with it; its
 * portrait's files are deleted at once, decision 0032). The own profile stays.
 */
export async function removeFamilyProfile(ownerId: string, profileId: number): Promise<void> {
  const existing = await getOwnedProfile(ownerId, profileId);
  if (existing.isSelf) throw new DomainError("Votre propre profil ne peut pas être supprimé.");
  await db.update(sessions).set({ selectedProfileId: null }).where(eq(sessions.selectedProfileId, profileId));
  await db.delete(profiles).where(ownProfile(ownerId, profileId));
  await purgeOrphanPortraits();
}

/**
 * Updates the account holder's own profile, and the names on the user row (shown in the top bar);
 * `sex` left out keeps what is stored.
 */
export async function updateOwnProfile(
  ownerId: string,
  input: Omit<OwnProfileInput, "sex" | keyof LicenceIdentity> & {
    sex?: OwnProfileInput["sex"];
  } & Partial<LicenceIdentity>,
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const own = await ensureOwnProfile(ownerId);
    const [row] = await tx
      .update(profiles)
      .set({
        prenom: input.prenom,
        nom: input.nom,
        phone: input.phone,
        dateOfBirth: input.dateOfBirth,
        ...(input.sex === undefined ? {} : { sex: input.sex }),
        emergencyContact: input.emergencyContact,
        ...licenceIdentityOf(input),
        updatedAt: new Date(),
        updatedBy: ownerId,
        version: own.version + 1,
      })
      .where(eq(profiles.id, own.id))
      .returning();
    invariant(row, "profil personnel mis à jour dans la même transaction");
    await tx
      .update(users)
      .set({ prenom: input.prenom, nom: input.nom, name: `${input.prenom} ${input.nom}`.trim(), updatedAt: new Date() })
      .where(eq(users.id, ownerId));
    return row;
  });
}

// ---------------------------------------------------------------- selection

/** Selects one of the account's profiles for this session (the own profile clears the selection). */
export async function selectProfile(sessionId: string, ownerId: string, profileId: number): Promise<Profile> {
  const profile = await getOwnedProfile(ownerId, profileId);
  const result = await db
    .update(sessions)
    .set({ selectedProfileId: profile.isSelf ? null : profile.id })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ownerId)))
    .returning({ id: sessions.id });
  if (result.length === 0) throw new DomainError("Votre session a expiré : reconnectez-vous.", { status: 401 });
  return profile;
}

/** Back to the user's own profile for this session. */
export async function clearSelection(sessionId: string, ownerId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ selectedProfileId: null })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ownerId)));
}

/**
 * The profile selected in this session, checked against the owner; the own
 * profile when nothing (or nothing valid any more) is selected.
 */
export async function selectedProfileForSession(sessionId: string | null, ownerId: string): Promise<Profile> {
  if (sessionId) {
    const [session] = await db
      .select({ selectedProfileId: sessions.selectedProfileId })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, ownerId)));
    if (session?.selectedProfileId) {
      const [row] = await db.select().from(profiles).where(ownProfile(ownerId, session.selectedProfileId));
      if (row) return row;
    }
  }
  return ensureOwnProfile(ownerId);
}

export interface MemberContext {
  user: SessionUser;
  sessionId: string;
  /** The profile the pages show (selected one, or the user's own). */
  profile: Profile;
  /** All the account's profiles, own first (for the selector). */
  profiles: Profile[];
}

type AccountProfileRow = { profile: Profile; selected: boolean | null };

/** One read per page: the root loader and the page's loader receive the same SessionUser object. */
const readThisPage = new WeakMap<SessionUser, { generation: number; rows: Promise<AccountProfileRow[]> }>();

/**
 * The account's profiles, own first, each marked when this session selected it: ONE query,
 * read from the session row now (an action of this request may have just
 * changed it). The root loader (the selected profile in the top bar) and the page's loader
 * (home, grades…) share it as long as nothing was written in between (the
 * read cache's write generation) and outside a transaction.
 */
function accountProfiles(user: SessionUser): Promise<AccountProfileRow[]> {
  const shareable = !inTransaction();
  const generation = writeGeneration();
  const known = shareable ? readThisPage.get(user) : undefined;
  if (known && known.generation === generation) return known.rows;
  const rows = db
    .select({ profile: profiles, selected: sql<boolean | null>`${profiles.id} = ${sessions.selectedProfileId}` })
    .from(profiles)
    .leftJoin(sessions, and(eq(sessions.id, user.sessionId), eq(sessions.userId, user.id)))
    .where(eq(profiles.ownerId, user.id))
    .orderBy(desc(profiles.isSelf), asc(profiles.createdAt), asc(profiles.id))
    .then((found) => found); // a real promise: a Drizzle query runs again at each await

  if (shareable) readThisPage.set(user, { generation, rows });
  return rows;
}

/**
 * The session's selected profile (spec section 4): the one stored on the session when it still
 * belongs to the user, else the user's own profile; null without any (root loader).
 */
export async function sessionProfileSummary(user: SessionUser): Promise<SelectedProfile | null> {
  const rows = await accountProfiles(user);
  const profile = rows.find((r) => r.selected === true)?.profile ?? rows.find((r) => r.profile.isSelf)?.profile;
  if (!profile) return null;
  const { id, prenom, nom, isSelf, relationship } = profile;
  return { id, prenom, nom, isSelf, relationship };
}

/** For member pages: the signed-in member (from the router context), their profiles and the selected one. */
export async function getSelectedProfile(user: SessionUser): Promise<MemberContext> {
  const sessionId = user.sessionId;
  const rows = await accountProfiles(user);
  const all = rows.map((r) => r.profile);
  const profile = rows.find((r) => r.selected === true)?.profile ?? all.find((p) => p.isSelf);
  if (profile) return { user, sessionId, profile, profiles: all };
  const own = await ensureOwnProfile(user.id);
  return { user, sessionId, profile: own, profiles: await listProfiles(user.id) };
}

/** Display name of a profile ("Léa Martin"). */
export function profileName(p: Pick<Profile, "prenom" | "nom">): string {
  return `${p.prenom} ${p.nom}`.trim();
}

/** What the profile selector needs (no more). */
export function selectorData(ctx: MemberContext) {
  return {
    profiles: ctx.profiles.map((p) => ({ id: p.id, prenom: p.prenom, nom: p.nom, isSelf: p.isSelf })),
    selectedId: ctx.profile.id,
  };
}
