/**
 * Eligibility for a grade exam, through the request handler and real PGlite: at the exam
 * day, from the grade history, the attendance marks and the date of birth, and the exam's
 * season (a registration and a medical file in order, each switched off by the managers).
 * The club: tests/helpers/exam-club.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, gradeHistory, profiles, registrationLines, registrations } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { examClub, createSession as sessionFor, EXAM, marks, type Created } from "../../../tests/helpers/exam-club";
import { db } from "../core/db.server";
import { setSetting } from "../club/settings.server";
import type { Grade } from "./grades.server";
import { eligibilityOf } from "./exam-eligibility.server";

let manager: Created;
let juror: Created;
let first: Grade;
let second: Grade;
let third: Grade;
let linh: number;
let minh: number;
let an: number;

beforeAll(async () => {
  ({ manager, juror, first, second, third, linh, minh, an } = await examClub());
});

const createSession = (examDate: string, gradeIds: number[], juryIds: string[]) =>
  sessionFor(manager, examDate, gradeIds, juryIds);

describe("the exam's season: a registration and a medical file in order", () => {
  let sessionId: number;
  let other: Created;
  let vy: number;

  beforeAll(async () => {
    sessionId = await createSession("2027-02-13", [second.id], [juror.user.id]);
    // Vy, an adult, meets the grade's rules (months, classes, age) but has neither a registration nor a paper for 2026-2027.
    other = await createUser({ roles: ["membre"], prenom: "Hoa", nom: "Pham" });
    vy = (
      await db
        .insert(profiles)
        .values({
          ownerId: other.user.id,
          prenom: "Vy",
          nom: "Pham",
          relationship: "conjoint",
          dateOfBirth: "1990-04-02",
        })
        .returning()
    )[0]!.id;
    await db.insert(gradeHistory).values({ profileId: vy, gradeId: first.id, awardedOn: "2026-06-01" });
    await marks(vy, ["2026-09-09", "2026-09-16", "2026-09-23"]);
  });

  const candidate = async (profileId: number) => {
    const page = await app.get(`/espace-membre/examens/${sessionId}`, { as: manager });
    return (page.data as { candidates: { profileId: number; eligible: boolean; missing: string[] }[] }).candidates.find(
      (c) => c.profileId === profileId,
    );
  };

  it("refuses an account without a registration nor a medical paper for the season, and says which is missing", async () => {
    expect(await candidate(vy)).toMatchObject({
      eligible: false,
      missing: ["pas d'inscription pour la saison 2026-2027", "certificat médical manquant"],
    });
    const html = await (
      await app.fetch(`/espace-membre/examens/${sessionId}`, { headers: { cookie: manager.cookie } })
    ).text();
    expect(html.replace(/<!-- -->/g, "")).toMatch(
      /Non éligible\s?:\s?pas d(?:'|’|&#x27;)inscription pour la saison 2026-2027, certificat médical manquant/,
    );
    // Registered without papers: only the medical certificate is missing.
    const [reg] = await db
      .insert(registrations)
      .values({ ownerId: other.user.id, season: "2026-2027", status: "en-attente", totalCents: 19000 })
      .returning();
    await db
      .insert(registrationLines)
      .values({ registrationId: reg!.id, profileId: vy, groupName: "Enfants", priceCents: 19000, amountCents: 19000 });
    expect(await candidate(vy)).toMatchObject({ eligible: false, missing: ["certificat médical manquant"] });
    await db.delete(registrations).where(eq(registrations.id, reg!.id));
    // Linh, registered with her papers, stays eligible.
    expect(await candidate(linh)).toMatchObject({ eligible: true, missing: [] });
  });

  it("makes the same account eligible once the managers switch both requirements off", async () => {
    const member = await app.get(`/espace-membre/examens`, { as: manager });
    expect(member.data).toMatchObject({ requirements: { requireRegistration: true, requireMedical: true } });
    // Registration only switched off: the medical paper is still asked for.
    const one = await app.post(
      "/espace-membre/examens",
      { intent: "conditions", requireMedical: "on" },
      { as: manager },
    );
    expect(one.redirect).toBe("/espace-membre/examens?ok=conditions");
    expect(await candidate(vy)).toMatchObject({ eligible: false, missing: ["certificat médical manquant"] });
    await app.post("/espace-membre/examens", { intent: "conditions" }, { as: manager });
    expect(await candidate(vy)).toMatchObject({ eligible: true, missing: [] });
    const logged = await db.select().from(auditLog).where(eq(auditLog.action, "exam.requirements"));
    expect(logged.at(-1)?.summary).toBe("Examens : inscription de la saison non exigé, dossier médical non exigé.");
    await setSetting("examEligibility", { requireRegistration: true, requireMedical: true });
  });
});

describe("eligibility for the next grade at the exam day", () => {
  it("counts whole months since the last grade: eligible on the day six months after, one month short the day before", async () => {
    const onTheDay = (await eligibilityOf([linh], EXAM)).get(linh)!;
    expect(onTheDay.target?.id).toBe(second.id);
    expect(onTheDay.eligibility).toMatchObject({ eligible: true, missing: [] });
    const dayBefore = (await eligibilityOf([linh], "2027-02-05")).get(linh)!;
    expect(dayBefore.eligibility?.missing).toEqual(["encore 1 mois"]);
  });

  it("counts only the classes attended after the last grade and up to the exam day", async () => {
    const e = (await eligibilityOf([linh, an], EXAM)).get(an)!;
    expect(e.target?.id).toBe(third.id);
    expect(e.eligibility?.missing).toEqual(["encore 6 cours"]);
    const linhChecks = (await eligibilityOf([linh], EXAM)).get(linh)!.eligibility!.checks;
    expect(linhChecks.find((c) => c.rule === "attendances")?.actual).toBe(3);
  });

  it("takes the age on the exam day: 8 the day after the exam is too young", async () => {
    const e = (await eligibilityOf([minh], EXAM)).get(minh)!;
    expect(e.eligibility?.missing).toEqual(["8 ans minimum le jour de l'examen"]);
    expect((await eligibilityOf([minh], "2027-02-07")).get(minh)!.eligibility?.eligible).toBe(true);
  });

  it("shows a rule the club has not set as « non fixée », without blocking", async () => {
    const e = (await eligibilityOf([an], EXAM)).get(an)!;
    expect(e.eligibility?.checks.map((c) => c.label)).toContain("Ancienneté : non fixée");
  });
});
