/**
 * The blocks written on the server (decisions 0051, 0053, 0056, 0057, 0059) travel once per page load (decision
 * 0054): the page shows them and its data does not repeat them; a client navigation's data
 * carries them, since nothing else would. Home, for a visitor, carries no data at all (decision 0061).
 * In the member area: the managers' users and articles lists' rows and the grades page
 * (decision 0062). The member navigation and member home's « Mes pages » are React, derived in
 * the browser from the account's roles, which are all their data carries.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { articles } from "#db/schema";
import { app } from "../helpers/app";
import { createUser } from "../helpers/auth";
import { articlesListRows, gradesContent, usersListRows } from "../helpers/markup";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";

/** The page's data, as the page hands it to the browser (React Router's stream). */
function pageData(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => m[1] ?? "");
  expect(chunks.length).toBeGreaterThan(0);
  return chunks.map((c) => JSON.parse(c) as string).join("");
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("blocks written on the server", () => {
  it("are in a loaded page once: shown, not repeated in its data", async () => {
    for (const path of [
      "/",
      "/le-vovinam-viet-vo-dao/histoire",
      "/tarifs-horaires",
      "/la-vie-du-club/actualites",
      "/la-vie-du-club/calendrier",
    ]) {
      const res = await app.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      // The footer and the page's content are shown…
      expect(count(html, 'data-testid="site-footer"'), path).toBe(1);
      expect(html).toMatch(/<div data-bloc="contenu"><(article|section|div)[ >]/);
      expect(html).toMatch(/<div data-bloc="pied-de-page"><footer /);
      // …so are the menus' links, once each…
      for (const block of ["menu-art", "menu-club", "menu-infos", "menu-mobile"]) {
        expect(count(html, `<div data-bloc="${block}">`), `${path} ${block}`).toBe(1);
      }
      expect(count(html, 'aria-label="Menu mobile"'), path).toBe(1);
      // Home carries no data at all for a visitor: it is not hydrated (decision 0061).
      if (path === "/") {
        expect(html, path).not.toContain("streamController");
        continue;
      }
      // …and the data the browser hydrates with names them without their markup.
      const data = pageData(html);
      expect(data, path).not.toContain("site-footer");
      expect(data, path).not.toMatch(/<(article|section|h1|footer|nav)[ >]/);
      expect(data, path).not.toContain("Les planches humoristiques");
    }
  });

  it("come with a client navigation's data, which the browser writes", async () => {
    const page = await app.get<{ html: string | null }>("/le-vovinam-viet-vo-dao/histoire");
    expect(page.data.html).toMatch(/^<article [^>]*><header><h1 [^>]*>Histoire du Vovinam Viet Vo Dao<\/h1>/);
    // The site layout's own data (after a form, for instance) carries the footer.
    const res = await app.fetch("/le-vovinam-viet-vo-dao/histoire.data?_routes=routes/site-layout");
    const layout = await res.text();
    expect(layout).toContain('data-testid=\\"site-footer\\"');
    expect(layout).toContain('aria-label=\\"Menu mobile\\"');
    expect(layout).toContain("Les planches humoristiques");
  });

  it("on the form pages, are shown once around the form, which stays the page's own", async () => {
    const pages = {
      "/contact": ["introduction", "fin-du-formulaire", "encadre"],
      "/cours-d-essai": ["introduction", "fin-du-formulaire", "encadre"],
      "/contact?envoye=1": ["introduction", "confirmation", "encadre"],
    };
    for (const [path, blocks] of Object.entries(pages)) {
      const res = await app.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const block of blocks) expect(count(html, `<div data-bloc="${block}">`), `${path} ${block}`).toBe(1);
      const data = pageData(html);
      expect(data, path).not.toContain("Coordonnées du club");
      expect(data, path).not.toContain("À prévoir");
      expect(data, path).not.toContain("jamais transmises");
      expect(data, path).not.toContain('name=\\"_envoi\\"');
    }
    // Inside the form, after its button: the one-time token, the honeypot, the note on personal data.
    const contact = await (await app.fetch("/contact")).text();
    const form = /<form [\s\S]*?<\/form>/.exec(contact)?.[0] ?? "";
    expect(form).toMatch(
      /<button type="submit"[^>]*>Envoyer le message<\/button><div data-bloc="fin-du-formulaire"><input type="hidden" name="_envoi" value="[\w-]+"\/><div aria-hidden="true"[^>]*><label for="site_web">/,
    );
    expect(form).toContain('<a class="underline" href="/mentions-legales" data-discover="true">mentions légales</a>');
  });

  it("on the form pages, come with a client navigation's data, a new token each time", async () => {
    const first = await app.get<{ intro: string; formEnd: string; aside: string }>("/contact");
    const second = await app.get<{ formEnd: string }>("/contact");
    expect(first.data.intro).toContain('href="/cours-d-essai"');
    expect(first.data.aside).toContain("Coordonnées du club");
    const token = (html: string) => /name="_envoi" value="([^"]+)"/.exec(html)?.[1];
    expect(token(first.data.formEnd)).toBeTruthy();
    expect(token(second.data.formEnd)).not.toBe(token(first.data.formEnd));
  });
});

describe("the member area's blocks written on the server (decision 0062)", () => {
  let admin: string;
  beforeAll(async () => {
    await seedDatabase();
    admin = (await createUser({ roles: ["admin", "membre"], prenom: "Bloc", nom: "Unique" })).cookie;
    await db
      .insert(articles)
      .values({ slug: "bloc-unique", title: "Un article du bloc", summary: "", body: "<p>x</p>" });
  });

  it("show the managers' lists and the grades page once, the rows absent from the page's data", async () => {
    const pages = {
      "/espace-membre/utilisateurs": { block: "resultats", shown: "UNIQUE Bloc", markup: "Tableau des comptes" },
      "/espace-membre/articles": {
        block: "resultats",
        shown: "Un article du bloc",
        markup: "Articles, du plus récent",
      },
      "/espace-membre/grades": { block: "contenu", shown: "Le tableau des grades du club", markup: 'lang="vi"' },
    };
    for (const [path, { block, shown, markup }] of Object.entries(pages)) {
      const res = await app.fetch(path, { as: admin });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(count(html, `<div data-bloc="${block}">`), path).toBe(1);
      expect(html, path).toContain(shown);
      const data = pageData(html);
      expect(data, path).not.toContain(markup);
      expect(data, path).not.toContain("<table");
    }
  });

  it("come with a client navigation's data: the rows, the page links, the grades", async () => {
    const users = await app.get<{ table: string }>("/espace-membre/utilisateurs?q=unique", { as: admin });
    expect(usersListRows(users.data.table).map((row) => row.name)).toEqual(["UNIQUE Bloc"]);
    const list = await app.get<{ table: string }>("/espace-membre/articles?q=bloc", { as: admin });
    expect(articlesListRows(list.data.table).map((row) => row.title)).toEqual(["Un article du bloc"]);
    const grades = await app.get<{ content: string }>("/espace-membre/grades", { as: admin });
    expect(gradesContent(grades.data.content).table.length).toBeGreaterThan(5);
  });
});

describe("the member navigation and « Mes pages »", () => {
  let admin: string;
  beforeAll(async () => {
    await seedDatabase();
    admin = (await createUser({ roles: ["admin", "membre"], prenom: "Bloc", nom: "Unique" })).cookie;
  });

  it("are shown on a loaded page, and travel as the account's roles, not as their entries", async () => {
    const html = await (await app.fetch("/espace-membre", { as: admin })).text();
    // Shown: an entry of the navigation and a card of « Mes pages » with its description.
    expect(html).toContain('aria-label="Espace membre"');
    expect(html).toContain("Les comptes, les inscriptions et les validations.");
    // Carried: the roles, never the labels nor the descriptions.
    const data = pageData(html);
    expect(data).toContain("admin");
    expect(data).not.toContain("Les comptes, les inscriptions");
    expect(data).not.toContain("Campagne d'inscription");
    const layout = await (
      await app.fetch("/espace-membre/articles.data?_routes=routes/member/layout", { as: admin })
    ).text();
    expect(layout).toContain("navRoles");
    expect(layout).not.toContain("Utilisateurs");
    expect(layout).not.toContain("href");
  });
});
