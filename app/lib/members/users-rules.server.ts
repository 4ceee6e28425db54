/**
 * The rules shared by the user-management modules (users-*.server.ts): who may
 * change what, the last active admin, the audit log, locks and small checks.
 *
 * Rules:
 *  - a user_manager cannot grant or remove the admin role, nor change anything
 *    of an admin's account;
 *  - there is always at least one active admin (role change, deactivation,
 *    deletion): the active admins' rows are locked while checking;
 *  - every change is written to audit_log (who and when);
 *  - a refusal is a `DomainError` with a French message.
 */
import { and, eq, sql } from "drizzle-orm";
import { profiles, users } from "#db/schema";
import { db } from "../core/db.server";
import { DomainError } from "../core/errors";
import { can } from "../accounts/capabilities";
import { holdsCapability } from "../accounts/authorize.server";
import { ownProfile } from "../accounts/ownership.server";
import { isInstructor, isPending, MEMBER_ROLES, ROLE_LABELS, ROLE_PRIORITY, ROLES, type Role } from "../accounts/roles";
import { addDays } from "../core/time";
import { USERS_ADMIN_MESSAGES as MESSAGES, type HealthState } from "./users-admin-labels";

export type UserRow = typeof users.$inferSelect;

export interface Actor {
  id: string;
  prenom: string;
  nom: string;
  email?: string;
  roles: readonly string[];
}

/** Days before expiry from which a certificate counts as « expiring ». */
export const EXPIRY_WARNING_DAYS = 30;

// ------------------------------------------------------------------ roles

// Display order of roles (ROLE_PRIORITY): the first one is the spec's single `role`.
export function normalizeRoles(input: readonly string[]): Role[] {
  const set = new Set(input.filter((r): r is Role => (ROLES as readonly string[]).includes(r)));
  return ROLE_PRIORITY.filter((r) => set.has(r));
}

export function rolesLabel(roles: readonly string[]): string {
  return roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(", ");
}

export function checkRoleSet(roles: Role[]): void {
  if (roles.length === 0) throw new DomainError("Choisissez au moins un rôle.", { field: "roles" });
  if (isPending(roles) && roles.length > 1) {
    throw new DomainError(
      "Un pré-inscrit n'a pas d'autre rôle : décochez « Pré-inscrit » pour valider l'inscription.",
      { field: "roles" },
    );
  }
  // An instructor is also a member of the club (the member area's home is for members).
  if (isInstructor(roles) && !roles.some((r) => MEMBER_ROLES.includes(r))) {
    throw new DomainError(
      "Un enseignant est aussi membre du club\u00a0: cochez aussi «\u00a0Membre\u00a0» (ou un rôle de responsable).",
      { field: "roles" },
    );
  }
}

const managesAdmins = (roles: readonly string[]) => can({ roles }, "users:manage-admins");

/** Only an account that manages admins may grant or remove the admin role. */
export function checkAdminRoleChange(actor: Actor, before: readonly string[], after: readonly string[]): void {
  if (!managesAdmins(actor.roles) && managesAdmins(before) !== managesAdmins(after))
    throw new DomainError(MESSAGES.adminOnlyRole, { field: "roles", status: 403 });
}

/** Only an account that manages admins may change an admin's account (a user_manager may not). */
export function canEditUser(actor: Actor, target: { roles: readonly string[] }): boolean {
  return managesAdmins(actor.roles) || !managesAdmins(target.roles);
}

export function checkCanEdit(actor: Actor, target: { roles: readonly string[] }): void {
  if (!canEditUser(actor, target)) throw new DomainError(MESSAGES.adminOnlyEdit, { status: 403 });
}

/**
 * Refuses a change that would leave no active admin. Locks the active admins'
 * rows so two concurrent demotions cannot both pass.
 */
export async function checkAdminRemains(
  target: UserRow,
  after: { roles: readonly string[]; active: boolean } | null,
): Promise<void> {
  const administers = (roles: readonly string[]) => can({ roles }, "site:administer");
  if (!administers(target.roles) || !target.active) return;
  if (after && administers(after.roles) && after.active) return;
  const admins = await db
    .select({ id: users.id })
    .from(users)
    .where(and(holdsCapability("site:administer"), eq(users.active, true)))
    .for("update");
  if (admins.filter((a) => a.id !== target.id).length === 0)
    throw new DomainError(MESSAGES.lastAdmin, { field: "roles", status: 409 });
}

/** The member roles as a SQL array (users.roles && this: a member account). */
export const memberRolesArray = sql`ARRAY[${sql.join(
  MEMBER_ROLES.map((r) => sql`${r}`),
  sql`, `,
)}]::text[]`;

export function healthState(receivedOn: string | null, validUntil: string | null, today: string): HealthState {
  if (!receivedOn) return "manquant";
  if (validUntil && validUntil < today) return "expire";
  if (validUntil && validUntil <= addDays(today, EXPIRY_WARNING_DAYS)) return "expire-bientot";
  return "valide";
}

export function notInFuture(iso: string | null, field: string, today: string) {
  if (iso && iso > today) throw new DomainError("La date ne peut pas être dans le futur.", { field });
}

/** The account, its row locked until the current transaction ends (call it inside `transaction()`). */
export async function lockUser(id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for("update");
  if (!row) throw new DomainError(MESSAGES.notFound, { status: 404 });
  return row;
}

export function nextUpdatedAt(previous: Date): Date {
  return new Date(Math.max(Date.now(), previous.getTime() + 1));
}

export async function lockOwnedProfile(ownerId: string, profileId: number) {
  const [profile] = await db.select().from(profiles).where(ownProfile(ownerId, profileId));
  if (!profile) throw new DomainError("Profil introuvable pour ce compte.", { status: 404 });
  return profile;
}

/** 9250 -> "92,50" (CSV cells and audit summaries). */
export function eurosText(cents: number | null): string {
  if (cents === null) return "";
  return (cents / 100).toFixed(2).replace(".", ",");
}
