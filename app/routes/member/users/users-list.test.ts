/**
 * The users list through the real request handler: search by name (accents ignored), e-mail
 * and role, filters, sort, 20 rows a page with their page links, and the CSV export of the
 * filtered list.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { dataOf, get, usersCast } from "../../../../tests/helpers/users-admin";
import { db } from "~/lib/core/db.server";
import type { UserRow } from "~/components/users/list-table";

type Account = Awaited<ReturnType<typeof usersCast>>["admin"];
let admin: Account;
let manager: Account;
let membre: Account;
let articleManager: Account;

beforeAll(async () => {
  ({ admin, manager, membre, articleManager } = await usersCast());
});

describe("CSV export", () => {
  it("exports the filtered list for a French spreadsheet: BOM, ';', CRLF, quoting, accents", async () => {
    await createUser({
      roles: ["membre"],
      prenom: "Zoé",
      nom: 'Dupont; dite "la Grande"',
      email: "zoe.export@exemple.fr",
    });
    await createUser({ roles: ["membre"], prenom: "=HYPERLINK", nom: "Formule", email: "formule.export@exemple.fr" });
    const res = await app.fetch("/espace-membre/utilisateurs/export.csv?q=export&tri=prenom", { as: manager.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="utilisateurs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFPrénom;Nom;E-mail;Rôles;Compte actif;")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(lines).toHaveLength(4); // header, 2 users, final empty string
    expect(lines[1]?.startsWith("'=HYPERLINK;Formule;formule.export@exemple.fr;Membre;oui;")).toBe(true);
    expect(lines[2]?.startsWith('Zoé;"Dupont; dite ""la Grande""";zoe.export@exemple.fr;Membre;oui;')).toBe(true);
    expect(lines[2]).toContain(";non payée;");
    expect(lines[2]?.split(";").length).toBeGreaterThan(10);
  });

  it("applies the filters of the page (pré-inscrits only)", async () => {
    await createUser({
      roles: ["pré-inscrit"],
      prenom: "Pierre",
      nom: "Préinscrit",
      email: "pierre.filtre@exemple.fr",
    });
    const res = await app.fetch("/espace-membre/utilisateurs/export.csv?statut=pre-inscrits", { as: admin.cookie });
    const text = await res.text();
    expect(text).toContain("pierre.filtre@exemple.fr");
    expect(text).not.toContain(membre.email);
  });
});

describe("list search, filters, sort and pages", () => {
  it("finds by name without accents, by e-mail, by role", async () => {
    const rows = async (path: string) => dataOf<{ rows: UserRow[] }>(await get(path, manager.cookie)).rows;
    const byName = await rows("/espace-membre/utilisateurs?q=melanie");
    expect(byName.map((i) => i.email)).toEqual([membre.email]);
    const byEmail = await rows(`/espace-membre/utilisateurs?q=${encodeURIComponent(articleManager.email)}`);
    expect(byEmail.map((i) => i.email)).toEqual([articleManager.email]);
    const byRole = await rows("/espace-membre/utilisateurs?role=user_manager");
    expect(byRole.map((i) => i.email)).toEqual([manager.email]);
    const { user: away } = await createUser({ roles: ["membre"], prenom: "Inès", nom: "Partie" });
    await db.update(users).set({ active: false }).where(eq(users.id, away.id));
    const inactive = await rows("/espace-membre/utilisateurs?statut=inactifs&tri=-nom");
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((i) => !i.active)).toBe(true);
  });

  it("paginates 20 per page", async () => {
    for (let i = 0; i < 21; i++)
      await db.insert(users).values({
        id: `page-${i}`,
        name: `P ${i}`,
        email: `page-${i}@exemple.fr`,
        prenom: "Page",
        nom: `Zz${String(i).padStart(2, "0")}`,
        roles: ["membre"],
      });
    type Shown = { rows: UserRow[]; page: number; pages: number; prevHref: string | null; nextHref: string | null };
    const first = dataOf<Shown>(await get("/espace-membre/utilisateurs?q=page-&tri=-nom", manager.cookie));
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]?.name).toBe("ZZ20 Page");
    expect(first.pages).toBe(2);
    // « Page suivante » keeps the search and the sort; the first page has no « Page précédente ».
    expect(first.prevHref).toBeNull();
    expect(first.nextHref).toBe("/espace-membre/utilisateurs?q=page-&tri=-nom&page=2");
    const second = dataOf<Shown>(await get(first.nextHref!, manager.cookie));
    expect(second.page).toBe(2);
    expect(second.rows.map((i) => i.name)).toEqual(["ZZ00 Page"]);
    expect(second.prevHref).toBe("/espace-membre/utilisateurs?q=page-&tri=-nom");
    expect(second.nextHref).toBeNull();
  });
});
