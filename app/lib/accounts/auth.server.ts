/**
 * Accounts: the Better Auth instance (Drizzle adapter on our own tables,
 * scrypt password hashes, Google through a generic OIDC provider whose issuer
 * comes from the environment), sign-out, sessions and the accounts made
 * without the UI (CLI, tests). The operations the sign-in, sign-up and
 * password pages call are in auth-operations.server.ts (a refusal throws
 * `AuthFailure`, a DomainError carrying the catalogue's code).
 *
 * A password account (sign-up, CLI, tests) is written in one transaction:
 * user, credential and own profile (insertCredentialUser); losing a race on
 * the e-mail answers "already in use", never a 500.
 *
 * Sessions: a new session (new random id) at every sign-in; absolute expiry
 * SESSION_ABSOLUTE_SECONDS after sign-in (never extended), idle expiry
 * SESSION_IDLE_MS without a request (checked by getSessionUser). Cookies are
 * HttpOnly, SameSite=Lax, and Secure (with the __Secure- prefix) when
 * BASE_URL is https.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import * as schema from "#db/schema";
import { accounts, profiles, users } from "#db/schema";
import { db, isUniqueViolation } from "../core/db.server";
import { env } from "../core/env.server";
import { log } from "../core/log.server";
import { sendMail } from "../mail/send.server";
import { passwordResetMail } from "../mail/templates/password-reset";
import { hashPassword, verifyStoredPassword } from "./firebase/verify.server";
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./passwords.server";
import { PENDING_ROLE } from "./roles";
import { revokePasswordLinks } from "./password-links.server";
import { checkRateLimit } from "../http/rate-limit.server";
import { notifyManagersSafely } from "../members/manager-notifications.server";

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
  const last = words.at(-1);
  if (last === undefined) return { prenom: "Nouvel Utilisateur", nom: "" };
  if (words.length === 1) return { prenom: last, nom: "" };
  return { prenom: words.slice(0, -1).join(" "), nom: last };
}

/** Creates the account holder's own profile (isSelf) unless it exists. */
export async function createOwnProfile(user: { id: string; prenom: string; nom: string }): Promise<void> {
  await db
    .insert(profiles)
    .values({
      ownerId: user.id,
      isSelf: true,
      relationship: "moi",
      prenom: user.prenom,
      nom: user.nom,
      createdBy: user.id,
    })
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
        // One live link per account: the older ones stop working.
        const issued = await (
          await getAuth().$context
        ).internalAdapter.findVerificationValue(`reset-password:${token}`);
        await revokePasswordLinks(user.id, issued?.id);
        const link = `${env().BASE_URL}/reinitialiser-mot-de-passe?token=${encodeURIComponent(token)}`;
        await sendMail(passwordResetMail, { prenom: full.prenom || "", link }, { to: user.email });
      },
    },
    user: {
      modelName: "user",
      additionalFields: {
        prenom: { type: "string", required: false, defaultValue: "", input: true },
        nom: { type: "string", required: false, defaultValue: "", input: true },
        roles: { type: "string[]", required: false, defaultValue: [PENDING_ROLE], input: false },
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
    // the form actions use checkRateLimit with the configured limits. Both count
    // in the database store, shared by every server process.
    rateLimit: {
      enabled: e.NODE_ENV === "production",
      window: 60,
      max: 30,
      customStorage: {
        consume: async (key, rule) => {
          const r = await checkRateLimit(`better-auth:${key}`, rule.max, rule.window * 1000);
          return { allowed: r.ok, retryAfter: r.ok ? null : r.retryAfterSeconds };
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // The common-password list applies however a password is set.
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        const candidate =
          ctx.path === "/sign-up/email"
            ? body.password
            : ["/reset-password", "/change-password", "/set-password"].includes(ctx.path)
              ? body.newPassword
              : undefined;
        if (typeof candidate === "string") {
          const person =
            ctx.path === "/sign-up/email"
              ? {
                  email: typeof body.email === "string" ? body.email : "",
                  prenom: typeof body.prenom === "string" ? body.prenom : "",
                  nom: typeof body.nom === "string" ? body.nom : "",
                }
              : {};
          const problem = await checkPassword(candidate, person);
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
            // A new account (Google sign-up) is a pré-inscription: the managers are told.
            await notifyManagersSafely("pre-inscription", {
              prenom: data.prenom ?? "",
              nom: data.nom ?? "",
              email: user.email,
            });
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
// Helpers shared with the operations (auth-operations.server.ts)

/** Headers for a server-side Better Auth call: the client's cookies and the trusted client IP. */
export function authHeaders(requestHeaders: Headers | undefined, ip: string): Headers {
  const h = new Headers();
  const cookie = requestHeaders?.get("cookie");
  if (cookie) h.set("cookie", cookie);
  const ua = requestHeaders?.get("user-agent");
  if (ua) h.set("user-agent", ua);
  h.set(CLIENT_IP_HEADER, ip);
  return h;
}

/** The Set-Cookie headers of a Better Auth answer, ready for a React Router response. */
export function cookieHeaders(headers: Headers | undefined): Headers {
  const out = new Headers();
  for (const c of headers?.getSetCookie() ?? []) out.append("Set-Cookie", c);
  return out;
}

/**
 * Creates a password account — user, credential and own profile — in ONE
 * transaction: a sign-up cut midway leaves nothing, never an account
 * without password. Resolves null when the e-mail is already in use (also
 * when a simultaneous sign-up won the race: unique violation).
 */
export async function insertCredentialUser(input: {
  email: string;
  password: string;
  prenom: string;
  nom: string;
  roles?: string[];
}): Promise<{ id: string } | null> {
  const ctx = await getAuth().$context;
  const hash = await ctx.password.hash(input.password);
  const prenom = input.prenom.trim();
  const nom = input.nom.trim();
  const id = ctx.generateId({ model: "user" }) || randomUUID();
  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        email: input.email,
        name: `${prenom} ${nom}`.trim(),
        emailVerified: false,
        prenom,
        nom,
        roles: input.roles?.length ? input.roles : [PENDING_ROLE],
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(accounts).values({
        id: ctx.generateId({ model: "account" }) || randomUUID(),
        userId: id,
        providerId: "credential",
        accountId: id,
        password: hash,
        createdAt: now,
        updatedAt: now,
      });
      await createOwnProfile({ id, prenom, nom });
    });
  } catch (err) {
    if (isUniqueViolation(err)) return null;
    throw err;
  }
  return { id };
}

/** Ends the session of the request (sign-out). Returns the headers that clear the cookies. */
export async function signOut(requestHeaders: Headers): Promise<Headers> {
  const { headers } = await getAuth().api.signOut({
    headers: authHeaders(requestHeaders, "local"),
    returnHeaders: true,
  });
  return cookieHeaders(headers);
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
  const problem = await checkPassword(input.password, { email, prenom: input.prenom, nom: input.nom });
  if (problem) throw new Error(problem);
  const created = await insertCredentialUser({
    email,
    password: input.password,
    prenom: input.prenom,
    nom: input.nom,
    roles: input.roles,
  });
  if (!created) throw new Error(`Un compte existe déjà avec l'adresse ${email}.`);
  return { id: created.id, email };
}
