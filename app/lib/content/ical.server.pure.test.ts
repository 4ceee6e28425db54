import { describe, expect, it } from "vitest";
import { buildICalendar, escapeText, foldLine } from "./ical.server";
import { allDayRange } from "./events.server";
import { parisTime } from "../core/time";

const now = new Date("2026-11-20T10:00:00Z");

function unfold(ics: string): string[] {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

describe("iCalendar", () => {
  it("escapes text values", () => {
    expect(escapeText("Stage; ciseaux, quyền\\armes\nfin")).toBe("Stage\\; ciseaux\\, quyền\\\\armes\\nfin");
    expect(escapeText("a\r\nb")).toBe("a\\nb");
  });

  it("folds long lines at 75 octets without splitting UTF-8 characters", () => {
    const line = "DESCRIPTION:" + "é".repeat(100);
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p, "utf8")).toBeLessThanOrEqual(75);
    for (const p of parts.slice(1)) expect(p.startsWith(" ")).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SUMMARY:court")).toBe("SUMMARY:court");
  });

  it("builds a calendar with CRLF lines, timed and all-day events", () => {
    const ics = buildICalendar({
      name: "Vovinam, club",
      prodId: "-//Club//Calendrier//FR",
      now,
      events: [
        {
          uid: "evenement-1@exemple.fr",
          title: "Stage : ciseaux, self-défense; armes",
          description:
            "Ligne 1\nLigne 2 avec une très longue description qui dépasse largement soixante-quinze octets, accents compris.",
          place: "Gymnase Casalis, dojo",
          startsAt: parisTime("2026-11-14", "14:00"),
          endsAt: parisTime("2026-11-14", "17:00"),
          categories: ["Stage"],
          updatedAt: now,
        },
        {
          uid: "evenement-2@exemple.fr",
          title: "Fermeture de Noël",
          ...allDayRange("2026-12-19", "2027-01-03"),
          allDay: true,
          categories: ["Fermeture"],
        },
        {
          uid: "evenement-3@exemple.fr",
          title: "Coupe régionale",
          // End stored on the last minute of the day: still one day.
          startsAt: parisTime("2027-01-10"),
          endsAt: parisTime("2027-01-10", "23:59"),
          allDay: true,
        },
      ],
    });
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const raw of ics.split("\r\n")) expect(Buffer.byteLength(raw, "utf8")).toBeLessThanOrEqual(75);

    const lines = unfold(ics);
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("PRODID:-//Club//Calendrier//FR");
    expect(lines).toContain("X-WR-CALNAME:Vovinam\\, club");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(3);
    expect(lines).toContain("UID:evenement-1@exemple.fr");
    expect(lines).toContain("DTSTAMP:20261120T100000Z");
    expect(lines).toContain("DTSTART:20261114T130000Z");
    expect(lines).toContain("DTEND:20261114T160000Z");
    expect(lines).toContain("SUMMARY:Stage : ciseaux\\, self-défense\\; armes");
    expect(lines).toContain(
      "DESCRIPTION:Ligne 1\\nLigne 2 avec une très longue description qui dépasse largement soixante-quinze octets\\, accents compris.",
    );
    expect(lines).toContain("LOCATION:Gymnase Casalis\\, dojo");
    expect(lines).toContain("CATEGORIES:Stage");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261219");
    expect(lines).toContain("DTEND;VALUE=DATE:20270104");
    expect(lines).toContain("DTSTART;VALUE=DATE:20270110");
    expect(lines).toContain("DTEND;VALUE=DATE:20270111");
    expect(lines[lines.length - 2]).toBe("END:VCALENDAR");
  });
});
