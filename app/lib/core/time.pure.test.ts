/**
 * The time module, pure: fixed instants, no database, no wall clock. Paris
 * time whatever the process TZ (the DST days of 2026 are covered).
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatEventWhen,
  formatLongDate,
  formatMonth,
  formatTime,
  isoWeekday,
  nextSeason,
  ofMonth,
  parisDate,
  parisHour,
  parisTime,
  parseParisDateTime,
  previousSeason,
  seasonBounds,
  seasonOf,
  toParisDateTimeInput,
} from "./time";

const at = (iso: string) => new Date(iso);
const NB = "\u00a0";

describe("Paris calendar", () => {
  it("reads the calendar day and hour in Paris, not in UTC", () => {
    expect(parisDate(at("2026-03-05T23:30:00Z"))).toBe("2026-03-06");
    expect(parisDate(at("2026-07-31T22:30:00Z"))).toBe("2026-08-01");
    expect(parisHour(at("2026-01-10T23:00:00Z"))).toBe(0);
    expect(parisHour(at("2026-07-10T12:00:00Z"))).toBe(14);
  });

  it("gives the same day, hour, time and wall clock as Intl for every instant, the hours kept or not", () => {
    const day = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Europe/Paris",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    const hour = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Paris", hourCycle: "h23", hour: "2-digit" });
    const clock = new Intl.DateTimeFormat("en-US", {
      timeZone: "Europe/Paris",
      hourCycle: "h23",
      hour: "numeric",
      minute: "2-digit",
    });
    const instants: number[] = [];
    // Every 13 minutes around both changes of 2026, twice (the second pass reads the kept hours).
    for (const change of ["2026-03-29T01:00:00Z", "2026-10-25T01:00:00Z"])
      for (let t = Date.parse(change) - 30 * 3_600_000; t < Date.parse(change) + 30 * 3_600_000; t += 13 * 60_000)
        instants.push(t, t);
    // Spread from 1950 (before the whole hours: read every time) to 2100, and past the bound kept.
    for (let i = 0; i < 1500; i++)
      instants.push(
        Date.UTC(1950, 0, 1) +
          Math.floor((((i * 7919) % 1500) / 1500) * 150 * 365.25) * 86_400_000 +
          (i % 24) * 3_600_000 +
          61_000,
      );
    for (const t of instants) {
      const d = new Date(t);
      expect(parisDate(d)).toBe(day.format(d));
      expect(parisHour(d)).toBe(Number(hour.format(d)) % 24);
      const [h, m] = clock.format(d).split(":").map(Number);
      expect(formatTime(d)).toBe(m === 0 ? `${h! % 24}${NB}h` : `${h! % 24}${NB}h${NB}${String(m).padStart(2, "0")}`);
      const wall = toParisDateTimeInput(d);
      // Back from the wall clock: the same instant, or in the repeated autumn hour one with the same wall clock.
      const back = parseParisDateTime(wall);
      expect(back && toParisDateTimeInput(back)).toBe(wall);
    }
  });

  it("builds Paris wall-clock instants across the DST changes", () => {
    expect(parisTime("2026-01-15", "09:30").toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(parisTime("2026-07-15", "09:30").toISOString()).toBe("2026-07-15T07:30:00.000Z");
    // 29 March 2026: 02:00 -> 03:00; 25 October 2026: 03:00 -> 02:00.
    expect(parisTime("2026-03-29", "00:00").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(parisTime("2026-03-29", "12:00").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    expect(parisTime("2026-10-25", "00:00").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(parisTime("2026-10-25", "12:00").toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(toParisDateTimeInput(at("2026-10-25T11:00:00Z"))).toBe("2026-10-25T12:00");
    expect(toParisDateTimeInput(null)).toBe("");
    expect(parseParisDateTime("2026-07-14T10:00")?.toISOString()).toBe("2026-07-14T08:00:00.000Z");
    expect(parseParisDateTime("2026-01-14T10:00")?.toISOString()).toBe("2026-01-14T09:00:00.000Z");
    expect(parseParisDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseParisDateTime("demain")).toBeNull();
  });

  it("adds days and months on calendar days, whatever the DST", () => {
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2026-11-15", 3)).toBe("2027-02-15");
    expect(isoWeekday("2026-11-14")).toBe(6);
    expect(isoWeekday("2026-11-15")).toBe(7);
  });
});

describe("seasons", () => {
  it("starts the season on the first day of the start month, in Paris time", () => {
    expect(seasonOf("2026-09-01", 9)).toBe("2026-2027");
    expect(seasonOf("2026-08-31", 9)).toBe("2025-2026");
    expect(seasonOf("2027-01-15", 9)).toBe("2026-2027");
    expect(seasonOf("2026-07-01", 7)).toBe("2026-2027");
    expect(seasonOf("2026-05-01", 1)).toBe("2026");
    // 31 August 23:30 UTC is already 1 September in Paris.
    expect(seasonOf(at("2026-08-31T22:30:00Z"), 9)).toBe("2026-2027");
    expect(seasonOf(at("2026-08-31T21:30:00Z"), 9)).toBe("2025-2026");
  });

  it("gives the bounds, the next and the previous season", () => {
    expect(seasonBounds("2026-2027", 9)).toEqual({ start: "2026-09-01", end: "2027-08-31" });
    expect(seasonBounds("2026", 1)).toEqual({ start: "2026-01-01", end: "2026-12-31" });
    expect(nextSeason("2026-2027")).toBe("2027-2028");
    expect(previousSeason("2026-2027")).toBe("2025-2026");
  });
});

describe("French formats", () => {
  it("writes dates with « 1er » for the first day of a month", () => {
    expect(formatDate("2026-09-14")).toBe("14 septembre 2026");
    expect(formatDate("2026-09-01")).toBe("1er septembre 2026");
    expect(formatDate(at("2026-04-30T22:30:00Z"))).toBe("1er mai 2026");
    expect(formatDate(null)).toBe("");
    expect(formatDate("2026-08-31T22:30:00.000Z")).toBe("1er septembre 2026");
    expect(formatLongDate("2026-11-01")).toBe("dimanche 1er novembre 2026");
    expect(formatDayMonth("2026-11-14")).toBe("samedi 14 novembre");
    expect(formatMonth({ year: 2026, month: 8 })).toBe("août 2026");
  });

  it("elides « de » before a month starting with a vowel", () => {
    expect(ofMonth(formatMonth({ year: 2026, month: 10 }))).toBe("d’octobre 2026");
    expect(ofMonth(formatMonth({ year: 2027, month: 4 }))).toBe("d’avril 2027");
    expect(ofMonth(formatMonth({ year: 2027, month: 8 }))).toBe("d’août 2027");
    expect(ofMonth(formatMonth({ year: 2026, month: 11 }))).toBe("de novembre 2026");
  });

  it("writes times as « 17 h 30 » and « 10 h » with non-breaking spaces, in Paris time", () => {
    expect(formatTime("17:30")).toBe(`17${NB}h${NB}30`);
    expect(formatTime("10:00")).toBe(`10${NB}h`);
    expect(formatTime("09:05")).toBe(`9${NB}h${NB}05`);
    expect(formatTime(at("2026-01-10T16:30:00Z"))).toBe(`17${NB}h${NB}30`);
    expect(formatTime(at("2026-07-10T15:30:00Z"))).toBe(`17${NB}h${NB}30`);
    expect(formatTime(at("2026-03-29T01:00:00Z"))).toBe(`3${NB}h`);
    expect(formatDateTime("2026-10-25T01:30:00Z")).toBe(`25 octobre 2026 à 2${NB}h${NB}30`);
    expect(formatDateTime("2026-10-25T00:30:00Z")).toBe(`25 octobre 2026 à 2${NB}h${NB}30`);
  });

  it("describes when an event happens", () => {
    expect(
      formatEventWhen({ startsAt: at("2026-03-21T09:00:00Z"), endsAt: at("2026-03-21T16:00:00Z"), allDay: false }),
    ).toBe(`samedi 21 mars 2026, 10${NB}h – 17${NB}h`);
    expect(
      formatEventWhen({ startsAt: at("2026-07-04T00:00:00Z"), endsAt: at("2026-07-04T20:00:00Z"), allDay: true }),
    ).toBe("samedi 4 juillet 2026");
    expect(
      formatEventWhen({ startsAt: at("2026-05-01T08:00:00Z"), endsAt: at("2026-05-03T15:00:00Z"), allDay: true }),
    ).toBe("du vendredi 1er mai 2026 au dimanche 3 mai 2026");
    expect(
      formatEventWhen({ startsAt: at("2026-05-01T08:00:00Z"), endsAt: at("2026-05-02T15:30:00Z"), allDay: false }),
    ).toBe(`du vendredi 1er mai 2026, 10${NB}h, au samedi 2 mai 2026, 17${NB}h${NB}30`);
  });
});
