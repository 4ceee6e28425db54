/**
 * The member-area guard through the real production server: EVERY member
 * route, enumerated from the route config itself (app/routes.ts), x every
 * state (signed out, pré-inscrit, membre, admin, user_manager,
 * article_manager, enseignant), for loaders (GET) and actions (POST).
 * The expectations come from the spec's role table (section 6), written out
 * again below, independently of the app's permission table: a wrong app
 * table fails here. A route whose area is not in this table fails too: add
 * the spec's answer for it.
 */
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { e2eUser, ROLE_NAMES, signInRequest, type FixtureRole } from "./auth-helpers";
import { expect, test } from "./fixtures";
import { memberRoutePatterns } from "./member-routes";

// ---- Spec section 6, by first path segment under /espace-membre.
const MEMBERS = ["membre", "admin", "user_manager", "article_manager"];
const SPEC_ROLES: Record<string, string[]> = {
  "": MEMBERS, // /espace-membre itself
  // profil, profil/donnees: every account, pré-inscrits included, for their RGPD rights (access,
  // export, erasure): the app's one addition to the spec's table.
  profil: [...MEMBERS, "pré-inscrit"],
  "profil-actif": MEMBERS, // choosing which family profile the profile pages show
  grades: MEMBERS,
  revision: MEMBERS,
  brochure: MEMBERS,
  contenu: ["admin"], // the dashboard and its sub-pages
  todo: ["admin"],
  videos: ["admin"],
  utilisateurs: ["admin", "user_manager"],
  articles: ["admin", "article_manager"],
  evenements: ["admin", "article_manager"],
  // The operations page and its backup downloads (issue "Running the site without a technician"): administrators.
  exploitation: ["admin"],
  // The season: every account registers its family (a new family is
  // pré-inscrit until paid); the campaign, its payments and the follow-up are the members' managers'.
  inscription: [...MEMBERS, "pré-inscrit"],
  saison: ["admin", "user_manager"],
  // Trial-class requests: the managers of the members.
  essais: ["admin", "user_manager"],
  // Grade exams: sessions and convocations by the managers of the members;
  // the jury pages open to members, then only the session's jury and admins (domain, 403).
  examens: ["admin", "user_manager"],
  jury: MEMBERS,
  // The role `enseignant` added to the spec's roles opens attendance and the
  // emergency sheets (of its own classes; admins every class); members see their own attendance;
  // the managers of the members see the rates.
  appel: ["enseignant", "admin"],
  presences: MEMBERS,
  assiduite: ["admin", "user_manager"],
};

/**
 * The roles each fixture account holds: one role each, except the instructor, who is always also a
 * member, so it opens the members' pages and, beyond them, only attendance.
 */
const FIXTURE_ROLES: Record<string, string[]> = { enseignant: ["membre", "enseignant"] };

// ---- Every member route, from the route config.
const PATTERNS = memberRoutePatterns();

/**
 * Real values for the parameters: a settings section, and the ids of records
 * found in the lists (the fixture member's account, a seeded article and
 * event) by the admin in beforeAll; a made-up id when a list is empty.
 */
const realIds = new Map<string, string>();
function concrete(pattern: string): string {
  if (pattern.endsWith("/:section")) return pattern.replace(":section", "adhesion");
  if (pattern.endsWith("/:fichier")) return pattern.replace(":fichier", "licences.csv");
  return pattern.replace(":id", realIds.get(pattern) ?? "0");
}

function specRoles(path: string): string[] {
  const segment = path.replace(/^\/espace-membre\/?/, "").split("/")[0] ?? "";
  const roles = SPEC_ROLES[segment];
  if (!roles) throw new Error(`${path}: area absent from the spec's role table of this test`);
  return roles;
}

type Who = FixtureRole | "déconnecté";
const WHO: Who[] = ["déconnecté", ...ROLE_NAMES];

function allowed(who: Who, path: string): boolean {
  if (who === "déconnecté") return false;
  const roles = specRoles(path);
  return (FIXTURE_ROLES[who] ?? [who]).some((r) => roles.includes(r));
}

/** What a page answers once through the guard (GET), when not a plain 200. */
function pageAnswer(pattern: string): string {
  if (pattern.endsWith("/profil-actif")) return "302 /espace-membre"; // its loader only sends back; POST is its use
  if (pattern.endsWith("/:id") && !realIds.has(pattern)) return "404 "; // a made-up id is not found
  if (pattern.endsWith("/exploitation/telecharger")) return "404 "; // no one-time link given
  if (pattern.endsWith("/inscription/attestation.pdf")) return "404 "; // the fixture family has not paid
  if (pattern.includes("/:seance")) return "404 "; // no such session (the parameter left as is)
  if (pattern.endsWith("/appel/envoi")) return "405 "; // the phones' endpoint answers POST only
  return "200 ";
}

test("the member routes are read from the route config, and every one is in the spec's table", () => {
  expect([...realIds.keys()].sort(), "ids found in the lists (fixture account, seeded article and event)").toEqual([
    "/espace-membre/articles/modifier/:id",
    "/espace-membre/evenements/modifier/:id",
    "/espace-membre/utilisateurs/modifier/:id",
  ]);
  expect(PATTERNS.length).toBeGreaterThanOrEqual(28);
  for (const pattern of PATTERNS) expect(() => specRoles(pattern), pattern).not.toThrow();
  expect(PATTERNS).toContain("/espace-membre");
  expect(PATTERNS).toContain("/espace-membre/utilisateurs/modifier/:id");
});

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
  const admin = contexts.get("admin")!;
  const lists: Array<[string, string]> = [
    [
      "/espace-membre/utilisateurs/modifier/:id",
      `/espace-membre/utilisateurs?q=${encodeURIComponent(e2eUser("membre").email)}`,
    ],
    ["/espace-membre/articles/modifier/:id", "/espace-membre/articles"],
    ["/espace-membre/evenements/modifier/:id", "/espace-membre/evenements"],
  ];
  for (const [pattern, list] of lists) {
    const html = await (await admin.get(list)).text();
    const prefix = pattern.replace(":id", "");
    const id = html.match(new RegExp(`href="${prefix}([^"?/]+)"`))?.[1];
    if (id) realIds.set(pattern, id);
  }
});

test.afterAll(async () => {
  for (const ctx of contexts.values()) await ctx.dispose();
});

for (const who of WHO) {
  test(`loaders (GET): ${who}`, async () => {
    const ctx = contexts.get(who)!;
    for (const pattern of PATTERNS) {
      const path = concrete(pattern);
      const res = await ctx.get(path, { maxRedirects: 0 });
      const got = `${res.status()} ${res.headers()["location"] ?? ""}`;
      let expected: string;
      if (who === "déconnecté") expected = `302 /connexion?redirectTo=${encodeURIComponent(path)}`;
      else if (allowed(who, path)) expected = pageAnswer(pattern);
      else if (who === "pré-inscrit" && path === "/espace-membre")
        expected = "200 "; // the status of their registration
      else expected = "302 /espace-membre";
      expect(got, `${who} GET ${path}`).toBe(expected);
    }
  });

  test(`actions (POST): ${who}`, async () => {
    const ctx = contexts.get(who)!;
    for (const pattern of PATTERNS) {
      const path = concrete(pattern);
      const target = path === "/espace-membre" ? "/espace-membre?index" : path;
      const res = await ctx.post(target, {
        form: { intent: "guard-test", redirectTo: "/espace-membre/profil" },
        headers: { Origin: process.env.E2E_BASE_URL! },
        maxRedirects: 0,
      });
      const status = res.status();
      const location = res.headers()["location"] ?? "";
      if (who === "déconnecté") {
        expect(`${status} ${location}`, `${who} POST ${path}`).toBe(
          `302 /connexion?redirectTo=${encodeURIComponent(path)}`,
        );
      } else if (!allowed(who, path)) {
        expect(`${status} ${location}`, `${who} POST ${path}`).toBe("302 /espace-membre");
      } else {
        // Through the guard: the route's own action answers (never a guard redirect, never a crash).
        expect(status, `${who} POST ${path}`).toBeLessThan(500);
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
  const out = await contexts
    .get("déconnecté")!
    .get("/espace-membre/profil.data?_routes=routes%2Fmember%2Fprofile", { maxRedirects: 0 });
  const redirect = await out.text();
  // A session expiring mid-navigation: back to the page itself after signing in.
  expect(redirect).toContain("/connexion?redirectTo=%2Fespace-membre%2Fprofil");
  expect(redirect).not.toContain("_routes");
  expect(redirect).not.toContain(".data");
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
