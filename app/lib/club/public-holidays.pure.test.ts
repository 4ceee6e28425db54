/**
 * French public holidays, pure: the whole list of 2027 and 2028 checked day
 * by day against the official calendar (Easter-based days included).
 */
import { describe, expect, it } from "vitest";
import { easterSunday, frenchPublicHolidays, publicHolidayOn } from "./public-holidays";

describe("French public holidays", () => {
  it("finds Easter Sunday of known years", () => {
    expect(easterSunday(2024)).toBe("2024-03-31");
    expect(easterSunday(2025)).toBe("2025-04-20");
    expect(easterSunday(2026)).toBe("2026-04-05");
    expect(easterSunday(2027)).toBe("2027-03-28");
    expect(easterSunday(2028)).toBe("2028-04-16");
    expect(easterSunday(2038)).toBe("2038-04-25");
  });

  it("lists exactly the eleven holidays of 2027", () => {
    expect(frenchPublicHolidays(2027)).toEqual([
      { day: "2027-01-01", name: "Jour de l’an" },
      { day: "2027-03-29", name: "Lundi de Pâques" },
      { day: "2027-05-01", name: "Fête du Travail" },
      { day: "2027-05-06", name: "Ascension" },
      { day: "2027-05-08", name: "Victoire 1945" },
      { day: "2027-05-17", name: "Lundi de Pentecôte" },
      { day: "2027-07-14", name: "Fête nationale" },
      { day: "2027-08-15", name: "Assomption" },
      { day: "2027-11-01", name: "Toussaint" },
      { day: "2027-11-11", name: "Armistice 1918" },
      { day: "2027-12-25", name: "Noël" },
    ]);
  });

  it("lists exactly the eleven holidays of 2028", () => {
    expect(frenchPublicHolidays(2028)).toEqual([
      { day: "2028-01-01", name: "Jour de l’an" },
      { day: "2028-04-17", name: "Lundi de Pâques" },
      { day: "2028-05-01", name: "Fête du Travail" },
      { day: "2028-05-08", name: "Victoire 1945" },
      { day: "2028-05-25", name: "Ascension" },
      { day: "2028-06-05", name: "Lundi de Pentecôte" },
      { day: "2028-07-14", name: "Fête nationale" },
      { day: "2028-08-15", name: "Assomption" },
      { day: "2028-11-01", name: "Toussaint" },
      { day: "2028-11-11", name: "Armistice 1918" },
      { day: "2028-12-25", name: "Noël" },
    ]);
  });

  it("names the holiday of a day, and nothing for an ordinary day", () => {
    expect(publicHolidayOn("2026-11-11")?.name).toBe("Armistice 1918");
    expect(publicHolidayOn("2028-06-05")?.name).toBe("Lundi de Pentecôte");
    expect(publicHolidayOn("2027-05-07")).toBeNull();
    expect(publicHolidayOn("2026-12-26")).toBeNull();
  });
});
