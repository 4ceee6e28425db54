import { assert, beforeAll, describe, expect, it } from "vitest";
import { articles, events } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { homeView } from "~/lib/content/home-page.server";
import { frenchText } from "~/lib/typography/french";
import { app } from "../../tests/helpers/app";
import type { loader } from "./home";

type HomeData = Awaited<ReturnType<typeof loader>>;
const home = () => homeView();
const homePage = async () => (await app.get<HomeData>("/")).data;

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000);

beforeAll(async () => {
  await seedDatabase();
});

describe("home", () => {
  it("shows the next public event and the latest article once they are inserted", async () => {
    await db.insert(events).values([
      { title: "Stage de ciseaux de jambes", startsAt: inDays(400), endsAt: inDays(400.2), place: "Dojo" },
      { title: "Réunion réservée aux membres", startsAt: inDays(-1), endsAt: inDays(500), membersOnly: true },
      { title: "Démonstration au forum des associations", startsAt: inDays(-0.5), endsAt: inDays(0.5) },
    ]);
    const [inserted] = await db
      .insert(articles)
      .values({
        slug: "tout-neuf",
        title: "Un article tout neuf",
        summary: "Résumé",
        status: "publie",
        publishedAt: new Date(),
      })
      .returning({ id: articles.id });
    assert(inserted);
    const articleId = inserted.id;
    await db
      .insert(articles)
      .values({ slug: "futur", title: "Pas encore", status: "programme", publishedAt: inDays(3) });

    const data = await home();
    const titles = data.events.map((e) => e.title);
    expect(titles).toContain("Démonstration au forum des associations");
    expect(titles).not.toContain("Réunion réservée aux membres");
    // Soonest first: the later stage, if listed, comes after the demonstration.
    const stage = titles.indexOf("Stage de ciseaux de jambes");
    if (stage !== -1) expect(titles.indexOf("Démonstration au forum des associations")).toBeLessThan(stage);
    expect(data.events.length).toBeLessThanOrEqual(3);
    expect(data.events[0]?.when).toMatch(/^(du )?(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) /);

    expect(data.articles[0]).toMatchObject({ id: articleId, title: "Un article tout neuf" });
    expect(data.articles.map((a) => a.title)).not.toContain("Pas encore");
    expect(data.articles.length).toBeLessThanOrEqual(3);
  });

  it("groups the schedule by French day names and builds the JSON-LD", async () => {
    const data = await home();
    expect(data.days.length).toBeGreaterThan(0);
    expect(data.days.map((d) => d.day)).toEqual([...data.days.map((d) => d.day)].sort());
    expect(["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"]).toContain(data.days[0]?.name);
    expect(data.jsonLd).not.toContain("<");
    const ld = JSON.parse(data.jsonLd);
    expect(ld["@type"]).toBe("SportsClub");
    expect(ld.address["@type"]).toBe("PostalAddress");
    expect(ld.sport).toBe("Vovinam Viet Vo Dao");
  });

  it("sends its content as markup written on the server, with the French typography and site links", async () => {
    const page = await homePage();
    // Only the markup and what the page's <head> needs travel with the page.
    expect(Object.keys(page).sort()).toEqual(["city", "clubName", "html", "jsonLd"]);
    const view = await homeView();
    expect(page.html).toContain(`<h1 id="accueil-titre"`);
    expect(page.html).toContain(view.identity.clubName);
    // As a page writes a text: French typography, then HTML's escapes.
    const shown = (text: string) =>
      frenchText(text).replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll("'", "&#x27;");
    expect(view.events.length).toBeGreaterThan(0);
    for (const e of view.events) expect(page.html).toContain(shown(e.title));
    expect(page.html).not.toContain("Réunion réservée aux membres");
    for (const a of view.articles) expect(page.html).toContain(`href="${a.path}" data-discover="true"`);
    expect(page.html).not.toContain("Pas encore");
    // The typography runtime went through it: a no-break space before "?" and inside « ».
    expect(page.html).toContain(shown("qu'est-ce que c'est ?"));
    expect(page.html).toContain(shown("« Être fort pour être utile »"));
    expect(shown("« Être fort pour être utile »")).toMatch(/^«[\u00a0\u202f]Être .*[\u00a0\u202f]»$/);
    // Every link of the block goes through React Router's click handling (SiteLink).
    const internal = [...String(page.html).matchAll(/<a [^>]*href="(\/[^"]*)"[^>]*>/g)];
    expect(internal.length).toBeGreaterThan(5);
    for (const m of internal) expect(m[0]).toContain('data-discover="true"');
  });
});
