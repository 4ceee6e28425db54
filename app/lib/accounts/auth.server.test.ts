/**
 * Accounts, integration (real PGlite, real Better Auth): error catalogue,
 * default fields, name split, isAdmin, rate limits, password reset (expiry,
 * single use, sessions ended), deactivated users, session expiry, redirects.
 */
import { desc, eq } from "drizzle-orm";
import { assert, beforeEach, describe, expect, it } from "vitest";
import { outbox, profiles, sessions, users, verifications } from "#db/schema";
import { cookieFromSetCookie, createUser, signInCookie } from "../../../tests/helpers/auth";
import { AUTH_ERRORS, AuthFailure, type AuthError } from "./auth-errors";
import { createPasswordUser, getAuth, splitDisplayName } from "./auth.server";
import {
  googleCallbackError,
  isResetTokenValid,
  requestPasswordReset,
  resetPassword,
  safeRedirectPath,
  signInWithPassword,
  signUpWithPassword,
} from "./auth-operations.server";
import { isSameOriginRequest } from "../http/csrf.server";
import { db } from "../core/db.server";
import { isCommonPassword, passwordProblem } from "./passwords.server";
import { resetRateLimits } from "../http/rate-limit.server";
import { getSessionUser } from "./session.server";

const PASSWORD = "une phrase assez longue";
let ipCounter = 0;
/** A fresh client IP per call, so that rate limits only bite where a test wants them. */
const ip = () => `10.0.0.${++ipCounter}`;

function requestWith(cookie: string, path = "/espace-membre") {
  return new Request(`http://localhost:3000${path}`, { headers: { cookie } });
}

async function googleOnlyUser(email: string, name = "Gaëlle Google") {
  const ctx = await getAuth().$context;
  const user = await ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: "oauth" });
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "google", accountId: `sub-${email}` });
  return user;
}

/**
 * An operation's outcome as the catalogue describes it: `{ ok: true, … }`, or
 * the `AuthFailure` it threw as `{ ok: false, status, error: { code, message } }`.
 */
async function outcome<T extends object>(
  operation: Promise<T>,
): Promise<({ ok: true } & T) | { ok: false; status: number; error: AuthError; fieldErrors?: Record<string, string> }> {
  try {
    return { ok: true, ...(await operation) };
  } catch (err) {
    if (!(err instanceof AuthFailure)) throw err;
    return {
      ok: false,
      status: err.status,
      error: err.error,
      fieldErrors: err.field ? { [err.field]: err.message } : undefined,
    };
  }
}

beforeEach(() => resetRateLimits());

describe("sign-up: the user record of spec section 3", () => {
  it("creates prenom, nom, email, roles ['pré-inscrit'], createdAt, both flags false and the own profile", async () => {
    const before = Date.now();
    const r = await outcome(
      signUpWithPassword({
        prenom: " Léa ",
        nom: "Durand",
        email: "Lea.Durand@Exemple.fr",
        password: PASSWORD,
        ip: ip(),
      }),
    );
    expect(r.ok).toBe(true);
    const [u] = await db.select().from(users).where(eq(users.email, "lea.durand@exemple.fr"));
    assert(u);
    expect(u).toMatchObject({
      prenom: "Léa",
      nom: "Durand",
      name: "Léa Durand",
      roles: ["pré-inscrit"],
      aPayeCotisation: false,
      certificatMedicalFourni: false,
      active: true,
    });
    expect(u.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(u.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    const own = await db.select().from(profiles).where(eq(profiles.ownerId, u.id));
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ isSelf: true, relationship: "moi", prenom: "Léa", nom: "Durand" });
    // Signed in at once, as a pré-inscrit.
    if (!r.ok) throw new Error();
    const session = await getSessionUser(requestWith(cookieFromSetCookie(r.headers)));
    expect(session).toMatchObject({ id: u.id, roles: ["pré-inscrit"], isAdmin: false });
  });

  it("never lets the sign-up body choose roles or flags (input: false)", async () => {
    await getAuth().api.signUpEmail({
      body: {
        name: "X Y",
        email: "pirate@exemple.fr",
        password: PASSWORD,
        roles: ["admin"],
        active: true,
        aPayeCotisation: true,
      } as never,
    });
    const [row] = await db.select().from(users).where(eq(users.email, "pirate@exemple.fr"));
    expect(row).toMatchObject({ roles: ["pré-inscrit"], aPayeCotisation: false });
  });

  it("refuses short, long and common passwords with French messages", async () => {
    expect(passwordProblem("court")).toMatch(/au moins 8 caractères/);
    expect(passwordProblem("x".repeat(129))).toMatch(/au plus 128 caractères/);
    for (const p of ["azertyuiop", "motdepasse", "Password1", "123456789", "soleil123"]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
    expect(passwordProblem("cheval agrafe pile correcte")).toBeNull();
    const r = await outcome(
      signUpWithPassword({ prenom: "A", nom: "B", email: "faible@exemple.fr", password: "motdepasse", ip: ip() }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors?.password).toMatch(/plus courants/);
    expect(await db.select().from(users).where(eq(users.email, "faible@exemple.fr"))).toHaveLength(0);
    // The same rule holds on Better Auth's own endpoint.
    await expect(
      getAuth().api.signUpEmail({ body: { name: "A B", email: "faible@exemple.fr", password: "azertyuiop" } }),
    ).rejects.toThrow(/plus courants/);
  });
});

describe("error catalogue (spec section 8)", () => {
  it("sign-in with a password for a Google-only account: auth/wrong-provider-google", async () => {
    await googleOnlyUser("gaelle@exemple.fr");
    const r = await outcome(signInWithPassword({ email: "gaelle@exemple.fr", password: PASSWORD, ip: ip() }));
    expect(r).toMatchObject({
      ok: false,
      status: 401,
      error: { code: "auth/wrong-provider-google", message: "Cet e-mail est associé à un compte Google." },
    });
  });

  it("sign-in invalid otherwise: auth/invalid-credential (wrong password, unknown e-mail)", async () => {
    const { email } = await createUser({ roles: ["membre"], password: PASSWORD });
    for (const attempt of [
      { email, password: "pas le bon mot de passe" },
      { email: "inconnu@exemple.fr", password: PASSWORD },
    ]) {
      const r = await outcome(signInWithPassword({ ...attempt, ip: ip() }));
      expect(r).toMatchObject({
        ok: false,
        status: 401,
        error: { code: "auth/invalid-credential", message: AUTH_ERRORS["auth/invalid-credential"] },
      });
    }
  });

  it("sign-up with the e-mail of a Google account: auth/account-exists-with-google", async () => {
    await googleOnlyUser("gilles@exemple.fr");
    const r = await outcome(
      signUpWithPassword({ prenom: "Gilles", nom: "G", email: "Gilles@exemple.fr", password: PASSWORD, ip: ip() }),
    );
    expect(r).toMatchObject({
      ok: false,
      error: { code: "auth/account-exists-with-google", message: "Un compte existe déjà avec ce fournisseur." },
    });
  });

  it("sign-up with an e-mail already used otherwise: auth/email-already-in-use", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    const r = await outcome(
      signUpWithPassword({ prenom: "Autre", nom: "Personne", email, password: PASSWORD, ip: ip() }),
    );
    expect(r).toMatchObject({ ok: false, status: 409, error: { code: "auth/email-already-in-use" } });
    if (r.ok) return;
    expect(r.error.message).toMatch(/Connectez-vous ou réinitialisez votre mot de passe/);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("Google sign-in refused for a password account maps to auth/account-exists-with-password", () => {
    // The full OIDC flow is exercised in auth-google.server.test.ts.
    expect(googleCallbackError("account_not_linked")).toBe("auth/account-exists-with-password");
    expect(AUTH_ERRORS["auth/account-exists-with-password"]).toBe("Un compte existe déjà avec cet e-mail.");
    expect(googleCallbackError("access_denied")).toBe("auth/popup-closed-by-user");
    expect(googleCallbackError("anything_else")).toBe("auth/google-failed");
  });

  it("every catalogue message is French text, never an English provider message", () => {
    for (const [code, message] of Object.entries(AUTH_ERRORS)) {
      expect(code).toMatch(/^auth\/[a-z-]+$/);
      expect(message).toMatch(/[.!]$/);
    }
  });
});

describe("rate limits (HTTP 429, auth/too-many-requests, when to retry)", () => {
  it("sign-in: one address gets far more failures than one account before waiting (a shared dojo address)", async () => {
    const from = ip();
    for (let i = 0; i < 12; i++) {
      const r = await outcome(signInWithPassword({ email: `x${i}@exemple.fr`, password: PASSWORD, ip: from }));
      expect(r.ok ? 200 : r.status).toBe(401);
    }
  });

  it("sign-in: 5 failures per e-mail, whatever the IP, then a wait said in French", async () => {
    const { email, password } = await createUser({ roles: ["membre"] });
    for (let i = 0; i < 5; i++)
      await outcome(signInWithPassword({ email, password: "mauvais mot de passe", ip: ip() }));
    const r = await outcome(signInWithPassword({ email: email.toUpperCase(), password, ip: ip() }));
    expect(r).toMatchObject({ ok: false, status: 429, error: { code: "auth/too-many-requests" } });
    if (!r.ok) expect(r.error.message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ (secondes?|minutes?)\.$/);
  });

  it("sign-up: 3 per minute per IP", async () => {
    const from = ip();
    for (let i = 0; i < 3; i++) {
      const r = await outcome(
        signUpWithPassword({ prenom: "P", nom: "N", email: `inscrit${i}@exemple.fr`, password: PASSWORD, ip: from }),
      );
      expect(r.ok).toBe(true);
    }
    const r = await outcome(
      signUpWithPassword({ prenom: "P", nom: "N", email: "inscrit9@exemple.fr", password: PASSWORD, ip: from }),
    );
    expect(r).toMatchObject({ ok: false, status: 429, error: { code: "auth/too-many-requests" } });
  });

  it("password reset: 3 per 5 minutes per IP, the message says minutes", async () => {
    const from = ip();
    for (let i = 0; i < 3; i++)
      expect((await outcome(requestPasswordReset({ email: `r${i}@exemple.fr`, ip: from }))).ok).toBe(true);
    const r = await outcome(requestPasswordReset({ email: "r9@exemple.fr", ip: from }));
    expect(r).toMatchObject({ ok: false, status: 429, error: { code: "auth/too-many-requests" } });
    if (!r.ok) expect(r.error.message).toMatch(/Réessayez dans 5 minutes\./);
  });
});

describe("name split of a Google display name", () => {
  it.each([
    ["Jean Pierre Martin", { prenom: "Jean Pierre", nom: "Martin" }],
    ["Anne Nguyen", { prenom: "Anne", nom: "Nguyen" }],
    ["Madonna", { prenom: "Madonna", nom: "" }],
    ["", { prenom: "Nouvel Utilisateur", nom: "" }],
  ])("%j", async (displayName, expected) => {
    expect(splitDisplayName(displayName)).toEqual(expected);
    // Through the user-creation hook, as a Google first sign-in does.
    const ctx = await getAuth().$context;
    const email = `split-${Math.random().toString(36).slice(2)}@exemple.fr`;
    const created = await ctx.internalAdapter.createUser(
      { email, name: displayName, emailVerified: true },
      { method: "oauth" },
    );
    const [u] = await db.select().from(users).where(eq(users.id, created.id));
    assert(u);
    expect({ prenom: u.prenom, nom: u.nom }).toEqual(expected);
    expect(u.roles).toEqual(["pré-inscrit"]);
    const [p] = await db.select().from(profiles).where(eq(profiles.ownerId, u.id));
    expect(p).toMatchObject({ isSelf: true, prenom: expected.prenom });
  });
});

describe("session context", () => {
  it("isAdmin is true exactly when the roles contain admin", async () => {
    expect((await createUser({ roles: ["admin"] })).user.isAdmin).toBe(true);
    expect((await createUser({ roles: ["user_manager", "admin"] })).user.isAdmin).toBe(true);
    for (const roles of [["membre"], ["user_manager", "article_manager"], ["pré-inscrit"]]) {
      expect((await createUser({ roles })).user.isAdmin).toBe(false);
    }
  });

  it("a new session id at every sign-in, cookies HttpOnly and SameSite=Lax", async () => {
    const { email, password, user } = await createUser({ roles: ["membre"] });
    const second = await outcome(signInWithPassword({ email, password, ip: ip() }));
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    const setCookie = second.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/); // BASE_URL is http in tests
    const again = await getSessionUser(requestWith(cookieFromSetCookie(second.headers)));
    expect(again?.id).toBe(user.id);
    expect(again?.sessionId).not.toBe(user.sessionId);
  });

  it("a deactivated user cannot sign in and loses the sessions they had", async () => {
    const { email, password, cookie, user } = await createUser({ roles: ["membre"] });
    await db.update(users).set({ active: false }).where(eq(users.id, user.id));
    expect(await getSessionUser(requestWith(cookie))).toBeNull();
    const r = await outcome(signInWithPassword({ email, password, ip: ip() }));
    expect(r).toMatchObject({ ok: false, status: 403, error: { code: "auth/user-disabled" } });
    if (!r.ok) expect(r.error.message).toMatch(/désactivé/);
  });

  it("idle expiry (7 days without a request) and absolute expiry", async () => {
    const a = await createUser({ roles: ["membre"] });
    await db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(eq(sessions.id, a.user.sessionId));
    expect(await getSessionUser(requestWith(a.cookie))).toBeNull();
    const b = await createUser({ roles: ["membre"] });
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, b.user.sessionId));
    expect(await getSessionUser(requestWith(b.cookie))).toBeNull();
    const c = await createUser({ roles: ["membre"] });
    expect(await getSessionUser(requestWith(c.cookie))).not.toBeNull();
  });

  it("a tampered cookie is no session", async () => {
    const { cookie } = await createUser({ roles: ["membre"] });
    const tampered = cookie.replace(/session_token=([^.;]+)/, "session_token=AAAA$1");
    expect(await getSessionUser(requestWith(tampered))).toBeNull();
  });
});

describe("password reset", () => {
  async function lastResetLink(to: string): Promise<string> {
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
    const link = mail?.text.match(/https?:\/\/\S+reinitialiser-mot-de-passe\?token=\S+/)?.[0];
    if (!link) throw new Error("no reset link");
    return link;
  }

  it("same answer whether the address exists or not; e-mail only for an account", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    const known = await outcome(requestPasswordReset({ email, ip: ip() }));
    const unknown = await outcome(requestPasswordReset({ email: "personne@exemple.fr", ip: ip() }));
    expect(known).toEqual(unknown);
    expect(await db.select().from(outbox).where(eq(outbox.to, "personne@exemple.fr"))).toHaveLength(0);
    const link = await lastResetLink(email);
    expect(link.startsWith("http://localhost:3000/reinitialiser-mot-de-passe?token=")).toBe(true);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, email));
    assert(mail);
    expect(mail.subject).toBe("Réinitialisation de votre mot de passe");
    expect(mail.text).toMatch(/30 minutes/);
  });

  it("sets the new password once, ends every session, and the link cannot be used again", async () => {
    const { email, cookie, password: oldPassword } = await createUser({ roles: ["membre"] });
    await outcome(requestPasswordReset({ email, ip: ip() }));
    const token = new URL(await lastResetLink(email)).searchParams.get("token")!;
    expect(await isResetTokenValid(token)).toBe(true);
    // The token is stored hashed, never in clear.
    const rows = await db.select().from(verifications);
    expect(rows.some((r) => r.identifier.includes(token))).toBe(false);

    const newPassword = "nouvelle phrase de passe";
    expect(await outcome(resetPassword({ token, newPassword, ip: ip() }))).toMatchObject({ ok: true });
    expect(await getSessionUser(requestWith(cookie))).toBeNull();
    expect(await outcome(signInWithPassword({ email, password: oldPassword, ip: ip() }))).toMatchObject({ ok: false });
    expect(await outcome(signInWithPassword({ email, password: newPassword, ip: ip() }))).toMatchObject({ ok: true });

    expect(await isResetTokenValid(token)).toBe(false);
    expect(await outcome(resetPassword({ token, newPassword: "encore une autre phrase", ip: ip() }))).toMatchObject({
      ok: false,
      error: { code: "auth/invalid-reset-token" },
    });
  });

  it("the link expires after 30 minutes", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    const before = Date.now();
    await outcome(requestPasswordReset({ email, ip: ip() }));
    const token = new URL(await lastResetLink(email)).searchParams.get("token")!;
    const [row] = await db.select().from(verifications).orderBy(desc(verifications.createdAt)).limit(1);
    assert(row);
    const lifetime = row.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(29 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 60_000 + 2000);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.id, row.id));
    expect(await isResetTokenValid(token)).toBe(false);
    expect(await outcome(resetPassword({ token, newPassword: "nouvelle phrase de passe", ip: ip() }))).toMatchObject({
      ok: false,
      error: { code: "auth/invalid-reset-token" },
    });
  });

  it("refuses a common password", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    await outcome(requestPasswordReset({ email, ip: ip() }));
    const token = new URL(await lastResetLink(email)).searchParams.get("token")!;
    const r = await outcome(resetPassword({ token, newPassword: "azertyuiop", ip: ip() }));
    expect(r).toMatchObject({ ok: false, error: { code: "auth/weak-password" } });
    expect(await isResetTokenValid(token)).toBe(true);
  });
});

describe("redirects and CSRF", () => {
  it("only same-site relative paths are honoured after sign-in", () => {
    expect(safeRedirectPath("/espace-membre/profil?onglet=1")).toBe("/espace-membre/profil?onglet=1");
    for (const bad of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil.example",
      "\\\\evil",
      "javascript:alert(1)",
      "espace",
      "/\t/evil.example",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(bad), String(bad)).toBe("/espace-membre");
    }
  });

  it("state-changing requests must come from this site", () => {
    const post = (headers: Record<string, string>) =>
      new Request("http://localhost:3000/connexion", { method: "POST", headers });
    expect(isSameOriginRequest(post({ origin: "http://localhost:3000" }))).toBe(true);
    expect(isSameOriginRequest(post({ referer: "http://localhost:3000/connexion" }))).toBe(true);
    expect(isSameOriginRequest(post({ origin: "https://evil.example" }))).toBe(false);
    expect(isSameOriginRequest(post({ origin: "null" }))).toBe(false);
    expect(isSameOriginRequest(post({}))).toBe(false);
    expect(isSameOriginRequest(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    expect(isSameOriginRequest(new Request("http://localhost:3000/x"))).toBe(true);
  });
});

describe("test helper and CLI path", () => {
  it("createPasswordUser refuses duplicates and signInCookie gives a working cookie", async () => {
    await createPasswordUser({
      email: "cli@exemple.fr",
      password: PASSWORD,
      prenom: "Cli",
      nom: "Ent",
      roles: ["admin"],
    });
    await expect(
      createPasswordUser({ email: "CLI@exemple.fr", password: PASSWORD, prenom: "X", nom: "Y" }),
    ).rejects.toThrow(/existe déjà/);
    const cookie = await signInCookie("cli@exemple.fr", PASSWORD);
    expect((await getSessionUser(requestWith(cookie)))?.roles).toEqual(["admin"]);
  });
});
