/**
 * Open redirects: every endpoint that takes a redirect target from input
 * (sign-in page and form, sign-up page and form, the profile switcher's
 * field and Referer), sent every payload of the audit. The Location a
 * browser would follow must stay on this site.
 */
import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { requestInfoContext } from "~/lib/http/context";
import { userContext } from "~/lib/accounts/auth-context";
import { resetRateLimits } from "~/lib/http/rate-limit.server";
import { safeRedirectPath } from "~/lib/http/redirects";
import * as signIn from "~/routes/auth/sign-in";
import * as signUp from "~/routes/auth/sign-up";
import * as selectProfile from "~/routes/member/select-profile";
import { createUser } from "../helpers/auth";

const ORIGIN = "http://localhost:3000";

export const PAYLOADS = [
  "/.//evil.example/x",
  "/%2e//evil.example/x",
  "/%2E//evil.example/x",
  "/a/..//evil.example/x",
  "/..//evil.example/x",
  "/%2e%2e//evil.example/x",
  "/a/%2e%2e//evil.example/x",
  "/././/evil.example/x",
  "//evil.example/x",
  "///evil.example/x",
  "/\\evil.example/x",
  "/\\/evil.example/x",
  "\\\\evil.example/x",
  "/%5cevil.example/x",
  "/%5c%5cevil.example/x",
  "/%2f%2fevil.example/x",
  "/%2f/evil.example/x",
  "/.%2f/evil.example/x",
  "/\t/evil.example/x",
  "/%09/evil.example/x",
  "https://evil.example/x",
  "http:evil.example",
  "javascript:alert(1)",
  "/espace-membre/..//evil.example/x",
  "/espace-membre/%2e%2e//evil.example/x",
  "/espace-membre/../%2e//evil.example/x",
  " //evil.example/x",
];

const context = () => new RouterContextProvider(new Map([[requestInfoContext, { ip: "127.0.0.1", nonce: "" }]]));

/** The Location of a redirect returned or thrown by a loader or action. */
async function locationOf(run: () => Promise<unknown>): Promise<string | null> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (err) {
    outcome = err;
  }
  return outcome instanceof Response ? outcome.headers.get("location") : null;
}

function staysHere(location: string): boolean {
  // What a browser does: resolve against the current page.
  return new URL(location, `${ORIGIN}/connexion`).origin === ORIGIN;
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { origin: ORIGIN, ...headers },
  });
}

describe("redirect targets from input", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirectPath("/espace-membre/profil?onglet=1#x")).toBe("/espace-membre/profil?onglet=1#x");
    expect(safeRedirectPath("/a/../espace-membre")).toBe("/espace-membre");
  });

  it.each(PAYLOADS)("never sends a browser to another site: %j", (payload) => {
    expect(staysHere(safeRedirectPath(payload))).toBe(true);
    expect(safeRedirectPath(payload)).not.toMatch(/^\/[/\\]/);
  });

  it("holds on every endpoint that takes a redirect target", { timeout: 120_000 }, async () => {
    const member = await createUser({ roles: ["membre"] });
    const endpoints: Array<[string, (p: string) => Promise<string | null>]> = [
      [
        "sign-in page, signed in",
        (p) =>
          locationOf(() =>
            signIn.loader({
              request: new Request(`${ORIGIN}/connexion?redirectTo=${encodeURIComponent(p)}`, {
                headers: { cookie: member.cookie },
              }),
            } as never),
          ),
      ],
      [
        "sign-in form",
        (p) =>
          locationOf(() =>
            signIn.action({
              request: post("/connexion", { email: member.email, password: member.password, redirectTo: p }),
              context: context(),
            } as never),
          ),
      ],
      [
        "sign-up page, signed in",
        (p) =>
          locationOf(() =>
            signUp.loader({
              request: new Request(`${ORIGIN}/inscription?redirectTo=${encodeURIComponent(p)}`, {
                headers: { cookie: member.cookie },
              }),
            } as never),
          ),
      ],
      [
        "sign-up form",
        (p) =>
          locationOf(() =>
            signUp.action({
              request: post("/inscription", {
                prenom: "Lan",
                nom: "Tran",
                email: `r-${randomUUID().slice(0, 8)}@exemple.fr`,
                password: `Bambou-${randomUUID()}`,
                redirectTo: p,
              }),
              context: context(),
            } as never),
          ),
      ],
      [
        "profile switcher field",
        (p) =>
          locationOf(() =>
            selectProfile.action({
              request: post(
                "/espace-membre/profil-actif",
                { intent: "clear", redirectTo: p },
                { cookie: member.cookie },
              ),
              context: memberContext(),
            } as never),
          ),
      ],
      [
        "profile switcher Referer",
        (p) =>
          locationOf(() =>
            selectProfile.action({
              request: post(
                "/espace-membre/profil-actif",
                { intent: "clear" },
                { cookie: member.cookie, referer: `${ORIGIN}${p.startsWith("/") ? p : `/${p}`}` },
              ),
              context: memberContext(),
            } as never),
          ),
      ],
    ];
    // The member layout's middleware puts the signed-in user in the router context.
    function memberContext() {
      const c = context();
      c.set(userContext, member.user);
      return c;
    }
    let attempts = 0;
    const open: string[] = [];
    for (const [name, run] of endpoints) {
      for (const payload of PAYLOADS) {
        await resetRateLimits();
        const location = await run(payload);
        attempts++;
        expect(location, `${name} ${payload}`).not.toBeNull();
        if (!staysHere(location!) || /^\/[/\\]/.test(location!))
          open.push(`${name} ${JSON.stringify(payload)} -> ${location}`);
      }
    }
    console.info(`${attempts} redirect payload x endpoint combinations: ${open.length} open`);
    expect(open).toEqual([]);
  });
});
