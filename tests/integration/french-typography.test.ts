/**
 * French typography on every public page: the visible text of each
 * page of the route table's public list, each published article and the 404
 * page has no breakable space before « : ; ! ? » and a no-break space inside
 * « ». Pages go through the real request handler (tests/helpers/app.ts) with
 * the demo content seeded, stored rich text and settings texts included.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_PAGES } from "~/lib/club/public-pages";
import { publishedArticleEntries } from "~/lib/club/sitemap.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { publishSampleContent } from "../helpers/sample-content";
import { listGrades } from "~/lib/members/grades.server";
import { app } from "../helpers/app";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** The text a reader sees: the title and the body without scripts, styles, comments or tags. */
function visibleText(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";
  const body = html.slice(html.indexOf("<body"));
  return `${title}\n${body}`
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? all;
    });
}

/** Each place where a line may break before : ; ! ? or inside « » (with some context). */
function typographyFaults(text: string): string[] {
  const faults: string[] = [];
  const patterns = [/[^\S\u00a0\u202f]+[:;!?]/g, /«(?![\u00a0\u202f])/g, /(?<![\u00a0\u202f])»/g];
  for (const pattern of patterns) {
    for (const m of text.matchAll(pattern)) {
      faults.push(text.slice(Math.max(0, m.index - 30), m.index + m[0].length + 10).replace(/\s+/g, " "));
    }
  }
  return faults;
}

let pages: string[] = [];
const texts = new Map<string, string>();

async function pageText(path: string): Promise<string> {
  const known = texts.get(path);
  if (known !== undefined) return known;
  const res = await app.fetch(path);
  expect([200, 404]).toContain(res.status);
  const text = visibleText(await res.text());
  texts.set(path, text);
  return text;
}

beforeAll(async () => {
  await seedDatabase();
  // The site publishes no article by itself: the sample news, with « » and colons.
  await publishSampleContent();
  const articles = await publishedArticleEntries();
  pages = [...PUBLIC_PAGES, ...articles.map((a) => a.path), "/une-page-qui-n-existe-pas"];
}, 120_000);

describe("French typography of every public page", () => {
  it("the scanner finds a breakable space before the signs and bare guillemets", () => {
    expect(typographyFaults(visibleText("<body><p>Quoi ?</p><p>«Être fort»</p></body>"))).toHaveLength(3);
    expect(typographyFaults(visibleText("<body><p>Quoi&nbsp;? Ouvert à 17:30, https://club.fr</p></body>"))).toEqual(
      [],
    );
  });

  it("has no breakable space before : ; ! ? and no bare « » in any page's visible text", async () => {
    expect(pages.length).toBeGreaterThan(PUBLIC_PAGES.length);
    const found: string[] = [];
    for (const path of pages) {
      for (const fault of typographyFaults(await pageText(path))) found.push(`${path}: …${fault}…`);
    }
    expect(found).toEqual([]);
  }, 120_000);
});

describe("Texts of the public pages (domain notes, issue 13)", () => {
  it("spells each name one way: dang, Grand Maître Nguyễn Lộc, BD humour, Infos pratiques, e-mail", async () => {
    const wrong = [
      /\bdan\b/,
      /\b[Ll]e maître Nguyễn Lộc/,
      /BD Humour/,
      /Infos Pratiques/,
      /\b[Ee]mail\b/,
      /[Cc]ourriel/,
      /ciseaux[^()]*\(đòn chân\)/,
    ];
    const found: string[] = [];
    for (const path of pages) {
      const text = await pageText(path);
      for (const pattern of wrong) if (pattern.test(text)) found.push(`${path}: ${String(pattern)}`);
    }
    expect(found).toEqual([]);
    expect(await pageText("/le-vovinam-viet-vo-dao/presentation")).toContain("Grand Maître Nguyễn Lộc");
  });

  it("the grades page says which belt carries which dang once, without a sentence repeated on each grade", async () => {
    const text = await pageText("/le-vovinam-viet-vo-dao/grades");
    expect(text).not.toMatch(/premier dang|1er dang, là où/);
    expect(text).toContain("(1er dang)");
    const descriptions = (await listGrades()).map((g) => g.description).filter((d) => d !== "");
    expect(descriptions.length).toBeGreaterThan(0);
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it("prices the belt with a grammatical sentence", async () => {
    const text = await pageText("/equipement");
    expect(text).not.toContain("comprise avec la tenue");
    expect(text).toContain(`Prix indicatif${"\u00a0"}: compris avec la tenue`);
  });

  it("reads the calendar's screen-reader captions in French: d’octobre, 1er novembre", async () => {
    // The month's list is named for screen readers by its aria-label.
    const octoberHtml = await (await app.fetch("/la-vie-du-club/calendrier?mois=2026-10")).text();
    expect(octoberHtml).toContain('aria-label="Événements et cours d’octobre 2026, jour par jour"');
    expect(octoberHtml).not.toContain("de octobre");
    const november = await pageText("/la-vie-du-club/calendrier?mois=2026-11");
    expect(november).toContain("1er novembre");
    expect(november).not.toMatch(/\b1 novembre/);
  });
});
