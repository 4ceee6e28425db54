/**
 * The first start invents nothing: whatever the day the site first starts, the seed
 * publishes no article and no event, keeps its examples as drafts titled « Exemple : … » that
 * only the managers see, and every date a seeded text writes with a weekday is that weekday
 * (« Le samedi 4 décembre » written in November 2026 named a Friday). The seed runs under a
 * fake clock on days spread over more than a year, each time in a transaction rolled back.
 * A fresh install's public pages then show their empty states (no news, no event, no weekly
 * class promised); a manager gets the link to fill them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { articles, comics, events, settings } from "#db/schema";
import { db } from "../db.server";
import { seedDatabase } from "../seed.server";
import { addDays, isoWeekday, MONTH_NAMES, parisDate, parisTime, WEEKDAY_NAMES } from "../time";
import { clearSettingsCache, getSetting } from "../../club/settings.server";
import { isPublished } from "../../content/articles.server";
import { listFeedEvents, listUpcomingEvents, entryDays } from "../../content/events.server";
import { publishedArticleEntries } from "../../club/sitemap.server";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { EXAMPLE_PREFIX } from "./content.server";

const WEEKDAYS = WEEKDAY_NAMES;
const MONTHS = MONTH_NAMES;
const DATED = new RegExp(
  `\\b(${WEEKDAYS.join("|")})\\s+(1er|\\d{1,2})\\s+(${MONTHS.join("|")})(?:\\s+(\\d{4}))?`,
  "giu",
);

/**
 * The dates of `text` whose weekday is wrong. A date without its year is read as a reader
 * would: the occurrence of that day nearest to `around` (the day the text appears).
 */
function wrongWeekdays(text: string, around: string): string[] {
  const plain = text.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ");
  const wrong: string[] = [];
  for (const m of plain.matchAll(DATED)) {
    const [written, weekday, dayText, monthName, yearText] = m as unknown as string[];
    const month = MONTHS.indexOf(monthName!.toLowerCase()) + 1;
    const dayOfMonth = dayText === "1er" ? 1 : Number(dayText);
    const key = (year: number) => `${year}-${String(month).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
    const year0 = Number(around.slice(0, 4));
    const distance = (day: string) => Math.abs(parisTime(day).getTime() - parisTime(around).getTime());
    const day = yearText
      ? key(Number(yearText))
      : [key(year0 - 1), key(year0), key(year0 + 1)].sort((a, b) => distance(a) - distance(b))[0]!;
    if (WEEKDAYS[isoWeekday(day) - 1] !== weekday!.toLowerCase()) wrong.push(`${written!} (${day})`);
  }
  return wrong;
}

class Rollback extends Error {}

/** The seed's rows when the site first starts at `now` (rolled back afterwards). */
async function seedAt(now: Date) {
  vi.setSystemTime(now);
  let seeded: Awaited<ReturnType<typeof read>> | undefined;
  async function read() {
    return {
      articles: await db.select().from(articles),
      events: await db.select().from(events),
      comics: await db.select().from(comics),
      settings: await db.select().from(settings),
      classCalendar: await getSetting("classCalendar"),
      schedule: await getSetting("schedule"),
      upcoming: await listUpcomingEvents({ includeMembersOnly: true, limit: 100 }),
      feed: await listFeedEvents({ includeMembersOnly: true }),
      sitemap: await publishedArticleEntries(),
    };
  }
  await db
    .transaction(async () => {
      // A fresh install: no setting written yet (the tests' club facts dropped).
      await db.delete(settings);
      clearSettingsCache();
      expect(await seedDatabase()).toBe(true);
      seeded = await read();
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  clearSettingsCache();
  return seeded!;
}

/** Every 11 days from 1 January 2026 to March 2027, and the days of the issue. */
const DAYS = [
  ...Array.from({ length: 40 }, (_, i) => addDays("2026-01-01", i * 11)),
  "2026-11-28",
  "2026-12-07",
  "2026-12-26",
  "2027-08-31",
  "2027-09-01",
];

beforeAll(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
});
afterAll(() => {
  vi.useRealTimers();
});

describe("the weekday check", () => {
  it("catches the Téléthon article's « samedi 4 décembre » of 2026 and accepts a right date", () => {
    expect(wrongWeekdays("<p>Le <strong>samedi 4 décembre</strong>, de 10 h à 12 h</p>", "2026-11-28")).toEqual([
      "samedi 4 décembre (2026-12-04)",
    ]);
    expect(wrongWeekdays("Le vendredi 4 décembre et le samedi 1er janvier 2028.", "2026-11-28")).toEqual([]);
    expect(wrongWeekdays("Le samedi 1er janvier 2028 puis le lundi 3 janvier", "2027-12-20")).toEqual([]);
  });
});

describe("first-start content, whatever the day of the first start", () => {
  it("publishes nothing, keeps its examples as drafts, and writes every weekday right", async () => {
    for (const day of DAYS) {
      const seeded = await seedAt(parisTime(day, "10:00"));
      const at = `seed of ${day}`;
      expect(parisDate(), at).toBe(day);

      // No news: the examples are drafts, undated, titled « Exemple : … ».
      expect(seeded.articles.length, at).toBeGreaterThan(0);
      expect(seeded.articles.length, at).toBeLessThanOrEqual(3);
      for (const a of seeded.articles) {
        expect(a.title.startsWith(EXAMPLE_PREFIX), `${at}: ${a.title}`).toBe(true);
        expect(a.status, at).toBe("brouillon");
        expect(a.publishedAt, at).toBeNull();
        expect(isPublished(a), at).toBe(false);
      }
      expect(seeded.sitemap, at).toEqual([]);

      // No event, hence none in a closure, none on the calendar or in the feed.
      expect(seeded.events, at).toEqual([]);
      expect(seeded.upcoming, at).toEqual([]);
      expect(seeded.feed, at).toEqual([]);
      const closures = [
        ...seeded.events.filter((e) => e.category === "fermeture").map((e) => entryDays(e)),
        ...seeded.classCalendar.schoolHolidays.map((h) => ({ first: h.start, last: h.end })),
      ];
      for (const e of seeded.events.filter((e) => e.category !== "fermeture")) {
        const { first, last } = entryDays(e);
        const inside = closures.filter((c) => first <= c.last && last >= c.first);
        expect(inside, `${at}: ${e.title}`).toEqual([]);
      }
      // No school holiday or closure the club did not enter, no weekly class it did not ask for.
      expect(seeded.classCalendar.schoolHolidays, at).toEqual([]);
      expect(seeded.schedule, at).toEqual([]);

      // The comic strips are not dated before the site existed.
      for (const c of seeded.comics) expect(c.publishedAt.getTime(), at).toBe(parisTime(day, "10:00").getTime());

      // Every date written with its weekday names the right day.
      const texts = [
        ...seeded.articles.map((a) => ({ text: `${a.title} ${a.summary} ${a.body}`, on: day })),
        ...seeded.events.map((e) => ({ text: `${e.title} ${e.description}`, on: day })),
        ...seeded.comics.map((c) => ({ text: `${c.title} ${c.alt}`, on: parisDate(c.publishedAt) })),
        ...seeded.settings.map((s) => ({ text: JSON.stringify(s.value), on: day })),
      ];
      for (const { text, on } of texts) expect(wrongWeekdays(text, on), at).toEqual([]);
    }
  });
});

describe("a new club's public pages", () => {
  it("say what will appear there; a manager gets the links to write the first article and event", async () => {
    vi.setSystemTime(parisTime("2026-12-07", "10:00"));
    // A fresh install: no setting written yet (the tests' club facts dropped).
    await db.delete(settings);
    clearSettingsCache();
    await seedDatabase();
    const [example] = await db.select().from(articles);

    // A visitor: the empty states, no example, no link to the member area.
    const news = await (await app.fetch("/la-vie-du-club/actualites")).text();
    expect(news).toContain("Les actualités du club paraîtront ici.");
    expect(news).not.toContain("Exemple");
    expect(news).not.toContain("/espace-membre/articles/ajouter");
    const calendar = await (await app.fetch("/la-vie-du-club/calendrier")).text();
    expect(calendar).toContain("Les rendez-vous du club paraîtront ici.");
    // No weekly class entered: the calendar promises none.
    expect(calendar).toContain('data-testid="calendar-no-classes"');
    expect(calendar).not.toContain("Les cours hebdomadaires ont lieu");
    expect(calendar).not.toContain("/espace-membre/evenements/ajouter");
    const home = await (await app.fetch("/")).text();
    expect(home).toContain('data-testid="home-articles-empty"');
    expect(home).toContain('data-testid="home-events-empty"');
    expect(home).not.toContain("Exemple");
    expect(home).not.toContain("/espace-membre/");
    const feed = await (await app.fetch("/la-vie-du-club/calendrier.ics")).text();
    expect(feed).toContain("BEGIN:VCALENDAR");
    expect(feed).not.toContain("UID:evenement-");
    const sitemap = await (await app.fetch("/sitemap.xml")).text();
    expect(sitemap).not.toContain(example!.slug);
    expect((await app.fetch(`/la-vie-du-club/actualites/${example!.id}-${example!.slug}`)).status).toBe(404);

    // A member: no link either.
    const member = await createUser({ roles: ["membre"] });
    expect(await (await app.fetch("/la-vie-du-club/actualites", { as: member })).text()).not.toContain(
      "/espace-membre/articles/ajouter",
    );

    // A content manager: the links, and the examples in the managers' list.
    const manager = await createUser({ roles: ["article_manager"] });
    const managerNews = await (await app.fetch("/la-vie-du-club/actualites", { as: manager })).text();
    expect(managerNews).toContain('href="/espace-membre/articles/ajouter"');
    expect(managerNews).toContain("Écrire le premier article");
    const managerCalendar = await (await app.fetch("/la-vie-du-club/calendrier", { as: manager })).text();
    expect(managerCalendar).toContain('href="/espace-membre/evenements/ajouter"');
    const managerHome = await (await app.fetch("/", { as: manager })).text();
    expect(managerHome).toContain('href="/espace-membre/articles/ajouter"');
    expect(managerHome).toContain('href="/espace-membre/evenements/ajouter"');
    const list = await (await app.fetch("/espace-membre/articles", { as: manager })).text();
    expect(list).toContain(`${EXAMPLE_PREFIX.replace(" :", "\u00a0:")}`);
    expect(
      (await app.fetch(`/la-vie-du-club/actualites/${example!.id}-${example!.slug}`, { as: manager })).status,
    ).toBe(200);
  });
});
