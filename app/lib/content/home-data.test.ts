import { describe, expect, it } from "vitest";
import { articles, events } from "#db/schema";
import { db } from "../core/db.server";
import { latestArticles } from "./articles.server";
import { formatDate, formatEventWhen } from "../core/time";
import { listUpcomingEvents } from "./events.server";

const now = new Date("2026-03-10T12:00:00Z");
const at = (iso: string) => new Date(iso);

describe("home page data (upcoming events, latest articles, French dates)", () => {
  it("lists the next public events, soonest first, without members-only or past ones", async () => {
    await db.insert(events).values([
      { title: "Stage passé", startsAt: at("2026-03-01T09:00:00Z"), endsAt: at("2026-03-01T12:00:00Z") },
      { title: "Démonstration", startsAt: at("2026-04-05T13:00:00Z"), endsAt: at("2026-04-05T15:00:00Z") },
      { title: "Stage régional", startsAt: at("2026-03-21T09:00:00Z"), endsAt: at("2026-03-21T16:00:00Z") },
      {
        title: "Réunion des membres",
        startsAt: at("2026-03-15T18:00:00Z"),
        endsAt: at("2026-03-15T19:00:00Z"),
        membersOnly: true,
      },
      { title: "En cours", startsAt: at("2026-03-09T09:00:00Z"), endsAt: at("2026-03-11T18:00:00Z") },
      { title: "Lointain", startsAt: at("2026-06-01T09:00:00Z"), endsAt: at("2026-06-01T18:00:00Z") },
    ]);
    const list = await listUpcomingEvents({ limit: 3, now });
    expect(list.map((e) => e.title)).toEqual(["En cours", "Stage régional", "Démonstration"]);
  });

  it("lists published and due scheduled articles, newest first", async () => {
    await db.insert(articles).values([
      { slug: "a", title: "Ancien", status: "publie", publishedAt: at("2026-01-01T10:00:00Z") },
      { slug: "b", title: "Brouillon", status: "brouillon", publishedAt: at("2026-03-09T10:00:00Z") },
      { slug: "c", title: "Programmé futur", status: "programme", publishedAt: at("2026-03-20T10:00:00Z") },
      { slug: "d", title: "Programmé échu", status: "programme", publishedAt: at("2026-03-08T10:00:00Z") },
      { slug: "e", title: "Récent", status: "publie", publishedAt: at("2026-03-05T10:00:00Z") },
      { slug: "f", title: "Moyen", status: "publie", publishedAt: at("2026-02-01T10:00:00Z") },
    ]);
    const list = await latestArticles(3, now);
    expect(list.map((a) => a.title)).toEqual(["Programmé échu", "Récent", "Moyen"]);
  });

  it("formats dates in French, Paris time", () => {
    expect(formatDate(at("2026-03-05T23:30:00Z"))).toBe("6 mars 2026");
    expect(formatDate(at("2026-05-01T10:00:00Z"))).toBe("1er mai 2026");
    expect(
      formatEventWhen({ startsAt: at("2026-03-21T09:00:00Z"), endsAt: at("2026-03-21T16:00:00Z"), allDay: false }),
    ).toBe("samedi 21 mars 2026, 10\u00a0h – 17\u00a0h");
    expect(
      formatEventWhen({ startsAt: at("2026-07-04T00:00:00Z"), endsAt: at("2026-07-04T20:00:00Z"), allDay: true }),
    ).toBe("samedi 4 juillet 2026");
    expect(
      formatEventWhen({ startsAt: at("2026-05-01T08:00:00Z"), endsAt: at("2026-05-03T15:00:00Z"), allDay: true }),
    ).toBe("du vendredi 1er mai 2026 au dimanche 3 mai 2026");
  });
});
