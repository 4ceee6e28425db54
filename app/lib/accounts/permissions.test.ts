/**
 * The permission table is the one place for a member page: the route config,
 * the navigation of each role and the role middleware all follow from it.
 * Demonstrated by adding a page to a copy of the table, as a newcomer would.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { RouterContextProvider } from "react-router";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { userContext } from "./auth-context";
import { pageRolesGuard } from "./guard.server";
import { memberAreaRoutes } from "./member-routes";
import { currentMemberEntry, MEMBER_AREA, memberPagesFor, sectionOfPath, type MemberAreaTable } from "./permissions";
import { groupByArea, MEMBER_NAV_AREAS } from "./nav-areas";
import { ROLES } from "./roles";
import type { SessionUser } from "./session.server";

const user = (roles: string[]) =>
  ({
    id: "u1",
    email: "u@exemple.fr",
    prenom: "Léa",
    nom: "Martin",
    roles,
    isAdmin: roles.includes("admin"),
    sessionId: "s1",
    selectedProfileId: null,
  }) satisfies SessionUser;

/**
 * Runs the member guard's role check for a signed-in user on the page of `pattern` (the matched route's
 * pattern, as React Router hands it); "suite" when it lets the request through, else the
 * redirect target.
 */
async function pass(
  pattern: string,
  roles: string[],
  method = "GET",
  table: MemberAreaTable = MEMBER_AREA,
): Promise<string> {
  const context = new RouterContextProvider();
  context.set(userContext, user(roles));
  const url = new URL(pattern.replace(/:[a-z]+/g, "x"), "http://localhost:3000");
  try {
    await pageRolesGuard(table)(
      { request: new Request(url, { method }), params: {}, pattern, context } as never,
      async () => new Response("suite"),
    );
    return "suite";
  } catch (err) {
    if (err instanceof Response) return `${err.status} ${err.headers.get("location")}`;
    throw err;
  }
}

function children(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  const area = entries.flatMap((e) => [e, ...(e.children ?? [])]).find((e) => e.path === "espace-membre");
  return area?.children ?? [];
}

describe("a newcomer adds a member page in one place", () => {
  const logbook = {
    path: "carnet",
    file: "routes/member/logbook.tsx",
    nav: { area: "moi" as const, label: "Carnet", description: "Votre carnet de progression." },
  };
  const table: MemberAreaTable = MEMBER_AREA.map((s) =>
    s.id === "membres" ? { ...s, pages: [...s.pages, logbook] } : s,
  );

  it("one entry gives the route, under the member layout", () => {
    expect(memberAreaRoutes(table).map((c) => [c.path, c.file])).toContainEqual([
      "carnet",
      "routes/member/logbook.tsx",
    ]);
  });

  it("the same entry puts it in the navigation of exactly the roles of its section", () => {
    for (const role of ROLES) {
      const labels = memberPagesFor([role], table).map((p) => p.label);
      // The instructor's role alone opens only the attendance pages (it is always held with a member role).
      expect(labels.includes("Carnet"), role).toBe(role !== "pré-inscrit" && role !== "enseignant");
    }
    expect(memberPagesFor(["membre"], table).map((p) => p.to)).toEqual([
      "/espace-membre",
      "/espace-membre/profil",
      "/espace-membre/inscription",
      "/espace-membre/grades",
      "/espace-membre/revision",
      "/espace-membre/brochure",
      "/espace-membre/presences",
      "/espace-membre/carnet",
    ]);
  });

  it("and the member guard lets in the roles of its section", async () => {
    expect(sectionOfPath("/espace-membre/carnet", table)?.id).toBe("membres");
    expect(await pass("/espace-membre/carnet", ["membre"], "GET", table)).toBe("suite");
    expect(await pass("/espace-membre/carnet", ["article_manager"], "POST", table)).toBe("suite");
    expect(await pass("/espace-membre/carnet", ["pré-inscrit"], "GET", table)).toBe("302 /espace-membre");
    // Without the entry, the page is no one's.
    expect(await pass("/espace-membre/carnet", ["admin"])).toBe("302 /espace-membre");
  });
});

describe("the app's permission table", () => {
  it("is the member area of the route config", () => {
    expect(children(routes)).toEqual(memberAreaRoutes());
  });

  it("names route modules that exist", () => {
    for (const section of MEMBER_AREA) {
      for (const page of section.pages) expect(existsSync(path.join("app", page.file)), page.file).toBe(true);
    }
  });

  it("gives each role its navigation (spec section 6)", () => {
    const nav = (roles: string[]) => memberPagesFor(roles).map((p) => p.label);
    const member = ["Accueil", "Mon profil", "Inscription", "Grades", "Révisions", "Brochure", "Présences"];
    // RGPD rights; a new family registers for the season.
    expect(nav(["pré-inscrit"])).toEqual(["Mon profil", "Inscription"]);
    expect(nav(["membre"])).toEqual(member);
    expect(nav(["user_manager"])).toEqual([
      ...member,
      "Utilisateurs",
      "Suivi de la saison",
      "Paiements",
      "Campagne d'inscription",
      "Licences",
      "Cours d'essai",
      "Examens de grade",
      "Assiduité",
    ]);
    // An instructor is a member who also takes attendance.
    expect(nav(["membre", "enseignant"])).toEqual([...member, "Appel"]);
    expect(nav(["enseignant"])).toEqual(["Mon profil", "Inscription", "Appel"]); // the sections open to every account
    expect(nav(["article_manager"])).toEqual([...member, "Articles", "Photos", "Événements"]);
    expect(nav(["admin"])).toEqual([
      ...member,
      "Contenu du site",
      "À faire",
      "Vidéos",
      "Grades et révisions",
      "Exploitation",
      "Utilisateurs",
      "Suivi de la saison",
      "Paiements",
      "Campagne d'inscription",
      "Licences",
      "Cours d'essai",
      "Examens de grade",
      "Articles",
      "Photos",
      "Événements",
      "Appel",
      "Assiduité",
    ]);
  });

  it("lets a pré-inscrit read the member home (their status), never submit to it", async () => {
    expect(await pass("/espace-membre", ["pré-inscrit"], "GET")).toBe("suite");
    // React Router writes its patterns without the leading slash.
    expect(await pass("espace-membre", ["pré-inscrit"], "HEAD")).toBe("suite");
    expect(await pass("espace-membre/contenu", ["membre"])).toBe("302 /espace-membre");
    expect(await pass("/espace-membre", ["pré-inscrit"], "POST")).toBe("302 /espace-membre");
    expect(await pass("/espace-membre/profil", ["pré-inscrit"], "POST")).toBe("suite");
    expect(await pass("/espace-membre/utilisateurs/modifier/:id", ["article_manager"])).toBe("302 /espace-membre");
    expect(await pass("/espace-membre/contenu", ["user_manager", "membre"])).toBe("302 /espace-membre");
    expect(await pass("/espace-membre/appel/:seance", ["membre", "enseignant"], "POST")).toBe("suite");
    expect(await pass("/espace-membre/appel", ["user_manager", "membre"])).toBe("302 /espace-membre");
    expect(await pass("/espace-membre/assiduite", ["membre", "enseignant"])).toBe("302 /espace-membre");
  });
});

describe("the member navigation's areas", () => {
  const areas = (roles: string[]) => groupByArea(memberPagesFor(roles));

  it("hold every entry an account opens, each in one area, in the areas' order", () => {
    const admin = areas(["admin", "membre"]);
    expect(admin.map((g) => g.label)).toEqual(MEMBER_NAV_AREAS.map((a) => a.label));
    expect(admin.flatMap((g) => g.links.map((l) => l.to)).toSorted()).toEqual(
      memberPagesFor(["admin", "membre"])
        .map((p) => p.to)
        .toSorted(),
    );
    expect(admin.find((g) => g.area === "contenu")?.links.map((l) => l.label)).toEqual([
      "Contenu du site",
      "Articles",
      "Photos",
      "Événements",
    ]);
  });

  it("leave out the areas an account has nothing in: a plain member has one", () => {
    expect(areas(["membre"]).map((g) => g.area)).toEqual(["moi"]);
    expect(areas(["membre", "article_manager"]).map((g) => g.area)).toEqual(["moi", "contenu"]);
    expect(areas(["membre", "enseignant"]).map((g) => g.area)).toEqual(["moi", "tatami"]);
    expect(areas(["pré-inscrit"]).map((g) => g.area)).toEqual(["moi"]);
  });
});

describe("the member navigation's current entry", () => {
  const entries = memberPagesFor(["admin", "membre"]).map((p) => p.to);

  it("is the longest entry the page's path starts with, one at most", () => {
    expect(currentMemberEntry(entries, "/espace-membre/contenu/grades")).toBe("/espace-membre/contenu/grades");
    expect(currentMemberEntry(entries, "/espace-membre/contenu/messages")).toBe("/espace-membre/contenu");
    expect(currentMemberEntry(entries, "/espace-membre/utilisateurs/modifier/abc")).toBe("/espace-membre/utilisateurs");
    expect(currentMemberEntry(entries, "/espace-membre/articles/")).toBe("/espace-membre/articles");
  });

  it("marks the area's home for itself only, and nothing for an address it does not list", () => {
    expect(currentMemberEntry(entries, "/espace-membre")).toBe("/espace-membre");
    expect(currentMemberEntry(entries, "/espace-membre/page-inconnue")).toBeUndefined();
    expect(currentMemberEntry(entries, "/espace-membre/articlesX")).toBeUndefined();
  });
});
