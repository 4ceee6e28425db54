/**
 * The calendar that tells the truth: the public page and the iCalendar feeds
 * (public and members') show the weekly classes only inside the season,
 * never on public holidays, inside a closure, or on the day of an event that
 * replaces them, and the feed (RRULE + EXDATE, read by a strict parser) gives
 * exactly the days the page gives. The page writes each entry once (one list
 * of days, a grid from md up), its icons from the stylesheet; the month it is
 * written from holds only the days that have something, formatted, and the
 * browser receives the written month, never its days as data. Fixed dates, no wall clock.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { monthDaysHtml } from "~/components/calendar-page.server";
import { monthCalendar, upcomingEvents } from "~/lib/content/public-reads.server";
import { events, users } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { setSetting } from "~/lib/club/settings.server";
import { allDayRange } from "~/lib/content/events.server";
import { upcomingView, type DayView, type MonthView, type UpcomingView } from "~/lib/content/calendar-view.server";
import { classSessions } from "~/lib/club/class-sessions.server";
import { parisDate, parisTime } from "~/lib/core/time";
import { getOrCreateCalendarToken, memberCalendarPath } from "~/lib/accounts/calendar-tokens.server";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { events as vevents, occurrences, parseICalendar, prop } from "../../../tests/helpers/ical";

const SEASON = {
  seasonStart: "2026-09-07",
  seasonEnd: "2027-06-30",
  zone: "C" as const,
  skipSchoolHolidays: false,
  schoolHolidays: [],
};

beforeAll(async () => {
  await setSetting("classCalendar", SEASON);
  await db.insert(events).values([
    {
      title: "Fermeture du club pendant les vacances de Noël",
      ...allDayRange("2026-12-19", "2027-01-03"),
      allDay: true,
      category: "fermeture",
    },
    {
      title: "Passage de grades de mi-saison",
      startsAt: parisTime("2027-03-13", "14:00"),
      endsAt: parisTime("2027-03-13", "17:30"),
      category: "passage-de-grades",
      replacesClasses: true,
    },
    {
      title: "Stage technique",
      startsAt: parisTime("2027-03-20", "14:00"),
      endsAt: parisTime("2027-03-20", "17:00"),
      category: "stage",
    },
  ]);
});

interface PageData {
  calendar: MonthView;
  upcoming: UpcomingView[];
}

/** What a visitor's page of the month `key` is written from (its loader renders exactly these). */
async function pageData(key: string): Promise<PageData> {
  const [year, monthNumber] = key.split("-").map(Number) as [number, number];
  const [calendar, upcoming] = await Promise.all([
    monthCalendar({ year, month: monthNumber }),
    upcomingEvents(8).then(upcomingView),
  ]);
  return { calendar, upcoming };
}

/** The days of the month that have something on them, as the page is written from. */
async function month(key: string): Promise<DayView[]> {
  return (await pageData(key)).calendar.days;
}

/** The data React Router streams at the end of a page load (for hydration). */
function streamedData(html: string): string {
  return (html.match(/<script[^>]*>[^<]*streamController\.enqueue[^<]*<\/script>/g) ?? []).join("\n");
}

async function pageHtml(key: string): Promise<string> {
  const res = await app.fetch(`/la-vie-du-club/calendrier?mois=${key}`);
  expect(res.status).toBe(200);
  return res.text();
}

function countIn(text: string, pattern: RegExp | string): number {
  return typeof pattern === "string" ? text.split(pattern).length - 1 : (text.match(pattern) ?? []).length;
}

function classesOn(days: DayView[], date: string): string[] {
  return (days.find((d) => d.date === date)?.entries ?? []).filter((e) => e.kind === "class").map((e) => e.title);
}

function allClasses(days: DayView[]): number {
  return days.reduce((n, d) => n + d.entries.filter((e) => e.kind === "class").length, 0);
}

describe("the public calendar page", () => {
  it("shows no class in August, nor in 2020 or 2035", async () => {
    expect(allClasses(await month("2026-08"))).toBe(0);
    expect(allClasses(await month("2027-08"))).toBe(0);
    expect(allClasses(await month("2020-03"))).toBe(0);
    expect(allClasses(await month("2035-03"))).toBe(0);
  });

  it("shows the classes of an ordinary week", async () => {
    const days = await month("2026-11");
    expect(classesOn(days, "2026-11-10")).toEqual(["Cours Adultes (16 ans et plus)"]);
    expect(classesOn(days, "2026-11-18")).toEqual(["Cours Enfants (6-11 ans)", "Cours Adolescents (12-15 ans)"]);
    expect(classesOn(days, "2026-11-21")).toEqual(["Cours Enfants (6-11 ans)", "Cours Ceintures jaunes et plus"]);
  });

  it("shows no class on a public holiday (11 novembre, 8 mai), and says why", async () => {
    const november = await month("2026-11");
    expect(classesOn(november, "2026-11-11")).toEqual([]);
    expect(november.find((d) => d.date === "2026-11-11")?.classesOff).toBe(
      "Pas de cours – Jour férié\u00a0: Armistice 1918",
    );
    expect(november.find((d) => d.date === "2026-11-10")?.classesOff).toBeNull();
    expect(classesOn(await month("2027-05"), "2027-05-08")).toEqual([]);
  });

  it("drops the classes of the day of an event created with « remplace les cours de la journée »", async () => {
    const manager = await createUser({ roles: ["article_manager"] });
    const created = await app.post(
      "/espace-membre/evenements/ajouter",
      {
        title: "Démonstration à la fête de la ville",
        category: "demonstration",
        startsAt: "2027-04-10T15:00",
        endsAt: "2027-04-10T17:00",
        place: "Parc de la ville",
        replacesClasses: "on",
      },
      { as: manager.cookie },
    );
    expect(created.redirect).toMatch(/^\/espace-membre\/evenements/);
    const days = await month("2027-04");
    expect(classesOn(days, "2027-04-10")).toEqual([]);
    expect(classesOn(days, "2027-04-03")).toEqual(["Cours Enfants (6-11 ans)", "Cours Ceintures jaunes et plus"]);
  });

  it("shows no class inside the club's closure, 26 December included", async () => {
    const days = await month("2026-12");
    expect(classesOn(days, "2026-12-26")).toEqual([]);
    expect(days.find((d) => d.date === "2026-12-26")?.entries.map((e) => e.title)).toEqual([
      "Fermeture du club pendant les vacances de Noël",
    ]);
    expect(classesOn(days, "2026-12-18")).toEqual(["Cours Adultes (16 ans et plus)"]);
  });

  it("drops the day's classes when an event replaces them, not when it does not", async () => {
    const days = await month("2027-03");
    expect(classesOn(days, "2027-03-13")).toEqual([]);
    expect(days.find((d) => d.date === "2027-03-13")?.entries.map((e) => e.title)).toEqual([
      "Passage de grades de mi-saison",
    ]);
    expect(classesOn(days, "2027-03-20")).toEqual(["Cours Enfants (6-11 ans)", "Cours Ceintures jaunes et plus"]);
  });
});

describe("the calendar page, written once", () => {
  it("writes each entry of the month once, in one list of the month's days (no table, no phone copy)", async () => {
    const [html, { calendar }] = await Promise.all([pageHtml("2026-11"), pageData("2026-11")]);
    expect(html).not.toContain("<table");
    const adults = calendar.days.flatMap((d) => d.entries).filter((e) => e.title === "Cours Adultes (16 ans et plus)");
    expect(adults.length).toBeGreaterThanOrEqual(4);
    expect(countIn(html, ">Cours Adultes (16 ans et plus)<")).toBe(adults.length);
    // Every day of November once, with its full date for screen readers and phones.
    expect(countIn(html, /(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) (1er|\d{1,2}) novembre</g)).toBe(30);
    expect(html).toContain('aria-label="Événements et cours de novembre 2026, jour par jour"');
    expect(countIn(html, ">Pas de cours – Jour férié")).toBe(1);
  });

  it("writes the stored markup of a cached month once per page load, and sends it to a change of month", async () => {
    for (const key of ["2026-11", "2026-12"]) {
      const html = await pageHtml(key);
      const start = html.indexOf('<ol aria-label="Événements et cours');
      const served = html.slice(start, html.indexOf("</ol>", start) + "</ol>".length);
      expect(countIn(served, 'class="cal-entry')).toBeGreaterThan(0);
      // The server wrote the month's stored markup (rendered once for the cached month)…
      const { calendar } = await pageData(key);
      expect(served).toContain(`>${monthDaysHtml(calendar, `${calendar.month}:false:${calendar.today}`)}</ol>`);
      // …inside the month's block, which the browser keeps as it is…
      expect(html).toContain('<div data-bloc="mois">');
      // …and the page's data does not repeat it, nor the days it was written from.
      const data = streamedData(html);
      expect(data.length).toBeGreaterThan(0);
      expect(data).not.toContain("cal-entry");
      expect(data).not.toContain("daysInMonth");
      // A change of month in the browser receives the month written, not its days.
      const routes = encodeURIComponent("root,routes/club/calendar");
      const next = await (await app.fetch(`/la-vie-du-club/calendrier.data?mois=${key}&_routes=${routes}`)).text();
      expect(next).toContain("cal-entry");
      expect(next).not.toContain("daysInMonth");
    }
  });

  it("draws no SVG for an entry or a card: their icons come from the stylesheet", async () => {
    const [html, { calendar, upcoming }] = await Promise.all([pageHtml("2026-11"), pageData("2026-11")]);
    const entries = calendar.days.flatMap((d) => d.entries);
    // From the month's heading to the upcoming list (the layout around it has its own icons).
    const page = html.slice(html.indexOf('id="mois-titre"'), html.indexOf('id="abonnement-titre"'));
    expect(countIn(page, "<svg")).toBe(2); // the two chevrons of the month navigation
    expect(countIn(page, /class="cal-clock[ "]/g)).toBe(entries.length + upcoming.length);
    expect(countIn(page, /class="cal-pin[ "]/g)).toBe(
      entries.filter((e) => e.place).length + upcoming.filter((e) => e.place).length,
    );
  });

  it("writes the month from its days that have something, already formatted", async () => {
    const { calendar } = await pageData("2026-11");
    expect(calendar).toMatchObject({ month: "2026-11", firstWeekday: 7, daysInMonth: 30 });
    expect(calendar.days.length).toBeGreaterThan(0);
    expect(calendar.days.length).toBeLessThan(30);
    for (const day of calendar.days) {
      expect(day.date.startsWith("2026-11-")).toBe(true);
      expect(day.entries.length > 0 || day.classesOff !== null).toBe(true);
    }
    const tuesday = calendar.days.find((d) => d.date === "2026-11-10")?.entries[0];
    expect(Object.keys(tuesday ?? {}).sort()).toEqual([
      "category",
      "end",
      "kind",
      "membersOnly",
      "place",
      "start",
      "title",
    ]);
    expect(tuesday?.start).toMatch(/^\d{1,2}\u00a0h/);
    expect(JSON.stringify(calendar)).not.toMatch(/description|startsAt|updatedAt|eventId/);
    // A weekly class is one object in the month, sent once and referred to from each of its days.
    const nextTuesday = calendar.days.find((d) => d.date === "2026-11-17")?.entries[0];
    expect(nextTuesday).toEqual(tuesday);
    expect(nextTuesday).toBe(tuesday);
  });

  it("shows a members-only event to members only, with its badge (read in the grid, seen on phones)", async () => {
    await db.insert(events).values({
      title: "Réunion des parents",
      startsAt: parisTime("2027-01-16", "18:00"),
      endsAt: parisTime("2027-01-16", "19:00"),
      category: "autre",
      membersOnly: true,
    });
    const member = await createUser({ roles: ["membre"] });
    const monthOf = (html: string) => html.slice(html.indexOf('id="mois-titre"'), html.indexOf('id="prochains-titre"'));
    const visitor = monthOf(await pageHtml("2027-01"));
    expect(visitor).not.toContain("Réunion des parents");
    const res = await app.fetch("/la-vie-du-club/calendrier?mois=2027-01", { as: member.cookie });
    const seen = monthOf(await res.text());
    expect(countIn(seen, ">Réunion des parents<")).toBe(1);
    expect(countIn(seen, 'class="cal-members cal-lock">Réservé aux membres<')).toBe(1);
  });

  it("marks today once, for the grid and the list alike", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(parisTime("2027-02-10", "10:00"));
    try {
      const [{ calendar }, html] = await Promise.all([pageData("2027-02"), pageHtml("2027-02")]);
      expect(calendar.today).toBe("2027-02-10");
      expect(countIn(html, /Aujourd(?:'|&#x27;|’)hui</g)).toBe(1);
      expect(countIn(html, '"cal-num cal-today"')).toBe(1);
      expect((await pageData("2027-03")).calendar.today).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the iCalendar feeds", () => {
  async function feedText(path: string): Promise<string> {
    const res = await app.fetch(path);
    expect(res.status).toBe(200);
    return res.text();
  }

  it("is valid RFC 5545 with one weekly series per class in Europe/Paris", async () => {
    const cal = parseICalendar(await feedText("/la-vie-du-club/calendrier.ics"));
    expect(cal.components.filter((c) => c.name === "VTIMEZONE").map((c) => prop(c, "TZID")?.value)).toEqual([
      "Europe/Paris",
    ]);
    const series = vevents(cal).filter((e) => prop(e, "RRULE"));
    expect(series).toHaveLength(6);
    for (const s of series) {
      expect(prop(s, "DTSTART")?.params.TZID).toBe("Europe/Paris");
      expect(prop(s, "RRULE")?.value).toBe("FREQ=WEEKLY;UNTIL=20270630T215959Z");
    }
  });

  it("gives exactly the days the page gives, in the public and the members' feed", async () => {
    await db.insert(users).values({
      id: "membre-cal",
      name: "m",
      email: "membre-cal@example.org",
      prenom: "M",
      nom: "Test",
      roles: ["membre"],
    });
    const token = await getOrCreateCalendarToken("membre-cal");
    const sessions = (await classSessions("2026-01-01", "2028-12-31")).filter((s) => !s.cancelled);
    const expected = sessions.map((s) => `${s.slot.group} ${s.startsAt.toISOString()}`).sort();
    expect(expected.length).toBeGreaterThan(100);
    for (const path of ["/la-vie-du-club/calendrier.ics", memberCalendarPath(token)]) {
      const cal = parseICalendar(await feedText(path));
      const seen = vevents(cal)
        .filter((e) => prop(e, "RRULE"))
        .flatMap((e) =>
          occurrences(e).map((at) => `${(prop(e, "SUMMARY")?.value ?? "").replace(/^Cours /, "")} ${at.toISOString()}`),
        )
        .sort();
      expect(seen).toEqual(expected);
      const days = new Set(seen.map((k) => parisDate(new Date(k.slice(k.lastIndexOf(" ") + 1)))));
      for (const skipped of ["2026-11-11", "2026-12-26", "2027-03-13", "2027-05-08", "2026-09-05", "2027-07-03"]) {
        expect(days.has(skipped), skipped).toBe(false);
      }
      expect(days.has("2026-11-21")).toBe(true);
    }
  });

  it("skips with an EXDATE the closure, the exam and demonstration days and the public holidays (1er and 8 mai)", async () => {
    const cal = parseICalendar(await feedText("/la-vie-du-club/calendrier.ics"));
    const saturdayKids = vevents(cal).find((e) => prop(e, "UID")?.value.startsWith("cours-enfants-sam-2026-09-07@"));
    expect(saturdayKids).toBeDefined();
    const exdates = saturdayKids!.properties.filter((p) => p.name === "EXDATE").map((p) => p.value);
    expect(exdates).toEqual([
      "20261219T100000",
      "20261226T100000",
      "20270102T100000",
      "20270313T100000",
      "20270410T100000",
      "20270501T100000",
      "20270508T100000",
    ]);
  });
});
