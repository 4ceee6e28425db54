import { assert, beforeAll, describe, expect, it } from "vitest";
import { events } from "#db/schema";
import { db } from "../core/db.server";
import { allDayRange, getMonthCalendar, listEvents, listUpcomingEvents, parseMonth, shiftMonth } from "./events.server";
import { parisTime } from "../core/time";
import { setSetting } from "../club/settings.server";
import { classSessions } from "../club/class-sessions.server";

beforeAll(async () => {
  await setSetting("classCalendar", {
    seasonStart: "2026-09-07",
    seasonEnd: "2027-06-30",
    zone: "C",
    skipSchoolHolidays: false,
    schoolHolidays: [],
  });
  await db.insert(events).values([
    {
      title: "Stage technique",
      startsAt: parisTime("2026-11-14", "14:00"),
      endsAt: parisTime("2026-11-14", "17:00"),
      place: "Dojo",
      category: "stage",
    },
    {
      title: "Assemblée générale",
      startsAt: parisTime("2026-11-20", "19:30"),
      endsAt: parisTime("2026-11-20", "21:30"),
      category: "autre",
      membersOnly: true,
    },
    {
      title: "Fermeture de Noël",
      ...allDayRange("2026-12-19", "2027-01-03"),
      allDay: true,
      category: "fermeture",
    },
    {
      title: "Démonstration d'octobre",
      startsAt: parisTime("2026-10-31", "22:00"),
      endsAt: parisTime("2026-11-01", "01:00"),
      category: "demonstration",
    },
  ]);
});

describe("time zone helpers", () => {
  it("converts Paris wall-clock times, winter and summer", () => {
    expect(parisTime("2026-11-14", "14:00").toISOString()).toBe("2026-11-14T13:00:00.000Z");
    expect(parisTime("2026-07-07", "20:00").toISOString()).toBe("2026-07-07T18:00:00.000Z");
    expect(parisTime("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(parisTime("2026-10-25", "00:00").toISOString()).toBe("2026-10-24T22:00:00.000Z");
  });

  it("parses months and shifts across years", () => {
    expect(parseMonth("2026-11")).toEqual({ year: 2026, month: 11 });
    expect(parseMonth("2026-13")).toBeNull();
    expect(parseMonth("nov")).toBeNull();
    expect(shiftMonth({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });
});

describe("range queries", () => {
  const from = parisTime("2026-11-01");
  const to = parisTime("2026-12-01");

  it("returns the events overlapping the range, public only by default", async () => {
    const list = await listEvents({ from, to });
    expect(list.map((e) => e.title)).toEqual(["Démonstration d'octobre", "Stage technique"]);
  });

  it("includes members-only events for members", async () => {
    const list = await listEvents({ from, to, includeMembersOnly: true });
    expect(list.map((e) => e.title)).toContain("Assemblée générale");
  });

  it("lists upcoming events soonest first, with a limit", async () => {
    const now = parisTime("2026-11-10");
    const upcoming = await listUpcomingEvents({ now, limit: 5 });
    expect(upcoming.map((e) => e.title)).toEqual(["Stage technique", "Fermeture de Noël"]);
    expect((await listUpcomingEvents({ now, limit: 1 })).map((e) => e.title)).toEqual(["Stage technique"]);
    const withMembers = await listUpcomingEvents({ now, includeMembersOnly: true });
    expect(withMembers.map((e) => e.title)).toEqual(["Stage technique", "Assemblée générale", "Fermeture de Noël"]);
  });
});

describe("weekly classes", () => {
  it("lists the sessions in Paris time, the public holiday cancelled", async () => {
    const list = await classSessions("2026-11-01", "2026-11-30");
    // 4 Tuesdays, 4 Wednesdays x2, 4 Fridays, 4 Saturdays x2 in November 2026.
    expect(list).toHaveLength(24);
    const first = list[0];
    assert(first);
    expect(first.date).toBe("2026-11-03");
    expect(first.slot.id).toBe("adultes-mar");
    expect(first.startsAt.toISOString()).toBe("2026-11-03T19:00:00.000Z");
    expect(first.endsAt.toISOString()).toBe("2026-11-03T21:00:00.000Z");
    expect(first.cancelled).toBeNull();
    const armistice = list.filter((s) => s.date === "2026-11-11");
    expect(armistice.map((s) => s.cancelled)).toEqual([
      { reason: "jour-ferie", label: "Jour férié\u00a0: Armistice 1918" },
      { reason: "jour-ferie", label: "Jour férié\u00a0: Armistice 1918" },
    ]);
    expect(await classSessions("2026-07-07", "2026-07-08")).toEqual([]);
  });

  it("cancels the classes during a closure", async () => {
    const list = await classSessions("2026-12-01", "2026-12-31");
    expect(list.filter((s) => !s.cancelled).every((s) => s.date < "2026-12-19")).toBe(true);
    expect(list.filter((s) => s.date >= "2026-12-19").every((s) => s.cancelled?.reason === "fermeture")).toBe(true);
  });

  it("builds a month grid from Monday to Sunday with events and classes", async () => {
    const cal = await getMonthCalendar({ month: { year: 2026, month: 11 }, now: parisTime("2026-11-14", "10:00") });
    expect(cal.label).toBe("novembre 2026");
    expect(cal.previous).toBe("2026-10");
    expect(cal.next).toBe("2026-12");
    expect(cal.weeks).toHaveLength(6);
    expect(cal.weeks[0]?.[0]?.date).toBe("2026-10-26");
    expect(cal.weeks.every((w) => w.length === 7 && w[0]?.weekday === 1)).toBe(true);
    const days = cal.weeks.flat();
    const sat14 = days.find((d) => d.date === "2026-11-14")!;
    expect(sat14.isToday).toBe(true);
    expect(sat14.entries.map((e) => e.title)).toEqual([
      "Cours Enfants (6-11 ans)",
      "Cours Ceintures jaunes et plus",
      "Stage technique",
    ]);
    expect(days.find((d) => d.date === "2026-11-20")!.entries.some((e) => e.title === "Assemblée générale")).toBe(
      false,
    );
    const members = await getMonthCalendar({ month: { year: 2026, month: 11 }, includeMembersOnly: true });
    expect(
      members.weeks
        .flat()
        .find((d) => d.date === "2026-11-20")!
        .entries.some((e) => e.title === "Assemblée générale"),
    ).toBe(true);
  });

  it("shows an all-day closure on each of its days and no classes then", async () => {
    const cal = await getMonthCalendar({ month: { year: 2026, month: 12 } });
    const days = cal.weeks.flat();
    const dec19 = days.find((d) => d.date === "2026-12-19")!;
    expect(dec19.entries.map((e) => e.title)).toEqual(["Fermeture de Noël"]);
    expect(days.find((d) => d.date === "2026-12-18")!.entries.every((e) => e.title !== "Fermeture de Noël")).toBe(true);
    expect(days.find((d) => d.date === "2026-12-18")!.entries.some((e) => e.kind === "class")).toBe(true);
  });
});
