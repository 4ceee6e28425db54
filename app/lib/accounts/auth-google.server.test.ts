/**
 * Google sign-in through the real OIDC flow against a local OIDC server
 * (oauth2-mock-server): authorization redirect, code exchange, ID token
 * verification (JWKS, nonce, PKCE), user creation with the name split, and the
 * refusal for an e-mail that already has a password account.
 */
import { eq } from "drizzle-orm";
import { assert, describe, expect, it } from "vitest";
import { profiles, users } from "#db/schema";
import { cookieFromSetCookie, createUser } from "../../../tests/helpers/auth";
import { AUTH_ERRORS } from "./auth-errors";
import { getAuth } from "./auth.server";
import { googleCallbackError, startGoogleSignIn } from "./auth-operations.server";
import { withLocalGoogle } from "../../../tests/helpers/local-google";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { getSessionUser } from "./session.server";
import { startGoogleLink } from "./account-settings.server";
import { accounts } from "#db/schema";

const { oidc, setClaims } = withLocalGoogle();

/** Runs the browser's part of the flow: provider authorization, then our callback. */
async function googleSignIn(
  profile: { email: string; name?: string; sub: string },
  redirectTo = "/espace-membre/profil",
) {
  setClaims({ email: profile.email, email_verified: true, name: profile.name, sub: profile.sub });
  // A refusal throws (AuthFailure): the test fails with its message.
  const start = await startGoogleSignIn({ redirectTo, ip: "127.0.0.1" });
  const url = new URL(start.url);
  expect(url.origin).toBe(oidc.issuer.url);
  expect(url.searchParams.get("code_challenge")).toBeTruthy();
  expect(url.searchParams.get("nonce")).toBeTruthy();
  const authorize = await fetch(url, { redirect: "manual" });
  const callback = authorize.headers.get("location");
  if (!callback) throw new Error("no redirect from the OIDC server");
  expect(callback.startsWith(`${env().BASE_URL}/api/auth/callback/google?`)).toBe(true);
  const response = await getAuth().handler(
    new Request(callback, { headers: { cookie: cookieFromSetCookie(start.headers) } }),
  );
  return response;
}

describe("Google sign-in (OIDC redirect flow)", () => {
  it("first sign-in creates the user with the name split and lands on redirectTo with a session", async () => {
    const res = await googleSignIn({ email: "Anne.Nguyen@exemple.fr", name: "Anne Marie Nguyen", sub: "g-1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/espace-membre/profil");
    const [u] = await db.select().from(users).where(eq(users.email, "anne.nguyen@exemple.fr"));
    assert(u);
    expect(u).toMatchObject({
      prenom: "Anne Marie",
      nom: "Nguyen",
      roles: ["pré-inscrit"],
      aPayeCotisation: false,
      certificatMedicalFourni: false,
    });
    expect(await db.select().from(profiles).where(eq(profiles.ownerId, u.id))).toHaveLength(1);
    const session = await getSessionUser(
      new Request("http://localhost:3000/", { headers: { cookie: cookieFromSetCookie(res.headers) } }),
    );
    expect(session).toMatchObject({ id: u.id, prenom: "Anne Marie", nom: "Nguyen" });

    // Second sign-in: same user, no duplicate.
    const again = await googleSignIn(
      { email: "anne.nguyen@exemple.fr", name: "Anne Marie Nguyen", sub: "g-1" },
      "/espace-membre",
    );
    expect(again.headers.get("location")).toBe("/espace-membre");
    expect(await db.select().from(users).where(eq(users.email, "anne.nguyen@exemple.fr"))).toHaveLength(1);
  });

  it("no display name: prenom 'Nouvel Utilisateur'", async () => {
    await googleSignIn({ email: "anonyme@exemple.fr", sub: "g-2" });
    const [u] = await db.select().from(users).where(eq(users.email, "anonyme@exemple.fr"));
    expect(u).toMatchObject({ prenom: "Nouvel Utilisateur", nom: "" });
  });

  it("an e-mail that has a password account: auth/account-exists-with-password, not linked", async () => {
    const { email, user } = await createUser({ roles: ["membre"] });
    const res = await googleSignIn({ email, name: "Quelqu'un d'Autre", sub: "g-3" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, "http://localhost:3000");
    expect(location.pathname).toBe("/connexion");
    const code = googleCallbackError(location.searchParams.get("error")!);
    expect(code).toBe("auth/account-exists-with-password");
    expect(AUTH_ERRORS[code]).toBe("Un compte existe déjà avec cet e-mail.");
    expect(cookieFromSetCookie(res.headers)).not.toMatch(/session_token=[^;]+/);
    const [u] = await db.select().from(users).where(eq(users.id, user.id));
    assert(u);
    expect(u.prenom).toBe("Camille");
  });

  it("a deactivated Google user is refused", async () => {
    await googleSignIn({ email: "parti@exemple.fr", name: "Paul Parti", sub: "g-4" });
    await db.update(users).set({ active: false }).where(eq(users.email, "parti@exemple.fr"));
    const res = await googleSignIn({ email: "parti@exemple.fr", name: "Paul Parti", sub: "g-4" });
    const location = new URL(res.headers.get("location")!, "http://localhost:3000");
    expect(googleCallbackError(location.searchParams.get("error")!)).toBe("auth/user-disabled");
  });

  it("a signed-in member links Google explicitly from the profile, then signs in with it", async () => {
    const { email, user, cookie } = await createUser({ roles: ["membre"] });
    const request = new Request("http://localhost:3000/espace-membre/profil", {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000" },
    });
    const start = await startGoogleLink(request, user.id);
    if (!start.redirectTo) throw new Error("the link did not start");
    setClaims({ email, email_verified: true, name: "Camille Martin", sub: "g-5" });
    const authorize = await fetch(start.redirectTo, { redirect: "manual" });
    const callback = authorize.headers.get("location")!;
    const stateCookie = cookieFromSetCookie(start.headers);
    const res = await getAuth().handler(
      new Request(callback, { headers: { cookie: [cookie, stateCookie].filter(Boolean).join("; ") } }),
    );
    expect(res.headers.get("location")).toBe("/espace-membre/profil?google=associe");
    const linked = await db.select().from(accounts).where(eq(accounts.userId, user.id));
    expect(linked.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);

    const signIn = await googleSignIn({ email, name: "Camille Martin", sub: "g-5" }, "/espace-membre");
    expect(signIn.headers.get("location")).toBe("/espace-membre");
    const session = await getSessionUser(
      new Request("http://localhost:3000/", { headers: { cookie: cookieFromSetCookie(signIn.headers) } }),
    );
    expect(session?.id).toBe(user.id);
  });
});
