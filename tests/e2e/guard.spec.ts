/**
 * The member-area guard, table-driven, through the real production server:
 * every member-area route x every role (and signed out), for loaders (GET)
 * and actions (POST): expected status and redirect target (spec section 6).
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { allowedRolesFor } from "../../app/lib/accounts/roles";
import { e2eUser, ROLE_NAMES, signInRequest, type FixtureRole } from "./auth-helpers";
import { expect, test } from "./fixtures";

const ROUTES = [
  "/espace-membre",
  "/espace-membre/profil",
  "/espace-membre/grades",
  "/espace-membre/revision",
  "/espace-membre/brochure",
  "/espace-membre/contenu",
  "/espace-membre/todo",
  "/espace-membre/videos",
  "/espace-membre/utilisateurs",
  "/espace-membre/utilisateurs/ajouter",
  "/espace-membre/utilisateurs/modifier/x",
  "/espace-membre/articles",
  "/espace-membre/articles/ajouter",
  "/espace-membre/articles/modifier/x",
  "/espace-membre/evenements",
  "/espace-membre/evenements/ajouter",
  "/espace-membre/evenements/modifier/x",
];

type Who = FixtureRole | "déconnecté";
const WHO: Who[] = ["déconnecté", ...ROLE_NAMES];

function allowed(who: Who, path: string): boolean {
  if (who === "déconnecté") return false;
  return (allowedRolesFor(path) ?? []).includes(who);
}

const contexts = new Map<Who, APIRequestContext>();

test.beforeAll(async () => {
  const baseURL = process.env.E2E_BASE_URL!;
  for (const who of WHO) {
    const ctx = await playwrightRequest.newContext({ baseURL });
    if (who !== "déconnecté") {
      const { email, password } = e2eUser(who);
      await signInRequest(ctx, baseURL, email, password);
    }
    contexts.set(who, ctx);
  }
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

for (const who of WHO) {
  test(`loaders (GET): ${who}`, async () => {
    const ctx = contexts.get(who)!;
    const rows: string[] = [];
    for (const path of ROUTES) {
      const res = await ctx.get(path, { maxRedirects: 0 });
      const status = res.status();
      const location = res.headers()["location"] ?? "";
      let expected: string;
      if (who === "déconnecté") expected = `302 /connexion?redirectTo=${encodeURIComponent(path)}`;
      else if (allowed(who, path) || (who === "pré-inscrit" && path === "/espace-membre")) {
        // Through the guard: the page answers (an edit page may not find the record "x").
        expected = path.endsWith("/modifier/x") && status === 404 ? "404 " : "200 ";
      } else expected = "302 /espace-membre";
      rows.push(`${path} -> ${status} ${location}`);
      expect(`${status} ${location}`, `${who} GET ${path}`).toBe(expected);
    }
    expect(rows).toHaveLength(ROUTES.length);
  });

  test(`actions (POST): ${who}`, async () => {
    const ctx = contexts.get(who)!;
    for (const path of ROUTES) {
      const target = path === "/espace-membre" ? "/espace-membre?index" : path;
      const res = await ctx.post(target, {
        form: { intent: "guard-test" },
        headers: { Origin: process.env.E2E_BASE_URL! },
        maxRedirects: 0,
      });
      const status = res.status();
      const location = res.headers()["location"] ?? "";
      if (who === "déconnecté") {
        expect(`${status} ${location}`, `${who} POST ${path}`).toBe(
          `302 /connexion?redirectTo=${encodeURIComponent(target)}`,
        );
      } else if (!allowed(who, path)) {
        expect(`${status} ${location}`, `${who} POST ${path}`).toBe("302 /espace-membre");
      } else {
        // The guard let it through: the route's own action answers (never a guard redirect).
        expect(status, `${who} POST ${path}`).not.toBe(500);
        expect(location.startsWith("/connexion"), `${who} POST ${path} -> ${location}`).toBe(false);
        expect(location === "/espace-membre", `${who} POST ${path} -> ${location}`).toBe(false);
      }
    }
  });
}

test("a cross-site POST into the member area is refused, even for an admin", async () => {
  const ctx = contexts.get("admin")!;
  const res = await ctx.post("/espace-membre/todo", {
    form: { intent: "guard-test" },
    headers: { Origin: "https://pirate.example" },
    maxRedirects: 0,
  });
  expect([400, 403]).toContain(res.status());
});

test("client-side data requests are guarded too (.data)", async () => {
  const out = await contexts.get("déconnecté")!.get("/espace-membre/profil.data", { maxRedirects: 0 });
  expect(await out.text()).toContain("/connexion?redirectTo=");
  const denied = await contexts.get("membre")!.get("/espace-membre/utilisateurs.data", { maxRedirects: 0 });
  const body = await denied.text();
  expect(body).toContain("/espace-membre");
  expect(body).not.toContain("Gestion des utilisateurs");
});

test("Better Auth's raw endpoints other than the OAuth callback are not exposed", async () => {
  const ctx = contexts.get("déconnecté")!;
  const res = await ctx.post("/api/auth/sign-up/email", {
    data: { name: "X", email: "raw@exemple.fr", password: "une phrase assez longue" },
    headers: { Origin: process.env.E2E_BASE_URL! },
  });
  expect(res.status()).toBe(404);
});
