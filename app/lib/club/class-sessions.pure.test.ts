/**
 * The sessions rule, pure: season bounds, the order of the reasons, school
 * holidays only when the club says so, Paris hours across the DST change,
 * and the series given to the feeds.
 */
import { describe, expect, it } from "vitest";
import { parisTime } from "../core/time";
import { classSeries, computeClassSessions, type SessionRules } from "./class-sessions";

const wednesday = { id: "mer", day: 3, start: "17:30", end: "18:30", group: "Enfants", level: "", place: "Dojo" };
const saturday = { id: "sam", day: 6, start: "10:00", end: "11:00", group: "Enfants", level: "", place: "Dojo" };

function rules(overrides: Partial<SessionRules> = {}, calendar: Partial<SessionRules["calendar"]> = {}): SessionRules {
  return {
    schedule: [wednesday, saturday],
    calendar: {
      seasonStart: "2026-09-07",
      seasonEnd: "2027-06-30",
      zone: "C",
      skipSchoolHolidays: false,
      schoolHolidays: [{ label: "Vacances de la Toussaint", start: "2026-10-17", end: "2026-11-01" }],
      ...calendar,
    },
    events: [],
    ...overrides,
  };
}

describe("class sessions", () => {
  it("lists nothing outside the season, not even cancelled sessions", () => {
    expect(computeClassSessions(rules(), "2026-08-01", "2026-09-06")).toEqual([]);
    expect(computeClassSessions(rules(), "2027-07-01", "2027-08-31")).toEqual([]);
    expect(computeClassSessions(rules(), "2035-01-01", "2035-12-31")).toEqual([]);
    expect(computeClassSessions(rules(), "2026-09-01", "2026-09-12").map((s) => s.date)).toEqual([
      "2026-09-09",
      "2026-09-12",
    ]);
  });

  it("keeps the Paris hour across the change to winter time", () => {
    const [before, after] = computeClassSessions(rules({ schedule: [saturday] }), "2026-10-24", "2026-10-31");
    expect(before?.startsAt.toISOString()).toBe("2026-10-24T08:00:00.000Z");
    expect(after?.startsAt.toISOString()).toBe("2026-10-31T09:00:00.000Z");
  });

  it("cancels on school holidays only when the club says so", () => {
    const off = rules({}, { skipSchoolHolidays: false });
    expect(computeClassSessions(off, "2026-10-21", "2026-10-21").map((s) => s.cancelled)).toEqual([null]);
    const on = rules({}, { skipSchoolHolidays: true });
    expect(computeClassSessions(on, "2026-10-21", "2026-10-21").map((s) => s.cancelled)).toEqual([
      { reason: "vacances-scolaires", label: "Vacances de la Toussaint" },
    ]);
  });

  it("gives the first reason: closure, then a replacing event, then the public holiday", () => {
    const closure = {
      title: "Gymnase fermé",
      startsAt: parisTime("2026-11-11"),
      endsAt: parisTime("2026-11-12"),
      closure: true,
      replacesClasses: false,
    };
    const exam = {
      title: "Passage de grades",
      startsAt: parisTime("2026-11-11", "14:00"),
      endsAt: parisTime("2026-11-11", "17:00"),
      closure: false,
      replacesClasses: true,
    };
    const stage = {
      title: "Stage",
      startsAt: parisTime("2026-11-14", "10:00"),
      endsAt: parisTime("2026-11-14", "12:00"),
      closure: false,
      replacesClasses: false,
    };
    const day = (r: SessionRules, d: string) => computeClassSessions(r, d, d)[0]?.cancelled;
    expect(day(rules({ events: [closure, exam] }), "2026-11-11")).toEqual({
      reason: "fermeture",
      label: "Gymnase fermé",
    });
    expect(day(rules({ events: [exam] }), "2026-11-11")).toEqual({ reason: "evenement", label: "Passage de grades" });
    expect(day(rules(), "2026-11-11")).toEqual({ reason: "jour-ferie", label: "Jour férié\u00a0: Armistice 1918" });
    // An event that does not replace the classes leaves them, even when it overlaps.
    expect(day(rules({ events: [stage] }), "2026-11-14")).toBeNull();
  });

  it("gives each class as one series over the season with its skipped days", () => {
    const [series] = classSeries(rules({ schedule: [wednesday] }, { skipSchoolHolidays: true }));
    expect(series?.firstDate).toBe("2026-09-09");
    expect(series?.lastDate).toBe("2027-06-30");
    expect(series?.skipped).toEqual([
      { date: "2026-10-21", label: "Vacances de la Toussaint" },
      { date: "2026-10-28", label: "Vacances de la Toussaint" },
      { date: "2026-11-11", label: "Jour férié\u00a0: Armistice 1918" },
    ]);
  });
});
