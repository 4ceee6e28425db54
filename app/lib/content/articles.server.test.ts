import { assert, beforeAll, describe, expect, it } from "vitest";
import { articles } from "#db/schema";
import { getPublishedArticle, isPublished, listPublishedArticles, parseArticleId, slugify } from "./articles.server";
import { db } from "../core/db.server";

const now = new Date("2026-11-20T12:00:00Z");
const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

let ids: Record<string, number> = {};
/** Id of a seeded article by slug (fails the test if the slug was not seeded). */
const idOf = (slug: string): number => {
  const id = ids[slug];
  assert(id !== undefined, `article ${slug} absent`);
  return id;
};

beforeAll(async () => {
  const rows = await db
    .insert(articles)
    .values([
      { slug: "brouillon", title: "Brouillon", status: "brouillon", publishedAt: daysAgo(1) },
      {
        slug: "programme-futur",
        title: "Programmé futur",
        status: "programme",
        publishedAt: new Date(now.getTime() + 3600_000),
      },
      { slug: "programme-passe", title: "Programmé passé", status: "programme", publishedAt: daysAgo(2) },
      ...Array.from({ length: 10 }, (_, i) => ({
        slug: `publie-${i}`,
        title: `Publié ${i}`,
        status: "publie",
        publishedAt: daysAgo(10 + i),
      })),
    ])
    .returning({ id: articles.id, slug: articles.slug });
  ids = Object.fromEntries(rows.map((r) => [r.slug, r.id]));
});

describe("publication rule", () => {
  it("publie is published, brouillon never, programme once its time has come", () => {
    expect(isPublished({ status: "publie", publishedAt: null }, now)).toBe(true);
    expect(isPublished({ status: "brouillon", publishedAt: daysAgo(3) }, now)).toBe(false);
    expect(isPublished({ status: "programme", publishedAt: daysAgo(1) }, now)).toBe(true);
    expect(isPublished({ status: "programme", publishedAt: new Date(now.getTime() + 1000) }, now)).toBe(false);
    expect(isPublished({ status: "programme", publishedAt: null }, now)).toBe(false);
  });

  it("hides drafts and scheduled articles until their time", async () => {
    expect(await getPublishedArticle(idOf("brouillon"), { now })).toBeNull();
    expect(await getPublishedArticle(idOf("programme-futur"), { now })).toBeNull();
    expect(
      await getPublishedArticle(idOf("programme-futur"), { now: new Date(now.getTime() + 2 * 3600_000) }),
    ).not.toBeNull();
    expect((await getPublishedArticle(idOf("programme-passe"), { now }))?.title).toBe("Programmé passé");
    expect(await getPublishedArticle(999_999, { now })).toBeNull();
  });
});

describe("listPublishedArticles", () => {
  it("lists published articles newest first, 9 per page", async () => {
    const first = await listPublishedArticles({ page: 1, now });
    expect(first.total).toBe(11);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(9);
    expect(first.items.map((a) => a.title).slice(0, 3)).toEqual(["Programmé passé", "Publié 0", "Publié 1"]);
    const dates = first.items.map((a) => a.publishedAt!.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(first.items.some((a) => a.title === "Brouillon" || a.title === "Programmé futur")).toBe(false);

    const second = await listPublishedArticles({ page: 2, now });
    expect(second.items.map((a) => a.title)).toEqual(["Publié 8", "Publié 9"]);
    expect(second.items[0]?.path).toBe(`/la-vie-du-club/actualites/${ids["publie-8"]}-publie-8`);
  });

  it("shows the scheduled article once its time has passed", async () => {
    const later = await listPublishedArticles({ page: 1, now: new Date(now.getTime() + 2 * 3600_000) });
    expect(later.total).toBe(12);
    expect(later.items[0]?.title).toBe("Programmé futur");
  });
});

describe("ids and slugs", () => {
  it("accepts 12 and 12-some-slug, refuses the rest", () => {
    expect(parseArticleId("12")).toBe(12);
    expect(parseArticleId("12-passage-de-grades")).toBe(12);
    for (const bad of ["", "abc", "0", "-3", "12abc", "12.5", "1e3", "12-été", undefined]) {
      expect(parseArticleId(bad)).toBeNull();
    }
  });

  it("slugifies French titles", () => {
    expect(slugify("Passage de grades : bravo à tous !")).toBe("passage-de-grades-bravo-a-tous");
    expect(slugify("Đòn chân, « ciseaux » & cœur")).toBe("don-chan-ciseaux-coeur");
    expect(slugify("!!!")).toBe("article");
  });
});
