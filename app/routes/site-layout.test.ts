/**
 * The site layout as the server sends it on every public page (issue 12,
 * decision 0038), through the real request handler: every icon a <use> of
 * the one sprite, the mobile menu's panel empty until its button opens it,
 * the layout's links plain links that React Router discovers with the
 * current page marked, and the header and footer within their weight.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ICON_NAMES } from "~/components/ui/icon-names";
import { seedDatabase } from "~/lib/core/seed.server";
import { app } from "../../tests/helpers/app";

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

  it("sends the mobile menu's panel empty: its links come when its button opens it", () => {
    expect(layout).toMatch(/<button[^>]*aria-controls="menu-mobile"[^>]*>/);
    expect(layout).toMatch(/<div id="menu-mobile"[^>]*><\/div>/);
    expect(layout).not.toContain('aria-label="Menu mobile"');
    // The desktop panels stay in the page: they open with CSS before JavaScript runs.
    expect(layout).toContain('id="menu-panel-art"');
  });

  it("renders the layout's links as plain links React Router discovers, the current page marked", () => {
    const links = [...layout.matchAll(/<a\b[^>]*>/g)].map((m) => m[0]).filter((a) => /href="\//.test(a));
    expect(links.length).toBeGreaterThanOrEqual(30);
    for (const a of links) expect(a, a).toContain('data-discover="true"');
    const current = links.filter((a) => a.includes('aria-current="page"'));
    expect(current.length).toBe(1);
    expect(current[0]).toContain(`href="${ART_PAGE}"`);
  });

  it("keeps the header under 13 KB and the footer under 5 KB of HTML (26.4 and 5.4 KB before)", () => {
    expect(part(html, "header").length).toBeLessThan(13_000);
    expect(part(html, "footer").length).toBeLessThan(5_000);
  });
});
