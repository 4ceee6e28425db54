/**
 * /espace-membre/contenu/saison-et-vacances through the real request handler:
 * admins only; the season and the school holidays are saved with a version
 * check and an audit line; the switch « pas de cours pendant les vacances
 * scolaires » takes the classes off the calendar; the Ministry's .ics file
 * (a small fixture in the Ministry's shape, no network) is imported for the
 * club's zone only.
 */
import { monthCalendar } from "~/lib/content/public-reads.server";
import { beforeAll, describe, expect, it } from "vitest";
import { desc, like } from "drizzle-orm";
import { auditLog } from "#db/schema";
import { db } from "~/lib/core/db.server";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { clearSettingsCache, getSetting, setSetting } from "~/lib/club/settings.server";
import { classSessions } from "~/lib/club/class-sessions.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { schoolHolidaysFromIcs } from "~/lib/club/school-holidays-ics";

const PATH = "/espace-membre/contenu/saison-et-vacances";
let admin: string;
let member: string;

/** The Ministry's calendar for several zones, in its shape (folded line, DTEND = day school starts again). */
const MINISTRY_ICS = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Ministere de l'Education nationale//Calendrier scolaire//FR",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20260901",
  "SUMMARY:Rentrée scolaire des élèves",
  "LOCATION:Zones A\\, B et C",
  "UID:rentree-2026@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20251220",
  "DTEND;VALUE=DATE:20260105",
  "SUMMARY:Vacances de Noël",
  "LOCATION:Zones A\\, B et C",
  "UID:noel-2025@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20261017",
  "DTEND;VALUE=DATE:20261102",
  "SUMMARY:Vacances de la Toussaint",
  "LOCATION:Zones A\\, B et C",
  "UID:toussaint-2026@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20261219",
  "DTEND;VALUE=DATE:20270104",
  "SUMMARY:Vacances de Noël",
  "DESCRIPTION:Vacances de Noël - Zones A\\, B et C",
  "UID:noel-2026@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20270206",
  "DTEND;VALUE=DATE:20270222",
  "SUMMARY:Vacances d'Hiver - Zone A",
  "UID:hiver-a-2027@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20270220",
  "DTEND;VALUE=DATE:20270308",
  "SUMMARY:Vacances d'Hiver - Zon",
  " e C",
  "UID:hiver-c-2027@education.gouv.fr",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "DTSTART;VALUE=DATE:20270703",
  "SUMMARY:Début des Vacances d'Été",
  "LOCATION:Zones A\\, B et C",
  "UID:ete-2027@education.gouv.fr",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const SEASON = {
  seasonStart: "2026-09-07",
  seasonEnd: "2027-06-30",
  zone: "C" as const,
  skipSchoolHolidays: false,
  schoolHolidays: [],
};

beforeAll(async () => {
  admin = (await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" })).cookie;
  member = (await createUser({ roles: ["membre", "article_manager"] })).cookie;
});

async function basedOn(): Promise<string> {
  const page = await app.get<{ basedOn: string }>(PATH, { as: admin });
  expect(page.status).toBe(200);
  return page.data.basedOn;
}

type Answer = { intent: string; result: SubmissionResult<string[]> };

describe("the season and school holidays page", () => {
  it("is for admins only", async () => {
    expect(refusedByGuard(await app.get(PATH, { as: member }))).toBe(true);
    expect(refusedByGuard(await app.post(PATH, { intent: "save" }, { as: member }))).toBe(true);
  });

  it("saves the season and the holidays, writes the audit log, and the switch removes the classes", async () => {
    await setSetting("classCalendar", SEASON);
    expect((await classSessions("2026-10-21", "2026-10-21")).map((s) => s.cancelled)).toEqual([null, null]);
    const res = await app.post(
      PATH,
      {
        intent: "save",
        basedOn: await basedOn(),
        seasonStart: "2026-09-07",
        seasonEnd: "2027-06-30",
        zone: "C",
        skipSchoolHolidays: "on",
        "holidays[0].label": "Vacances de la Toussaint",
        "holidays[0].start": "2026-10-17",
        "holidays[0].end": "2026-11-01",
        "holidays[1].label": "",
        "holidays[1].start": "",
        "holidays[1].end": "",
      },
      { as: admin },
    );
    expect(res.redirect).toBe(`${PATH}?ok=enregistre`);
    clearSettingsCache();
    const saved = await getSetting("classCalendar");
    expect(saved.skipSchoolHolidays).toBe(true);
    expect(saved.schoolHolidays).toEqual([
      { label: "Vacances de la Toussaint", start: "2026-10-17", end: "2026-11-01" },
    ]);
    const sessions = await classSessions("2026-10-21", "2026-10-21");
    expect(sessions.map((s) => s.cancelled)).toEqual([
      { reason: "vacances-scolaires", label: "Vacances de la Toussaint" },
      { reason: "vacances-scolaires", label: "Vacances de la Toussaint" },
    ]);
    const [line] = await db
      .select()
      .from(auditLog)
      .where(like(auditLog.action, "settings.%"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line?.action).toBe("settings.class-calendar");
    expect(line?.actorName).toBe("Alice Admin");
    expect(line?.summary).toContain("pas de cours pendant les vacances scolaires");

    // The month the public page is written from, read again after the save.
    expect((await app.fetch("/la-vie-du-club/calendrier?mois=2026-10")).status).toBe(200);
    const { days } = await monthCalendar({ year: 2026, month: 10 });
    const classesOn = (date: string) =>
      (days.find((d) => d.date === date)?.entries ?? []).filter((e) => e.kind === "class");
    expect(classesOn("2026-10-21")).toEqual([]);
    expect(classesOn("2026-10-14")).toHaveLength(2);
  });

  it("refuses a save based on an older version (409), and bad dates next to their fields", async () => {
    const stale = await basedOn();
    await setSetting("classCalendar", SEASON);
    const conflict = await app.post<Answer>(
      PATH,
      { intent: "save", basedOn: stale, seasonStart: "2026-09-07", seasonEnd: "2027-06-30", zone: "C" },
      { as: admin },
    );
    expect(conflict.status).toBe(409);
    expect(firstErrors(conflict.data.result)[""]).toContain("modifiés par quelqu’un d’autre");

    const bad = await app.post<Answer>(
      PATH,
      {
        intent: "save",
        basedOn: await basedOn(),
        seasonStart: "2027-06-30",
        seasonEnd: "2026-09-07",
        zone: "C",
        skipSchoolHolidays: "on",
        "holidays[0].label": "Noël",
        "holidays[0].start": "2026-12-19",
        "holidays[0].end": "",
      },
      { as: admin },
    );
    expect(bad.status).toBe(400);
    expect(firstErrors(bad.data.result)).toMatchObject({
      seasonEnd: "Le dernier jour des cours doit être après le premier.",
      "holidays[0].end": "Indiquez le dernier jour des vacances.",
    });
  });

  it("imports the club's zone from the Ministry's .ics file, from the season on", async () => {
    const res = await app.post(
      PATH,
      {
        intent: "import",
        basedOn: await basedOn(),
        zone: "C",
        file: new File([MINISTRY_ICS], "Calendrier_Scolaire.ics", { type: "text/calendar" }),
      },
      { as: admin },
    );
    expect(res.redirect).toBe(`${PATH}?importees=4`);
    clearSettingsCache();
    expect((await getSetting("classCalendar")).schoolHolidays).toEqual([
      { label: "Vacances de la Toussaint", start: "2026-10-17", end: "2026-11-01" },
      { label: "Vacances de Noël", start: "2026-12-19", end: "2027-01-03" },
      { label: "Vacances d'Hiver", start: "2027-02-20", end: "2027-03-07" },
      { label: "Début des Vacances d'Été", start: "2027-07-03", end: "2027-07-03" },
    ]);
    const [line] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(line?.action).toBe("settings.school-holidays-import");
  });

  it("refuses a file that is not a calendar, or without holidays of the zone", async () => {
    const notIcs = await app.post<Answer>(
      PATH,
      {
        intent: "import",
        basedOn: await basedOn(),
        zone: "C",
        file: new File(["date;zone\n2026-10-17;C\n"], "vacances.csv"),
      },
      { as: admin },
    );
    expect(notIcs.status).toBe(400);
    expect(firstErrors(notIcs.data.result).file).toBe("Ce fichier n’est pas un calendrier au format iCalendar (.ics).");
    const empty = await app.post<Answer>(
      PATH,
      { intent: "import", basedOn: await basedOn(), zone: "B" },
      { as: admin },
    );
    expect(firstErrors(empty.data.result).file).toBe("Choisissez le fichier .ics du calendrier scolaire.");
  });

  it("reads the zone from the académies when the file names no zone", () => {
    const byAcademies = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "BEGIN:VEVENT",
      "DTSTART;VALUE=DATE:20270410",
      "DTEND;VALUE=DATE:20270426",
      "SUMMARY:Vacances de Printemps",
      "LOCATION:Créteil\\, Montpellier\\, Paris\\, Toulouse\\, Versailles",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "DTSTART;VALUE=DATE:20270403",
      "DTEND;VALUE=DATE:20270419",
      "SUMMARY:Vacances de Printemps",
      "LOCATION:Aix-Marseille\\, Amiens\\, Lille\\, Nancy-Metz\\, Nantes",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    expect(schoolHolidaysFromIcs(byAcademies, "C")).toEqual([
      { label: "Vacances de Printemps", start: "2027-04-10", end: "2027-04-25" },
    ]);
    expect(schoolHolidaysFromIcs(byAcademies, "B")).toEqual([
      { label: "Vacances de Printemps", start: "2027-04-03", end: "2027-04-18" },
    ]);
    expect(schoolHolidaysFromIcs(byAcademies, "A")).toEqual([]);
  });

  it("keeps only the chosen zone when reading the file", () => {
    expect(schoolHolidaysFromIcs(MINISTRY_ICS, "A").map((p) => p.start)).toEqual([
      "2025-12-20",
      "2026-10-17",
      "2026-12-19",
      "2027-02-06",
      "2027-07-03",
    ]);
  });
});
