/**
 * Accounts: the Better Auth instance (Drizzle adapter on our own tables,
 * scrypt password hashes, Google through a generic OIDC provider whose issuer
 * comes from the environment) and the operations the sign-in, sign-up and
 * password pages call. A refused operation throws `AuthFailure` (a
 * DomainError carrying the catalogue's code, auth-errors.ts); a successful one
 * returns the Set-Cookie headers to forward.
 *
 * Sessions: a new session (new random id) at every sign-in; absolute expiry
 * SESSION_ABSOLUTE_SECONDS after sign-in (never extended), idle expiry
 * SESSION_IDLE_MS without a request (checked by getSessionUser). Cookies are
 * HttpOnly, SameSite=Lax, and Secure (with the __Secure- prefix) when
 * BASE_URL is https.
 */
import { and, eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import * as schema from "#db/schema";
import { accounts, profiles, sessions, users } from "#db/schema";
import { AuthFailure, type AuthErrorCode } from "./auth-errors";
import { db, type Queryable } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { queueMail } from "../mail/mail.server";
import { hashPassword, verifyStoredPassword } from "./firebase/verify.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from "./passwords";
import { checkRateLimit, retryAfterText } from "../http/rate-limit.server";
import { DEFAULT_ROLE } from "./roles";

/** Absolute lifetime of a session: 30 days after sign-in, whatever the activity. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** Idle lifetime: a session unused for 7 days ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** Validity of a password-reset link. */
export const RESET_TOKEN_SECONDS = 30 * 60;
export const GOOGLE_PROVIDER_ID = "google";
/** Header our actions use to hand Better Auth the client IP (never read from the client). */
const CLIENT_IP_HEADER = "x-club-client-ip";

/** Spec section 3: last word -> nom, the rest -> prenom; one word -> prenom; none -> 'Nouvel Utilisateur'. */
export function splitDisplayName(displayName: string | null | undefined): { prenom: string; nom: string } {
  const words = (displayName ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return { prenom: "Nouvel Utilisateur", nom: "" };
  if (words.length === 1) return { prenom: words[0], nom: "" };
  return { prenom: words.slice(0, -1).join(" "), nom: words[words.length - 1] };
}

/** Creates the account holder's own profile (isSelf) unless it exists. */
export async function createOwnProfile(
  user: { id: string; prenom: string; nom: string },
  q: Queryable = db,
): Promise<void> {
  await q
    .insert(profiles)
    .values({ ownerId: user.id, isSelf: true, relationship: "moi", prenom: user.prenom, nom: user.nom, createdBy: user.id })
    .onConflictDoNothing();
}

function betterAuthLogger() {
  return {
    level: "warn" as const,
    log: (level: "debug" | "info" | "warn" | "error", message: string, ...args: unknown[]) => {
      const fields = args.length ? { details: args.map((a) => (a instanceof Error ? a.message : a)) } : undefined;
      log[level](`better-auth: ${message}`, fields);
    },
  };
}

function createAuth() {
  const e = env();
  const googleConfigured = Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
  const issuer = (e.GOOGLE_ISSUER ?? "https://accounts.google.com").replace(/\/+$/, "");

  return betterAuth({
    appName: "Vovinam Viet Vo Dao",
    baseURL: e.BASE_URL,
    basePath: "/api/auth",
    secret: e.BETTER_AUTH_SECRET,
    trustedOrigins: [e.BASE_URL],
    database: drizzleAdapter(db, { provider: "pg", usePlural: true, schema }),
    telemetry: { enabled: false },
    logger: betterAuthLogger(),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // The site's scrypt, plus the hashes imported from Firebase (re-hashed at first sign-in).
      password: { hash: hashPassword, verify: verifyStoredPassword },
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const full = user as typeof user & { active?: boolean; prenom?: string };
        if (full.active === false) {
          log.info("password reset requested for a deactivated account", { userId: user.id });
          return;
        }
        const link = `${env().BASE_URL}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
        await queueMail({
          to: user.email,
          subject: "Réinitialisation de votre mot de passe",
          text: [
            `Bonjour ${full.prenom || ""},`.replace(" ,", ","),
            "",
            "Vous avez demandé à réinitialiser le mot de passe de votre compte sur le site du club.",
            "Pour choisir un nouveau mot de passe, ouvrez ce lien (valable 30 minutes, une seule fois) :",
            link,
            "",
            "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
          ].join("\n"),
        });
      },
    },
    user: {
      modelName: "user",
      additionalFields: {
        prenom: { type: "string", required: false, defaultValue: "", input: true },
        nom: { type: "string", required: false, defaultValue: "", input: true },
        roles: { type: "string[]", required: false, defaultValue: [DEFAULT_ROLE], input: false },
        aPayeCotisation: { type: "boolean", required: false, defaultValue: false, input: false },
        certificatMedicalFourni: { type: "boolean", required: false, defaultValue: false, input: false },
        active: { type: "boolean", required: false, defaultValue: true, input: false },
      },
    },
    session: {
      expiresIn: SESSION_ABSOLUTE_SECONDS,
      disableSessionRefresh: true,
      additionalFields: {
        selectedProfileId: { type: "number", required: false, input: false },
      },
    },
    account: {
      // Google never takes over an existing password account by itself
      // (auth/account-exists-with-password): no implicit linking at sign-in.
      // A signed-in member may link Google explicitly from the profile page.
      accountLinking: { enabled: true, disableImplicitLinking: true },
    },
    verification: { storeIdentifier: "hashed" },
    advanced: {
      useSecureCookies: e.BASE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Better Auth's own limiter covers its HTTP endpoints (only the OAuth
    // callback and the session read are exposed, see routes/resources/auth-api.ts);
    // the form actions use checkRateLimit with the configured limits.
    rateLimit: { enabled: e.NODE_ENV === "production", window: 60, max: 30 },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The common-password list applies however a password is set.
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const candidate =
          ctx.path === "/sign-up/email" ? body.password : ["/reset-password", "/change-password", "/set-password"].includes(ctx.path) ? body.newPassword : undefined;
        if (typeof candidate === "string") {
          const problem = passwordProblem(candidate);
          if (problem) throw new APIError("BAD_REQUEST", { code: "WEAK_PASSWORD", message: problem });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            const data = user as typeof user & { prenom?: string; nom?: string };
            let prenom = (data.prenom ?? "").trim();
            let nom = (data.nom ?? "").trim();
            if (!prenom) ({ prenom, nom } = splitDisplayName(user.name));
            const name = `${prenom} ${nom}`.trim();
            return { data: { ...user, prenom, nom, name, email: user.email.toLowerCase() } };
          },
          after: async (user) => {
            const data = user as typeof user & { prenom?: string; nom?: string };
            await createOwnProfile({ id: user.id, prenom: data.prenom ?? "", nom: data.nom ?? "" });
          },
        },
      },
      session: {
        create: {
          before: async (session) => {
            const [row] = await db.select({ active: users.active }).from(users).where(eq(users.id, session.userId));
            if (row && !row.active) {
              throw new APIError("FORBIDDEN", { code: "USER_DISABLED", message: "Ce compte a été désactivé." });
            }
            return { data: { ...session, selectedProfileId: null } };
          },
        },
      },
    },
    plugins: googleConfigured
      ? [
          genericOAuth({
            config: [
              {
                providerId: GOOGLE_PROVIDER_ID,
                name: "Google",
                clientId: e.GOOGLE_CLIENT_ID!,
                clientSecret: e.GOOGLE_CLIENT_SECRET!,
                discoveryUrl: `${issuer}/.well-known/openid-configuration`,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                prompt: "select_account",
                disableProviderLogout: true,
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
let instance: Auth | null = null;

/** The Better Auth instance (created on first use, after env and database are ready). */
export function getAuth(): Auth {
  instance ??= createAuth();
  return instance;
}

/** Tests only: forget the instance (after changing the environment). */
export function resetAuthForTests() {
  instance = null;
}

export function googleEnabled(): boolean {
  const e = env();
  return Boolean(e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET);
}

// ---------------------------------------------------------------------------
// Helpers for the operations

/** Only same-site relative paths: starts with one '/', no '//' nor backslash, no control characters. */
export function safeRedirectPath(value: unknown, fallback = "/espace-membre"): string {
  if (typeof value !== "string") return fallback;
  const v = value.trim();
  const hasControl = [...v].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (!v.startsWith("/") || v.startsWith("//") || v.includes("\\") || hasControl) return fallback;
  try {
    const url = new URL(v, "http://club.invalid");
    if (url.origin !== "http://club.invalid") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** Headers for a server-side Better Auth call: the client's cookies and the trusted client IP. */
function authHeaders(requestHeaders: Headers | undefined, ip: string): Headers {
  const h = new Headers();
  const cookie = requestHeaders?.get("cookie");
  if (cookie) h.set("cookie", cookie);
  const ua = requestHeaders?.get("user-agent");
  if (ua) h.set("user-agent", ua);
  h.set(CLIENT_IP_HEADER, ip);
  return h;
}

/** The Set-Cookie headers of a Better Auth answer, ready for a React Router response. */
function cookieHeaders(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const c of headers?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

function apiCode(err: unknown): string | undefined {
  if (err instanceof APIError) {
    const body = err.body as { code?: string } | undefined;
    return body?.code;
  }
  return undefined;
}

/** What a successful operation gives: the Set-Cookie headers to forward, and its result. */
type AuthDone<T = object> = { headers: Headers } & T;

function throwIfRateLimited(key: string, limit: number, windowMs: number): void {
  const r = checkRateLimit(key, limit, windowMs);
  if (r.ok) return;
  log.warn("rate limit reached", { key: key.replace(/:[^:]*@.*/, ":<email>") });
  throw new AuthFailure("auth/too-many-requests", 429, {
    message: `Trop de tentatives. Réessayez ${retryAfterText(r.retryAfterSeconds)}.`,
  });
}

function weakPassword(message: string): AuthFailure {
  return new AuthFailure("auth/weak-password", 400, { message, field: "password" });
}

async function findUserWithProviders(email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return null;
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, user.id));
  const providers = rows.map((r) => r.providerId);
  return { user, providers, hasPassword: providers.includes("credential"), hasGoogle: providers.includes(GOOGLE_PROVIDER_ID) };
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
  const limit = env().RATE_LIMIT_SIGNIN_PER_MINUTE;
  throwIfRateLimited(`signin:ip:${input.ip}`, limit, 60_000);
  throwIfRateLimited(`signin:email:${email}`, limit, 60_000);
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password: input.password, rememberMe: true },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    return { headers: cookieHeaders(headers), userId: response.user.id };
  } catch (err) {
    const code = apiCode(err);
    if (code === "USER_DISABLED") throw new AuthFailure("auth/user-disabled", 403);
    if (err instanceof APIError) {
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
  throwIfRateLimited(`signup:ip:${input.ip}`, env().RATE_LIMIT_SIGNUP_PER_MINUTE, 60_000);
  const problem = passwordProblem(input.password);
  if (problem) throw weakPassword(problem);
  const existing = await findUserWithProviders(email);
  if (existing) {
    if (existing.hasGoogle) throw new AuthFailure("auth/account-exists-with-google", 409);
    log.info("sign-up with an e-mail already in use", { userId: existing.user.id });
    throw new AuthFailure("auth/email-already-in-use", 409);
  }
  const prenom = input.prenom.trim();
  const nom = input.nom.trim();
  try {
    const { headers, response } = await getAuth().api.signUpEmail({
      body: { name: `${prenom} ${nom}`.trim(), email, password: input.password, prenom, nom },
      headers: authHeaders(input.headers, input.ip),
      returnHeaders: true,
    });
    return { headers: cookieHeaders(headers), userId: response.user.id };
  } catch (err) {
    const code = apiCode(err);
    if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
      log.info("sign-up with an e-mail already in use (race)", { email });
      throw new AuthFailure("auth/email-already-in-use", 409);
    }
    if (code === "WEAK_PASSWORD" || code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
      throw weakPassword(passwordProblem(input.password) ?? "Mot de passe refusé.");
    }
    log.error("sign-up failed", { err });
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
  const errorURL = `/connexion?${new URLSearchParams({ fournisseur: "google", redirectTo: target })}`;
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
    log.error("google sign-in could not start", { err: err instanceof Error ? err.message : String(err) });
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
  throwIfRateLimited(`reset:ip:${input.ip}`, env().RATE_LIMIT_RESET_PER_5_MINUTES, 5 * 60_000);
  try {
    await getAuth().api.requestPasswordReset({
      body: { email: input.email.trim().toLowerCase(), redirectTo: "/reinitialiser-mot-de-passe" },
    });
  } catch (err) {
    // Never tell the visitor whether the address exists: log and answer as usual.
    log.error("password reset request failed", { err: err instanceof Error ? err.message : String(err) });
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
  throwIfRateLimited(`reset-submit:ip:${input.ip}`, env().RATE_LIMIT_RESET_PER_5_MINUTES * 3, 5 * 60_000);
  const problem = passwordProblem(input.newPassword);
  if (problem) throw weakPassword(problem);
  try {
    await getAuth().api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
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

/** Ends the session of the request (sign-out). Returns the headers that clear the cookies. */
export async function signOut(requestHeaders: Headers): Promise<Headers> {
  const { headers } = await getAuth().api.signOut({ headers: authHeaders(requestHeaders, "local"), returnHeaders: true });
  return cookieHeaders(headers);
}

/** Ends every session of a user (deactivation, password change…). */
export async function revokeUserSessions(userId: string, q: Queryable = db): Promise<void> {
  await q.delete(sessions).where(eq(sessions.userId, userId));
}

/**
 * Creates a password account without the UI (CLI, tests, managers): same
 * hooks as a sign-up (own profile, name fields), with the given roles.
 */
export async function createPasswordUser(input: {
  email: string;
  password: string;
  prenom: string;
  nom: string;
  roles?: string[];
}): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const problem = passwordProblem(input.password);
  if (problem) throw new Error(problem);
  const ctx = await getAuth().$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) throw new Error(`Un compte existe déjà avec l'adresse ${email}.`);
  const prenom = input.prenom.trim();
  const nom = input.nom.trim();
  const user = await ctx.internalAdapter.createUser({
    email,
    name: `${prenom} ${nom}`.trim(),
    emailVerified: false,
    prenom,
    nom,
    roles: input.roles?.length ? input.roles : [DEFAULT_ROLE],
  }, { method: "email-password" });
  if (!user) throw new Error("Le compte n'a pas pu être créé.");
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password: await ctx.password.hash(input.password),
  });
  return { id: user.id, email };
}

/** Replaces the roles of a user (CLI, managers). */
export async function setUserRoles(userId: string, roles: string[], q: Queryable = db): Promise<void> {
  await q.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** The own profile of a user (always exists once the user is created). */
export async function findOwnProfile(userId: string, q: Queryable = db) {
  const [row] = await q.select().from(profiles).where(and(eq(profiles.ownerId, userId), eq(profiles.isSelf, true)));
  return row ?? null;
}
