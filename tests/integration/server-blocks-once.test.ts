/**
 * The blocks written on the server travel once per page load: the page shows them and its data does not repeat them; a client navigation's data
 * carries them, since nothing else would. Home, for a visitor, carries no data at all.
 * On the public form pages, only the text around the form; the form is the page's own. The
 * member area has none: its navigation and member home's « Mes pages » are React, derived in the
 * browser from the account's roles, which are all their data carries.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../helpers/app";
import { createUser } from "../helpers/auth";
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
      // Home carries no data at all for a visitor: it is not hydrated.
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

  it("on the form pages, are the text around the form, shown once; the form is the page's own", async () => {
    for (const path of ["/contact", "/cours-d-essai", "/contact?envoye=1", "/cours-d-essai?envoye=1"]) {
      const res = await app.fetch(path);
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const block of ["introduction", "encadre"]) {
        expect(count(html, `<div data-bloc="${block}">`), `${path} ${block}`).toBe(1);
      }
      const data = pageData(html);
      expect(data, path).not.toContain("Coordonnées du club");
      expect(data, path).not.toContain("À prévoir");
    }
  });

  it("on the form pages, come with a client navigation's data, with a new one-time token each time", async () => {
    const first = await app.get<{ intro: string; aside: string; token: string }>("/contact");
    const second = await app.get<{ token: string }>("/contact");
    expect(first.data.intro).toContain('href="/cours-d-essai"');
    expect(first.data.aside).toContain("Coordonnées du club");
    expect(first.data.token).toBeTruthy();
    expect(second.data.token).not.toBe(first.data.token);
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
