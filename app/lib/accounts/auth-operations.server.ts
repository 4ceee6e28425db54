/**
 * The account operations the sign-in, sign-up and password pages call, on top
 * of the Better Auth instance (auth.server.ts): sign-in and sign-up with a
 * password, the start of the Google flow, the password reset, and the rule of
 * same-site redirects. A refused operation throws `AuthFailure` (a DomainError
 * with the catalogue's code, auth-errors.ts); a successful one returns the
 * Set-Cookie headers to forward. Rate limits per IP in the database store;
 * sign-in failures slow down per account and address (sign-in-throttle.server.ts).
 */
import { eq } from "drizzle-orm";
import { APIError } from "better-auth/api";
import { accounts, users } from "#db/schema";
import { AuthFailure, type AuthErrorCode } from "./auth-errors";
import {
  authHeaders,
  cookieHeaders,
  getAuth,
  GOOGLE_PROVIDER_ID,
  googleEnabled,
  insertCredentialUser,
} from "./auth.server";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { checkPassword, checkPasswordForUser } from "./passwords.server";
import { checkRateLimit, retryAfterText } from "../http/rate-limit.server";
import { safeRedirectPath } from "../http/redirects";
import { revokePasswordLinks } from "./password-links.server";
import { mailPasswordChanged } from "./email-change.server";
import { deviceCookie, recordSignInFailure, signInWait } from "./sign-in-throttle.server";
import { notifyManagersSafely } from "../members/manager-notifications.server";
import { href } from "react-router";

/** Same-site redirect targets: the one check is app/lib/http/redirects.ts (final normalised URL). */
export { safeRedirectPath };

function apiCode(err: unknown): string | undefined {
  if (err instanceof APIError) {
    const body = err.body as { code?: string } | undefined;
    return body?.code;
  }
  return undefined;
}

/** What a successful operation gives: the Set-Cookie headers to forward, and its result. */
type AuthDone<T = object> = { headers: Headers } & T;

function tooManyAttempts(retryAfterSeconds: number): AuthFailure {
  return new AuthFailure("auth/too-many-requests", 429, {
    message: `Trop de tentatives. Réessayez ${retryAfterText(retryAfterSeconds)}.`,
    retryAfterSeconds,
  });
}

async function throwIfRateLimited(key: string, limit: number, windowMs: number): Promise<void> {
  const r = await checkRateLimit(key, limit, windowMs);
  if (r.ok) return;
  log.warn("rate limit reached", { key: key.replace(/:[^:]*@.*/, ":<email>") });
  throw tooManyAttempts(r.retryAfterSeconds);
}

function weakPassword(message: string): AuthFailure {
  return new AuthFailure("auth/weak-password", 400, { message, field: "password" });
}

async function findUserWithProviders(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return null;
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id));
  const providers = rows.map((r) => r.providerId);
  return {
    user,
    providers,
    hasPassword: providers.includes("credential"),
    hasGoogle: providers.includes(GOOGLE_PROVIDER_ID),
  };
}

// ---------------------------------------------------------------------------
// Operations

export async function signInWithPassword(input: {
  email: string;
  password: string;
  ip: string;
  headers?: Headers;
}): Promise<AuthDone<{ userId: string }>> {
  const email = input.email.trim().toLowerCase();
  // Only failures count, and they slow down rather than lock out (sign-in-throttle.server.ts).
  const attempt = { email, ip: input.ip, cookieHeader: input.headers?.get("cookie") };
  const wait = await signInWait(attempt);
  if (wait > 0) {
    log.warn("sign-in slowed down after failures", { waitSeconds: wait });
    throw tooManyAttempts(wait);
  }
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    const out = cookieHeaders(headers);
    out.append("Set-Cookie", deviceCookie(attempt.cookieHeader, email));
    return { headers: out, userId: response.user.id };
  } catch (err) {
    const code = apiCode(err);
    if (code === "USER_DISABLED") throw new AuthFailure("auth/user-disabled", 403);
    if (err instanceof APIError) {
      await recordSignInFailure(attempt);
      // Wrong password or unknown e-mail: tell a Google-only account apart (spec section 8).
      const found = await findUserWithProviders(email);
      if (found && found.hasGoogle && !found.hasPassword) throw new AuthFailure("auth/wrong-provider-google", 401);
      throw new AuthFailure("auth/invalid-credential", 401);
    }
    log.error("sign-in failed", { err });
    throw new AuthFailure("auth/network-request-failed", 500);
  }
}

export async function signUpWithPassword(input: {
  prenom: string;
  nom: string;
  email: string;
  password: string;
  ip: string;
  headers?: Headers;
}): Promise<AuthDone<{ userId: string }>> {
  const email = input.email.trim().toLowerCase();
  await throwIfRateLimited(`signup:ip:${input.ip}`, env().RATE_LIMIT_SIGNUP_PER_MINUTE, 60_000);
  const problem = await checkPassword(input.password, { email, prenom: input.prenom, nom: input.nom });
  if (problem) throw weakPassword(problem);
  const existing = await findUserWithProviders(email);
  if (existing) {
    if (existing.hasGoogle) throw new AuthFailure("auth/account-exists-with-google", 409);
    log.info("sign-up with an e-mail already in use", { userId: existing.user.id });
    throw new AuthFailure("auth/email-already-in-use", 409);
  }
  let created: { id: string } | null;
  try {
    // User, credential and own profile in one transaction (insertCredentialUser).
    created = await insertCredentialUser({ email, password: input.password, prenom: input.prenom, nom: input.nom });
  } catch (err) {
    log.error("sign-up failed", { err });
    throw new AuthFailure("auth/internal-error", 500);
  }
  if (!created) {
    log.info("sign-up with an e-mail already in use (race)");
    throw new AuthFailure("auth/email-already-in-use", 409);
  }
  await notifyManagersSafely("pre-inscription", { prenom: input.prenom, nom: input.nom, email });
  try {
    // Signed in at once (autoSignIn), like Better Auth's own sign-up.
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password: input.password },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    return { headers: cookieHeaders(headers), userId: created.id };
  } catch (err) {
    log.error("sign-in after sign-up failed", { err });
    throw new AuthFailure("auth/internal-error", 500);
  }
}

/** Starts the Google (OIDC) redirect flow: returns the provider URL and the state cookie. */
export async function startGoogleSignIn(input: {
  redirectTo: string;
  ip: string;
  headers?: Headers;
}): Promise<AuthDone<{ url: string }>> {
  if (!googleEnabled()) throw new AuthFailure("auth/google-unavailable", 404);
  const target = safeRedirectPath(input.redirectTo);
  const errorURL = `${href("/connexion")}?${new URLSearchParams({ fournisseur: "google", redirectTo: target })}`;
  try {
    const { headers, response } = await getAuth().api.signInSocial({
      body: {
        provider: GOOGLE_PROVIDER_ID,
        callbackURL: target,
        newUserCallbackURL: target,
        errorCallbackURL: errorURL,
        disableRedirect: true,
      },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    if (!response.url) throw new AuthFailure("auth/google-failed", 502);
    return { headers: cookieHeaders(headers), url: response.url };
  } catch (err) {
    if (err instanceof AuthFailure) throw err;
    log.error("google sign-in could not start", { err });
    throw new AuthFailure("auth/google-unavailable", 502);
  }
}

/** Maps the `error` Better Auth appends to the error URL after a Google callback. */
export function googleCallbackError(error: string): AuthErrorCode {
  switch (error) {
    case "account_not_linked":
    case "account not linked":
      return "auth/account-exists-with-password";
    case "access_denied":
      return "auth/popup-closed-by-user";
    case "USER_DISABLED":
      return "auth/user-disabled";
    default:
      return "auth/google-failed";
  }
}

/** Same answer whether the address exists or not; sends a single-use link valid 30 minutes. */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<AuthDone> {
  await throwIfRateLimited(`reset:ip:${input.ip}`, env().RATE_LIMIT_RESET_PER_5_MINUTES, 5 * 60_000);
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: input.email.trim().toLowerCase(), redirectTo: href("/reinitialiser-mot-de-passe") },
    });
  } catch (err) {
    // Never tell the visitor whether the address exists: log and answer as usual.
    log.error("password reset request failed", { err });
  }
  return { headers: new Headers() };
}

/** True when the reset token exists and has not expired (the page checks it before showing the form). */
export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token) return false;
  const ctx = await getAuth().$context;
  const row = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return Boolean(row && new Date(row.expiresAt) > new Date());
}

/** Sets the new password, consumes the token, ends every session of the user. */
export async function resetPassword(input: { token: string; newPassword: string; ip: string }): Promise<AuthDone> {
  await throwIfRateLimited(`reset-submit:ip:${input.ip}`, env().RATE_LIMIT_RESET_PER_5_MINUTES * 3, 5 * 60_000);
  const link = await (await getAuth().$context).internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  const problem = await checkPasswordForUser(input.newPassword, link?.value);
  if (problem) throw weakPassword(problem);
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
    // A used link ends every other link of the account.
    if (link?.value) {
      await revokePasswordLinks(link.value);
      await mailPasswordChanged(link.value, "reset");
    }
    return { headers: new Headers() };
  } catch (err) {
    const code = apiCode(err);
    if (code === "INVALID_TOKEN" || code === "USER_NOT_FOUND") throw new AuthFailure("auth/invalid-reset-token", 400);
    if (code === "WEAK_PASSWORD" || code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw new AuthFailure("auth/weak-password", 400, { field: "password" });
    }
    log.error("password reset failed", { err });
    throw new AuthFailure("auth/internal-error", 500);
  }
}
