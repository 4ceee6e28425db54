/**
 * The site layout as the server sends it on every public page, through the real request handler: every icon a
 * <use> of the one sprite, the menus' links written on the server (the mobile
 * menu's hidden in its closed panel), the layout's links plain links that
 * React Router discovers with the current page marked, and the header and
 * footer within their weight.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/ui/icon-names";
import { clearSettingsCache } from "~/lib/club/settings.server";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { app } from "../../tests/helpers/app";
import { createUser } from "../../tests/helpers/auth";

const ART_PAGE = "/le-vovinam-viet-vo-dao/histoire";

/** The first `<tag …>…</tag>` of the page (header and footer hold no element of their own name). */
function part(html: string, tag: string): string {
  return new RegExp(`<${tag}\\b[\\s\\S]*?</${tag}>`).exec(html)?.[0] ?? "";
}

let html = "";
let layout = "";

beforeAll(async () => {
  await seedDatabase();
  const res = await app.fetch(ART_PAGE);
  expect(res.status).toBe(200);
  html = await res.text();
  layout = part(html, "header") + part(html, "footer");
});

describe("the site layout's HTML", () => {
  it("draws every icon of the header and footer from the sprite, none inline", () => {
    expect(layout).not.toMatch(/<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
    const uses = [...layout.matchAll(/<use href="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect(uses.length).toBeGreaterThanOrEqual(15);
    expect(new Set(uses.map((u) => u.split("#")[0])).size).toBe(1);
    for (const href of uses) {
      const [file, name] = href.split("#");
      expect(file).toMatch(/icons[^/]*\.svg(\?no-inline)?$/);
      expect(ICON_NAMES).toContain(name);
    }
  });

  it("writes the menus' links on the server, the mobile menu's in its closed panel, groups collapsed", () => {
    expect(layout).toMatch(
      /<button[^>]*aria-controls="menu-mobile"[^>]*aria-expanded="false"|<button[^>]*aria-expanded="false"[^>]*aria-controls="menu-mobile"/,
    );
    expect(layout).toMatch(
      /<div id="menu-mobile"[^>]*class="[^"]*\bhidden\b[^"]*"[^>]*><div data-bloc="menu-mobile"><nav aria-label="Menu mobile"/,
    );
    for (const group of ["art", "club", "infos"]) {
      expect(layout).toMatch(new RegExp(`aria-expanded="false" aria-controls="menu-mobile-${group}"`));
      expect(layout).toMatch(new RegExp(`<ul id="menu-mobile-${group}" hidden=""`));
      // The desktop panels stay in the page: they open with CSS before JavaScript runs.
      expect(layout).toContain(`id="menu-panel-${group}"`);
      expect(layout).toContain(`<div data-bloc="menu-${group}">`);
    }
  });

  it("renders the layout's links as plain links React Router discovers, the current page marked", () => {
    const links = [...layout.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]).filter((a) => /href="\//.test(a));
    expect(links.length).toBeGreaterThanOrEqual(30);
    for (const a of links) expect(a, a).toContain('data-discover="true"');
    // Its card in the desktop panel and its link in the mobile menu.
    const current = links.filter((a) => a.includes('aria-current="page"'));
    expect(current.length).toBe(2);
    for (const a of current) expect(a).toContain(`href="${ART_PAGE}"`);
  });

  // The header was 26.4 KB, then under 13 KB without the mobile menu's links; they are back
  // in it, written once on the server: about 5.5 KB, 0.5 KB gzipped, against 0.8 KB of script.
  it("keeps the header under 19 KB and the footer under 5 KB of HTML (26.4 and 5.4 KB before)", () => {
    expect(part(html, "header").length).toBeLessThan(19_000);
    expect(part(html, "footer").length).toBeLessThan(5_000);
  });

  // Their code is loaded only where they are shown; the server still writes them
  // in place, never at the end of the page for a script to move (which needs JavaScript).
  it("writes a signed-in user's account area in the header, in place, on the first page", async () => {
    const { cookie } = await createUser({ prenom: "Maëlle", roles: ["membre"] });
    const res = await app.fetch(ART_PAGE, { headers: { cookie } });
    const page = await res.text();
    const header = part(page, "header");
    expect(header).toContain('data-testid="desktop-account"');
    expect(header).toContain("Maëlle");
    expect(header).toContain('action="/deconnexion"');
    expect(header).not.toContain("<template");
  });

  it("writes an error page's message in place", async () => {
    const res = await app.fetch("/une-page-qui-n-existe-pas");
    expect(res.status).toBe(404);
    const page = await res.text();
    const main = part(page, "main");
    expect(main).toContain("Page introuvable");
    expect(main).not.toContain("<template");
  });

  it("writes the last-resort page in French when the club's own data cannot be read", async () => {
    // The root's loader fails (its settings table out of reach): the root's error boundary answers.
    await db.execute(sql`alter table settings rename to settings_hors_service`);
    clearSettingsCache();
    try {
      const res = await app.fetch(ART_PAGE);
      expect(res.status).toBe(500);
      const page = await res.text();
      const main = part(page, "main");
      expect(main).toContain("Une erreur est survenue");
      expect(main).toContain("Réessayez dans quelques instants");
      expect(main).toContain('href="/"');
      expect(main).not.toContain("<template");
      expect(page).not.toMatch(/\bat [\w.<>]+ \(|settings_hors_service|relation "settings"/);
    } finally {
      await db.execute(sql`alter table settings_hors_service rename to settings`);
      clearSettingsCache();
    }
  });
});
