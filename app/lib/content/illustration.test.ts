/**
 * Drawn news illustrations: one per article, the same every time, served as
 * an immutable SVG (no script, no external reference) and as a PNG for Open
 * Graph; the news list and the article page use it instead of the shared
 * placeholder when an article has no cover photo.
 */
import { beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { articles } from "#db/schema";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { app } from "../../../tests/helpers/app";
import { publishSampleContent } from "../../../tests/helpers/sample-content";
import { illustrationFor, illustrationSvg, illustrationTheme, parseIllustrationName } from "./illustration";

beforeAll(async () => {
  await seedDatabase();
  // The site publishes no article by itself: the sample news.
  await publishSampleContent();
});

describe("illustration rules", () => {
  it("picks the theme from the article's words", () => {
    expect(illustrationTheme("Passage de grades : bravo à tous !")).toBe("grades");
    expect(illustrationTheme("Trois médailles au championnat régional")).toBe("competition");
    expect(illustrationTheme("Fermeture du club pendant les vacances de Noël")).toBe("fermeture");
    expect(illustrationTheme("Stage de bâton avec Maître X")).toBe("armes");
    expect(illustrationTheme("C'est la rentrée")).toBe("rentree");
    expect(illustrationTheme("Assemblée générale")).toBe("club");
  });

  it("gives each article its own drawing, the same every time", () => {
    const a = illustrationFor({ id: 1, title: "Assemblée générale" });
    const b = illustrationFor({ id: 2, title: "Assemblée générale" });
    expect(a.src).not.toBe(b.src);
    expect(illustrationFor({ id: 1, title: "Assemblée générale" })).toEqual(a);
    expect(illustrationSvg(a.theme, a.seed)).toBe(illustrationSvg(a.theme, a.seed));
    expect(illustrationSvg(a.theme, a.seed)).not.toBe(illustrationSvg(b.theme, b.seed));
    expect(parseIllustrationName("club-0123abcd.svg")).toEqual({ theme: "club", seed: "0123abcd", format: "svg" });
    expect(parseIllustrationName("../x.svg")).toBeNull();
    expect(parseIllustrationName("nope-0123abcd.svg")).toBeNull();
  });
});

describe("/illustrations", () => {
  it("serves the SVG with no script nor external reference, immutable", async () => {
    const { src } = illustrationFor({ id: 7, title: "Démonstration au forum des associations" });
    const res = await app.fetch(src);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const svg = await res.text();
    expect(svg).not.toMatch(/<script|href=|url\((?!#)/i);
    expect(svg).toContain("<svg");
  });

  it("serves a 1200 × 630 PNG for social networks, and 404 for an unknown name", async () => {
    const { png } = illustrationFor({ id: 7, title: "Démonstration au forum des associations" });
    const res = await app.fetch(png);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 1200, 630]);
    expect((await app.fetch("/illustrations/inconnu-00000000.svg")).status).toBe(404);
  });

  it("replaces the shared placeholder: each listed article without a cover has its own drawing", async () => {
    const rows = await db.select().from(articles);
    expect(rows.length).toBeGreaterThan(1);
    const html = await (await app.fetch("/la-vie-du-club/actualites")).text();
    const drawings = [...html.matchAll(/<img src="(\/illustrations\/[a-z]+-[0-9a-f]{8}\.svg)" alt=""/g)].map(
      (m) => m[1],
    );
    expect(drawings.length).toBeGreaterThan(1);
    expect(new Set(drawings).size).toBe(drawings.length);
  });
});
