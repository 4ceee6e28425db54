/**
 * Accounts managed by the managers: creating an account for someone (they
 * choose their own password through a single-use link), editing its identity,
 * roles and state, validating a registration, deleting it, closing an RGPD
 * deletion request.
 *
 * Rules (with users-rules.server.ts):
 *  - deactivating an account deletes its sessions;
 *  - an edit based on an outdated page is refused (users.updatedAt as version);
 *  - pré-inscrit -> membre queues the validation e-mail in the same transaction.
 */
import { randomInt } from "node:crypto";
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { deletionRequests, profiles, selfProfile, sessions, users } from "#db/schema";
import { isPending, MEMBER_ROLE, validatedRoles, type Role } from "../accounts/roles";
import { getAuth } from "../accounts/auth.server";
import { revokePasswordLinks } from "../accounts/password-links.server";
import { audit } from "../core/audit.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { DomainError } from "../core/errors";
import { log } from "../core/log.server";
import { deliverPendingMail } from "../mail/mail.server";
import { sendMail } from "../mail/send.server";
import { registrationValidatedMail } from "../mail/templates/registration-validated";
import { welcomeAccountMail } from "../mail/templates/welcome-account";
import { USERS_ADMIN_MESSAGES as MESSAGES } from "./users-admin-labels";
import type { AccountInput, NewUserInput } from "./users-admin";
import { getUser, userVersion } from "./users-detail.server";
import { purgeOrphanPortraits } from "./portraits.server";
import {
  checkAdminRemains,
  checkAdminRoleChange,
  checkCanEdit,
  checkRoleSet,
  lockUser,
  nextUpdatedAt,
  normalizeRoles,
  rolesLabel,
  type Actor,
} from "./users-rules.server";
import { de } from "../typography/elision";

/** Validity of the link a new account receives to choose its password. */
export const WELCOME_LINK_DAYS = 7;

function randomToken(length = 32): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let s = "";
  for (let i = 0; i < length; i++) s += alphabet[randomInt(alphabet.length)];
  return s;
}

/**
 * Issues a single-use link to choose a password, through Better Auth's own
 * reset-password verification (same identifier, same hashing, consumed by
 * /reinitialiser-mot-de-passe), valid WELCOME_LINK_DAYS days, and mails it
 * with the welcome wording. The account's sendResetPassword hook only has the
 * "forgotten password" text and a 30-minute validity, hence this.
 */
export async function sendWelcomeLink(
  user: { id: string; email: string; prenom: string },
  next: readonly string[] = [],
): Promise<void> {
  const ctx = await getAuth().$context;
  const token = randomToken();
  const issued = await ctx.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: user.id,
    expiresAt: new Date(Date.now() + WELCOME_LINK_DAYS * 24 * 60 * 60 * 1000),
  });
  // One live link per account: the older ones stop working.
  await revokePasswordLinks(user.id, issued?.id);
  const link = `${env().BASE_URL}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
  await sendMail(
    welcomeAccountMail,
    { prenom: user.prenom, email: user.email, link, validDays: WELCOME_LINK_DAYS, next },
    { to: user.email },
  );
}

/**
 * Creates an account for someone, without a password: they get the welcome
 * link (`next`: lines added after the sign-in address, e.g. where to go on).
 */
export async function createManagedUser(
  actor: Actor,
  input: NewUserInput,
  next: readonly string[] = [],
): Promise<{ id: string }> {
  const roles = normalizeRoles(input.roles);
  checkRoleSet(roles);
  checkAdminRoleChange(actor, [], roles);
  const emailAddress = input.email.trim().toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, emailAddress));
  if (existing)
    throw new DomainError("Un compte existe déjà avec cette adresse e-mail.", { field: "email", status: 409 });
  const ctx = await getAuth().$context;
  const user = await ctx.internalAdapter.createUser(
    {
      email: emailAddress,
      name: `${input.prenom} ${input.nom}`.trim(),
      emailVerified: false,
      prenom: input.prenom,
      nom: input.nom,
      roles,
    },
    { method: "email-password" },
  );
  if (!user) throw new Error("createUser returned no user");
  await audit(
    actor,
    "user.create",
    `Compte créé (${rolesLabel(roles)}), lien pour choisir le mot de passe envoyé à ${emailAddress}.`,
    {
      userId: user.id,
    },
  );
  await sendWelcomeLink({ id: user.id, email: emailAddress, prenom: input.prenom }, next);
  log.info("account created by a manager", { userId: user.id, by: actor.id });
  return { id: user.id };
}

// ---------------------------------------------------------------- update

/**
 * Saves the account part of the edit page. Returns whether a validation
 * e-mail was queued (pré-inscrit -> membre).
 */
export async function updateUserAccount(
  actor: Actor,
  id: string,
  input: AccountInput,
): Promise<{ validated: boolean }> {
  const result = await db.transaction(async (tx) => {
    const target = await lockUser(id);
    checkCanEdit(actor, target);
    if (userVersion(target) !== input.version) throw new DomainError(MESSAGES.stale, { status: 409 });
    const roles = normalizeRoles(input.roles);
    checkRoleSet(roles);
    checkAdminRoleChange(actor, target.roles, roles);
    if (actor.id === target.id && !input.active && target.active)
      throw new DomainError(MESSAGES.selfDeactivate, { field: "active", status: 403 });
    await checkAdminRemains(target, { roles, active: input.active });
    const emailAddress = input.email.trim().toLowerCase();
    if (emailAddress !== target.email) {
      const [other] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, emailAddress), ne(users.id, id)));
      if (other) throw new DomainError(MESSAGES.emailTaken, { field: "email", status: 409 });
    }

    const changes: string[] = [];
    if (input.prenom !== target.prenom || input.nom !== target.nom)
      changes.push(`nom : ${target.prenom} ${target.nom} → ${input.prenom} ${input.nom}`);
    if (emailAddress !== target.email) changes.push(`e-mail : ${target.email} → ${emailAddress}`);
    const rolesChanged = roles.join(",") !== target.roles.join(",");
    if (rolesChanged) changes.push(`rôles : ${rolesLabel(target.roles) || "aucun"} → ${rolesLabel(roles)}`);
    if (input.active !== target.active)
      changes.push(input.active ? "compte réactivé" : "compte désactivé (sessions fermées)");
    if (changes.length === 0) return { validated: false };

    await tx
      .update(users)
      .set({
        prenom: input.prenom,
        nom: input.nom,
        name: `${input.prenom} ${input.nom}`.trim(),
        email: emailAddress,
        emailVerified: emailAddress === target.email ? target.emailVerified : false,
        roles,
        active: input.active,
        updatedAt: nextUpdatedAt(target.updatedAt),
      })
      .where(eq(users.id, id));
    await tx
      .update(profiles)
      .set({
        prenom: input.prenom,
        nom: input.nom,
        updatedAt: new Date(),
        updatedBy: actor.id,
        version: sql`${profiles.version} + 1`,
      })
      .where(and(eq(profiles.ownerId, id), selfProfile));
    if (!input.active && target.active) await tx.delete(sessions).where(eq(sessions.userId, id));

    const validated = isPending(target.roles) && roles.includes(MEMBER_ROLE);
    if (validated) {
      await sendMail(registrationValidatedMail, { prenom: input.prenom }, { to: emailAddress });
    }
    await audit(
      actor,
      validated ? "user.validate" : "user.update",
      (validated ? "Inscription validée ; " : "") + changes.join(" ; "),
      {
        userId: id,
      },
    );
    return { validated };
  });
  if (result.validated) void deliverPendingMail();
  return result;
}

/** « Valider l'inscription »: the pré-inscrit becomes membre (and gets the e-mail). */
export async function validateRegistration(actor: Actor, id: string, version: number): Promise<void> {
  const target = await getUser(id);
  if (!target) throw new DomainError(MESSAGES.notFound, { status: 404 });
  if (!isPending(target.roles)) throw new DomainError("Cette inscription est déjà validée.", { status: 409 });
  const roles = validatedRoles(target.roles);
  await updateUserAccount(actor, id, {
    prenom: target.prenom,
    nom: target.nom,
    email: target.email,
    active: target.active,
    roles,
    version,
  });
}

export async function deleteUser(actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockUser(id);
    checkCanEdit(actor, target);
    if (actor.id === target.id) throw new DomainError(MESSAGES.selfDelete, { status: 403 });
    await checkAdminRemains(target, null);
    await audit(
      actor,
      "user.delete",
      `Compte ${de(`${target.prenom} ${target.nom}`)} (${target.email}) supprimé avec ses profils.`,
      { userId: id },
    );
    await tx.delete(users).where(eq(users.id, id));
  });
  await purgeOrphanPortraits(); // the portraits' files go at once
}

/**
 * Closes the account holder's RGPD deletion request without deleting the
 * account (data kept while still needed, e.g. the current season's
 * membership). Deleting the account closes it too (cascade).
 */
export async function closeDeletionRequest(actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await lockUser(id);
    checkCanEdit(actor, target);
    await tx
      .update(deletionRequests)
      .set({ handledAt: new Date(), handledBy: actor.id })
      .where(and(eq(deletionRequests.userId, id), isNull(deletionRequests.handledAt)));
    await audit(
      actor,
      "user.deletion-request-closed",
      `Demande de suppression ${de(`${target.prenom} ${target.nom}`)} classée : données conservées.`,
      { userId: id },
    );
  });
}

/**
 * `npm run user -- set-role`: the same role rules as the edit page, with an
 * administrator's rights (a role set the page refuses is refused, the last
 * active administrator keeps the role), written to the audit log with the
 * command line as author. Returns the roles as saved.
 */
export async function setRolesFromCommandLine(
  email: string,
  requested: readonly string[],
  commandLine: string,
): Promise<Role[]> {
  return db.transaction(async (tx) => {
    const address = email.trim().toLowerCase();
    const [found] = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    if (!found) throw new DomainError(`Aucun compte n'a l'adresse ${address}.`, { status: 404, field: "email" });
    const target = await lockUser(found.id);
    const roles = normalizeRoles(requested);
    checkRoleSet(roles);
    await checkAdminRemains(target, { roles, active: target.active });
    if (roles.join(",") === target.roles.join(",")) return roles;
    await tx
      .update(users)
      .set({ roles, updatedAt: nextUpdatedAt(target.updatedAt) })
      .where(eq(users.id, target.id));
    await audit(
      { process: `Ligne de commande (${commandLine})` },
      "user.update",
      `rôles\u00a0: ${rolesLabel(target.roles) || "aucun"} → ${rolesLabel(roles)}`,
      { userId: target.id },
    );
    return roles;
  });
}
