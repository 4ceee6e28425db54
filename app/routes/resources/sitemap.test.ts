import { beforeAll, describe, expect, it } from "vitest";
import { articles } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { SITEMAP_PAGES } from "~/lib/club/sitemap.server";
import { app } from "../../../tests/helpers/app";

const day = 24 * 3600 * 1000;

beforeAll(async () => {
  const now = Date.now();
  await db.insert(articles).values([
    { slug: "passage-de-grades", title: "Passage de grades", status: "publie", publishedAt: new Date(now - 3 * day) },
    { slug: "stage-d-ete", title: "Stage d'été", status: "programme", publishedAt: new Date(now - day) },
    { slug: "futur-stage", title: "Futur stage", status: "programme", publishedAt: new Date(now + 5 * day) },
    { slug: "brouillon", title: "Brouillon", status: "brouillon", publishedAt: null },
  ]);
});

describe("sitemap.xml", () => {
  it("lists every public page and only the published articles, as XML", async () => {
    const res = await app.fetch("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of SITEMAP_PAGES) expect(locs).toContain(`http://localhost:3000${page}`);
    const rows = await db.select({ id: articles.id, slug: articles.slug }).from(articles);
    const url = (slug: string) => {
      const row = rows.find((r) => r.slug === slug)!;
      return `http://localhost:3000/la-vie-du-club/actualites/${row.id}-${row.slug}`;
    };
    expect(locs).toContain(url("passage-de-grades"));
    expect(locs).toContain(url("stage-d-ete"));
    expect(locs).not.toContain(url("futur-stage"));
    expect(locs).not.toContain(url("brouillon"));
    expect(locs.some((l) => l?.includes("/espace-membre") || l?.includes("/connexion"))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T/);
  });
});

describe("robots.txt", () => {
  it("allows the site, keeps private areas out and points at the sitemap", async () => {
    const res = await app.fetch("/robots.txt");
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /espace-membre");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Disallow: /connexion");
    // Blocks the sign-up form but not /inscription-documents.
    expect(text).toContain("Disallow: /inscription$");
    expect(text).not.toMatch(/^Disallow: \/inscription$/m);
    expect(text).toContain("Sitemap: http://localhost:3000/sitemap.xml");
  });
});
