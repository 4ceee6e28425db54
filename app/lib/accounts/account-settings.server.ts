/**
 * The member's own account settings: e-mail (after re-entering the password;
 * effective once the new address confirms, email-change.server.ts),
 * password (ends the other sessions), Google link and unlink (the last way to
 * sign in cannot be removed). A refusal is a DomainError with a French
 * message on the field concerned; the Better Auth calls carry
 * the request's cookies. The forms' schemas are in account-settings.ts.
 */
import { and, eq, ne } from "drizzle-orm";
import { APIError } from "better-auth/api";
import type { z } from "zod";
import { accounts, users } from "#db/schema";
import { getAuth, GOOGLE_PROVIDER_ID, googleEnabled } from "./auth.server";
import { db } from "../core/db.server";
import { log } from "../core/log.server";
import { DomainError } from "../core/errors";
import { emailChangeSchema, passwordChangeSchema } from "./account-settings";
import { checkPasswordForUser, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.server";
import { checkRateLimit, retryAfterText } from "../http/rate-limit.server";
import { EMAIL_CHANGE_VALID_HOURS, mailPasswordChanged, requestEmailChange } from "./email-change.server";
import { href } from "react-router";

export { emailChangeSchema, passwordChangeSchema };

/** A change done: the French message to show, and cookies to set (password change, Google link). */
interface SettingsDone {
  message: string;
  headers?: Headers;
}

export interface SignInMethods {
  hasPassword: boolean;
  hasGoogle: boolean;
  googleAvailable: boolean;
}

export async function signInMethods(userId: string): Promise<SignInMethods> {
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  const providers = rows.map((r) => r.providerId);
  return {
    hasPassword: providers.includes("credential"),
    hasGoogle: providers.includes(GOOGLE_PROVIDER_ID),
    googleAvailable: googleEnabled(),
  };
}

function betterAuthHeaders(request: Request): Headers {
  const h = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) h.set("cookie", cookie);
  const ua = request.headers.get("user-agent");
  if (ua) h.set("user-agent", ua);
  return h;
}

function setCookies(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const c of headers?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

async function throwIfLimited(userId: string, field: string): Promise<void> {
  const r = await checkRateLimit(`account-settings:${userId}`, 10, 15 * 60_000);
  if (r.ok) return;
  throw new DomainError(`Trop de tentatives. Réessayez ${retryAfterText(r.retryAfterSeconds)}.`, {
    field,
    status: 429,
  });
}

/** True when `password` is the user's current password (Better Auth checks the hash). */
async function passwordMatches(request: Request, password: string): Promise<boolean> {
  try {
    await getAuth().api.verifyPassword({ body: { password }, headers: betterAuthHeaders(request) });
    return true;
  } catch (err) {
    if (err instanceof APIError) return false;
    throw err;
  }
}

/** Asks for an e-mail change after checking the password: the new address must confirm, the old one is told. */
export async function changeEmail(
  request: Request,
  user: { id: string; email: string; prenom: string },
  input: z.output<typeof emailChangeSchema>,
): Promise<SettingsDone> {
  const methods = await signInMethods(user.id);
  if (!methods.hasPassword) {
    throw new DomainError(
      "Votre compte n'a pas de mot de passe (connexion avec Google) : créez-en un avec « Mot de passe oublié » pour pouvoir changer d'adresse.",
      { field: "password" },
    );
  }
  await throwIfLimited(user.id, "password");
  if (input.newEmail === user.email.toLowerCase()) {
    throw new DomainError("C'est déjà votre adresse actuelle.", { field: "newEmail" });
  }
  if (!(await passwordMatches(request, input.password))) {
    throw new DomainError("Mot de passe incorrect.", { field: "password" });
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, input.newEmail), ne(users.id, user.id)));
  if (taken)
    throw new DomainError("Cette adresse est déjà utilisée par un autre compte.", { field: "newEmail", status: 409 });
  // Nothing changes until the new address confirms (email-change.server.ts).
  await requestEmailChange(user, input.newEmail);
  return {
    message: `Un lien de confirmation a été envoyé à ${input.newEmail}. Votre adresse change dès que vous l'ouvrez (il est valable ${EMAIL_CHANGE_VALID_HOURS}\u00a0heures).`,
  };
}

/** Changes the password and ends every other session of the user. */
export async function changePassword(
  request: Request,
  userId: string,
  input: z.output<typeof passwordChangeSchema>,
): Promise<SettingsDone> {
  const methods = await signInMethods(userId);
  if (!methods.hasPassword) {
    throw new DomainError(
      "Votre compte n'a pas encore de mot de passe : utilisez « Mot de passe oublié » pour en créer un.",
      { field: "currentPassword" },
    );
  }
  const weak = await checkPasswordForUser(input.newPassword, userId);
  if (weak) throw new DomainError(weak, { field: "newPassword" });
  await throwIfLimited(userId, "currentPassword");
  let headers: Headers;
  try {
    ({ headers } = await getAuth().api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
      headers: betterAuthHeaders(request),
      returnHeaders: true,
    }));
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code;
      if (code === "INVALID_PASSWORD")
        throw new DomainError("Mot de passe actuel incorrect.", { field: "currentPassword" });
      if (code === "WEAK_PASSWORD") throw new DomainError(err.message, { field: "newPassword" });
      if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
        throw new DomainError(`Entre ${PASSWORD_MIN_LENGTH} et ${PASSWORD_MAX_LENGTH} caractères.`, {
          field: "newPassword",
        });
      }
    }
    log.error("password change failed", { userId, err });
    throw new DomainError("Le mot de passe n'a pas pu être modifié. Réessayez dans quelques instants.", {
      field: "currentPassword",
      cause: err,
    });
  }
  log.info("password changed by its owner", { userId });
  await mailPasswordChanged(userId, "change");
  return {
    message: "Votre mot de passe a été modifié. Vos autres sessions (autres appareils) ont été fermées.",
    headers: setCookies(headers),
  };
}

/** Starts linking a Google account: returns the provider URL to redirect to. */
export async function startGoogleLink(
  request: Request,
  userId: string,
): Promise<{ redirectTo: string; headers: Headers }> {
  const methods = await signInMethods(userId);
  if (!methods.googleAvailable) throw new DomainError("La connexion avec Google n'est pas disponible pour le moment.");
  if (methods.hasGoogle) throw new DomainError("Un compte Google est déjà associé.", { status: 409 });
  try {
    const { headers, response } = await getAuth().api.linkSocialAccount({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: `${href("/espace-membre/profil")}?google=associe`,
        errorCallbackURL: `${href("/espace-membre/profil")}?google=erreur`,
        disableRedirect: true,
      },
      headers: betterAuthHeaders(request),
      returnHeaders: true,
    });
    if (!response.url) throw new Error("no authorisation URL");
    return { headers: setCookies(headers), redirectTo: response.url };
  } catch (err) {
    log.error("google link could not start", { userId, err });
    throw new DomainError("L'association avec Google n'a pas pu démarrer. Réessayez dans quelques instants.", {
      cause: err,
    });
  }
}

/** Removes the Google sign-in, unless it is the last way to sign in. */
export async function unlinkGoogle(userId: string): Promise<SettingsDone> {
  const methods = await signInMethods(userId);
  if (!methods.hasGoogle) throw new DomainError("Aucun compte Google n'est associé.");
  if (!methods.hasPassword) {
    throw new DomainError(
      "Google est votre seul moyen de connexion : créez d'abord un mot de passe (« Mot de passe oublié ») avant de dissocier Google.",
    );
  }
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, GOOGLE_PROVIDER_ID)));
  log.info("google unlinked by its owner", { userId });
  return {
    message: "Votre compte Google a été dissocié. Connectez-vous désormais avec votre e-mail et votre mot de passe.",
  };
}
