/**
 * Grade exams through the request handler and real PGlite: eligibility at the
 * exam day from the grade history, the attendance marks and the date of
 * birth, and the exam's season (a registration and a medical file in order,
 * each switched off by the managers); convocations (one e-mail per family in the outbox); marking on the
 * jury page (the grade history written once, with the exam day); the access
 * rules (managers' pages, jury of the session only) and the diploma.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  attendanceMarks,
  auditLog,
  examCandidates,
  examTestMarks,
  gradeHistory,
  grades,
  outbox,
  profiles,
  registrationLines,
  registrations,
  seasonStatuses,
  techniques,
} from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { gradesContent } from "../../../tests/helpers/markup";
import { readPdf } from "../../../tests/helpers/pdf-text";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { setSetting } from "../club/settings.server";
import { listGrades, type Grade } from "./grades.server";
import { eligibilityOf } from "./exam-eligibility.server";
import { familyEligibility } from "./exam-member.server";

type Created = Awaited<ReturnType<typeof createUser>>;
let admin: Created;
let manager: Created;
let juror: Created;
let otherJuror: Created;
let member: Created;
let parent: Created;
let first: Grade;
let second: Grade;
let third: Grade;
/** Children of `parent`: Linh (grade 1, eligible for grade 2), Minh (grade 1, too young), An (grade 2, for grade 3). */
let linh: number;
let minh: number;
let an: number;
const EXAM = "2027-02-06";

const marks = (profileId: number, days: string[], present = true) =>
  db
    .insert(attendanceMarks)
    .values(days.map((sessionDate) => ({ sessionDate, slotId: "enfants-mer", profileId, present })));

async function createSession(examDate: string, gradeIds: number[], juryIds: string[]): Promise<number> {
  const res = await app.post(
    "/espace-membre/examens",
    { version: "0", examDate, place: "Dojo du gymnase", status: "prevue", gradeIds: gradeIds.map(String), juryIds },
    { as: manager },
  );
  const id = Number(/\/examens\/(\d+)/.exec(res.redirect ?? "")?.[1]);
  expect(id, JSON.stringify(res.data)).toBeGreaterThan(0);
  return id;
}

beforeAll(async () => {
  await seedDatabase();
  const table = await listGrades();
  [first, second, third] = table as [Grade, Grade, Grade];
  // The club's rules for Nhập môn and Lam đai I (federations differ: set by the test, never seeded).
  await db.update(grades).set({ minMonths: 6, minAttendances: 3, minAge: 8 }).where(eq(grades.id, second.id));
  await db.update(grades).set({ minMonths: null, minAttendances: 10, minAge: null }).where(eq(grades.id, third.id));
  admin = await createUser({ roles: ["admin"] });
  manager = await createUser({ roles: ["user_manager"], prenom: "Hélène", nom: "Gestion" });
  juror = await createUser({ roles: ["membre", "article_manager"], prenom: "Thầy", nom: "Bình" });
  otherJuror = await createUser({ roles: ["membre", "article_manager"], prenom: "Cô", nom: "Mai" });
  member = await createUser({ roles: ["membre"] });
  parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Tran", email: "famille-tran@exemple.fr" });
  const kid = async (prenom: string, dateOfBirth: string) =>
    (
      await db
        .insert(profiles)
        .values({ ownerId: parent.user.id, prenom, nom: "Tran", relationship: "enfant", dateOfBirth })
        .returning()
    )[0]!.id;
  linh = await kid("Linh", "2017-03-01");
  minh = await kid("Minh", "2019-02-07"); // 7 on the exam day, 8 the day after
  an = await kid("An", "2014-06-10");
  await db.insert(gradeHistory).values([
    { profileId: linh, gradeId: first.id, awardedOn: "2026-08-06" },
    { profileId: minh, gradeId: first.id, awardedOn: "2026-06-01" },
    { profileId: an, gradeId: first.id, awardedOn: "2025-06-01" },
    { profileId: an, gradeId: second.id, awardedOn: "2026-06-20" },
  ]);
  // Linh: two classes before her grade (not counted), three after, one absence, one after the exam day.
  await marks(linh, ["2026-07-01", "2026-08-06", "2026-09-09", "2026-09-16", "2026-09-23", "2027-03-03"]);
  await marks(linh, ["2026-09-30"], false);
  await marks(minh, ["2026-09-09", "2026-09-16", "2026-09-23"]);
  await marks(an, ["2026-09-09", "2026-09-16", "2026-09-23", "2026-09-30"]);
  await registerWithPapers(parent.user.id, [linh, minh, an]);
});

/** A sent registration for 2026-2027 and, for these minors, the health questionnaire's attestation. */
async function registerWithPapers(ownerId: string, ids: number[]) {
  const [reg] = await db
    .insert(registrations)
    .values({ ownerId, season: "2026-2027", status: "payee", totalCents: 19000 * ids.length })
    .returning();
  await db.insert(registrationLines).values(
    ids.map((profileId) => ({
      registrationId: reg!.id,
      profileId,
      groupName: "Enfants (6-11 ans)",
      priceCents: 19000,
      amountCents: 19000,
    })),
  );
  await db.insert(seasonStatuses).values(
    ids.map((profileId) => ({
      profileId,
      season: "2026-2027",
      healthDocumentKind: "questionnaire",
      healthDocumentReceivedOn: "2026-09-02",
    })),
  );
}

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

describe("exam sessions and convocations", () => {
  let sessionId: number;

  beforeAll(async () => {
    sessionId = await createSession(EXAM, [second.id, third.id], [juror.user.id]);
  });

  it("lists the eligible profiles and what the others are missing", async () => {
    const page = await app.get(`/espace-membre/examens/${sessionId}`, { as: manager });
    const candidates = (page.data as { candidates: { profileId: number; eligible: boolean; missing: string[] }[] })
      .candidates;
    expect(candidates.find((c) => c.profileId === linh)).toMatchObject({ eligible: true, missing: [] });
    expect(candidates.find((c) => c.profileId === minh)).toMatchObject({
      eligible: false,
      missing: ["8 ans minimum le jour de l'examen"],
    });
    expect(candidates.find((c) => c.profileId === an)).toMatchObject({ eligible: false, missing: ["encore 6 cours"] });
  });

  it("sends one e-mail per family naming the date, the place, each grade and its revision page, and never twice", async () => {
    const res = await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(linh), String(an)] },
      { as: manager },
    );
    expect(res.redirect).toContain("ok=convoques&n=2&m=1");
    const mails = await db.select().from(outbox).where(eq(outbox.to, "famille-tran@exemple.fr"));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Convocation au passage de grade du 6 février 2027");
    expect(mail.text).toContain("samedi 6 février 2027");
    expect(mail.text).toContain("Dojo du gymnase");
    expect(mail.text).toContain(`Linh Tran présente le grade ${second.vietnameseName} — ${second.frenchName}`);
    expect(mail.text).toContain(`An Tran présente le grade ${third.vietnameseName} — ${third.frenchName}`);
    expect(mail.text).toContain(`/espace-membre/revision?grade=${second.id}&profil=${linh}`);
    expect(mail.text).toContain(`/espace-membre/revision?grade=${third.id}&profil=${an}`);
    expect(mail.text).not.toMatch(/ [:;!?]/); // French spacing: no-break spaces only

    const again = await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(linh)] },
      { as: manager },
    );
    expect(again.redirect).toContain("n=0&m=0");
    expect(await db.select().from(outbox).where(eq(outbox.to, "famille-tran@exemple.fr"))).toHaveLength(1);
  });

  it("refuses to convoke a profile that does not present a grade of the session", async () => {
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, member.user.id), eq(profiles.isSelf, true)));
    const res = await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(own!.id)] },
      { as: manager },
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain("ne présente pas un grade de cette session");
  });

  it("refuses an edit based on an old version", async () => {
    const ok = await app.post(
      `/espace-membre/examens/${sessionId}`,
      {
        intent: "modifier",
        version: "1",
        examDate: EXAM,
        place: "Dojo du gymnase",
        status: "prevue",
        gradeIds: [String(second.id), String(third.id)],
        juryIds: [juror.user.id],
      },
      { as: manager },
    );
    expect(ok.redirect).toContain("ok=modifiee");
    const stale = await app.post(
      `/espace-membre/examens/${sessionId}`,
      {
        intent: "modifier",
        version: "1",
        examDate: EXAM,
        place: "Ailleurs",
        status: "prevue",
        gradeIds: [String(second.id)],
        juryIds: [],
      },
      { as: manager },
    );
    expect(stale.status).toBe(409);
  });
});

describe("marking on the jury page", () => {
  let sessionId: number;
  let candidateId: number;

  beforeAll(async () => {
    sessionId = await createSession("2027-02-13", [second.id], [juror.user.id]);
    await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(minh)] },
      { as: manager },
    );
    candidateId = (
      await db
        .select()
        .from(examCandidates)
        .where(and(eq(examCandidates.sessionId, sessionId), eq(examCandidates.profileId, minh)))
    )[0]!.id;
  });

  const historyOf = (profileId: number) =>
    db
      .select()
      .from(gradeHistory)
      .where(and(eq(gradeHistory.profileId, profileId), eq(gradeHistory.gradeId, second.id)));

  it("writes the grade history once, with the exam day, however often the pass is marked", async () => {
    const page = await app.get(`/espace-membre/jury/${sessionId}`, { as: juror });
    expect((page.data as { candidates: { id: number }[] }).candidates.map((c) => c.id)).toEqual([candidateId]);

    const pass = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(candidateId), version: "1", result: "reussi", note: "Bons ciseaux" },
      { as: juror },
    );
    expect(pass.redirect).toBe(`/espace-membre/jury/${sessionId}?note=${candidateId}#candidat-${candidateId}`);
    expect((await historyOf(minh)).map((h) => h.awardedOn)).toEqual(["2027-02-13"]);

    const again = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(candidateId), version: "2", result: "reussi", note: "Très bons ciseaux" },
      { as: admin },
    );
    expect(again.redirect).not.toBeNull();
    expect(await historyOf(minh)).toHaveLength(1);

    // The same form sent twice (a double tap, a replay): the second carries an old version.
    const replay = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(candidateId), version: "2", result: "reussi", note: "" },
      { as: juror },
    );
    expect(replay.status).toBe(409);
    expect(await historyOf(minh)).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "exam.mark"), eq(auditLog.targetProfileId, minh)));
    expect(audits).toHaveLength(2);
  });

  it("applies one of two marks sent at once from two phones, and writes the grade once", async () => {
    const [before] = await db.select().from(examCandidates).where(eq(examCandidates.id, candidateId));
    await db.delete(gradeHistory).where(and(eq(gradeHistory.profileId, minh), eq(gradeHistory.gradeId, second.id)));
    await db
      .update(examCandidates)
      .set({ result: null, gradeHistoryId: null })
      .where(eq(examCandidates.id, candidateId));
    const send = (as: Created) =>
      app.post(
        `/espace-membre/jury/${sessionId}`,
        {
          intent: "noter",
          candidateId: String(candidateId),
          version: String(before!.version),
          result: "reussi",
          note: "",
        },
        { as },
      );
    const answers = await Promise.all([send(juror), send(admin)]);
    expect(answers.map((a) => a.status).sort()).toEqual([302, 409]);
    expect(await historyOf(minh)).toHaveLength(1);
  });

  it("offers the diploma of a passed candidate as a PDF", async () => {
    const res = await app.fetch(`/espace-membre/jury/diplome/${candidateId}`, { headers: { cookie: juror.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { lines } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    expect(lines).toContain("Minh Tran");
    expect(lines).toContain(second.frenchName);
    expect(lines).toContain("Nhập môn"); // every letter whole (decision 0031)
    expect(lines).toContain("Examen du 13 février 2027");
    expect(lines).toContain("Dojo du gymnase");
  });

  it("removes the grade it wrote when the candidate is marked « non réussi » after all", async () => {
    const [now] = await db.select().from(examCandidates).where(eq(examCandidates.id, candidateId));
    const fail = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(candidateId), version: String(now!.version), result: "ajourne", note: "" },
      { as: juror },
    );
    expect(fail.redirect).not.toBeNull();
    expect(await historyOf(minh)).toHaveLength(0);
    const diploma = await app.fetch(`/espace-membre/jury/diplome/${candidateId}`, {
      headers: { cookie: juror.cookie },
    });
    expect(diploma.status).toBe(404);
  });
});

describe("who may open the exam pages", () => {
  let sessionId: number;
  let candidateId: number;

  beforeAll(async () => {
    sessionId = await createSession("2027-03-06", [second.id], [juror.user.id]);
    const other = await createSession("2027-03-13", [second.id], [otherJuror.user.id]);
    expect(other).not.toBe(sessionId);
    await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(linh)] },
      { as: admin },
    );
    candidateId = (
      await db
        .select()
        .from(examCandidates)
        .where(and(eq(examCandidates.sessionId, sessionId), eq(examCandidates.profileId, linh)))
    )[0]!.id;
  });

  it("keeps members out of the managers' pages", async () => {
    expect((await app.get("/espace-membre/examens", { as: member })).redirect).toBe("/espace-membre");
    expect((await app.get(`/espace-membre/examens/${sessionId}`, { as: juror })).redirect).toBe("/espace-membre");
  });

  it("refuses the jury page to a member who is not on the session's jury", async () => {
    const res = await app.get(`/espace-membre/jury/${sessionId}`, { as: member });
    expect(res.status).toBe(403);
    expect(await app.get(`/espace-membre/jury/${sessionId}`, { as: manager })).toMatchObject({ status: 403 });
    expect(await app.get("/espace-membre/jury/999999", { as: juror })).toMatchObject({ status: 404 });
  });

  it("refuses a mark from the jury of another session, and writes nothing", async () => {
    const res = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(candidateId), version: "1", result: "reussi", note: "" },
      { as: otherJuror },
    );
    expect(res.status).toBe(403);
    const [cand] = await db.select().from(examCandidates).where(eq(examCandidates.id, candidateId));
    expect(cand?.result).toBeNull();
    const diploma = await app.fetch(`/espace-membre/jury/diplome/${candidateId}`, {
      headers: { cookie: member.cookie },
    });
    expect(diploma.status).toBe(404); // not passed: nothing to print, whoever asks
  });

  it("refuses a candidate of another session posted to this session's page", async () => {
    const foreign = await db
      .select()
      .from(examCandidates)
      .where(inArray(examCandidates.profileId, [minh]));
    const res = await app.post(
      `/espace-membre/jury/${sessionId}`,
      { intent: "noter", candidateId: String(foreign[0]!.id), version: "4", result: "reussi", note: "" },
      { as: juror },
    );
    expect(res.status).toBe(404);
  });
});

describe("what members see of the exams", () => {
  let sessionId: number;

  beforeAll(async () => {
    // Far ahead, so that it stays the next session of these grades whatever day the test runs.
    sessionId = await createSession("2099-06-06", [second.id, third.id], [juror.user.id]);
    // Nobody is registered for 2098-2099: here only the grade's rules are looked at.
    await setSetting("examEligibility", { requireRegistration: false, requireMedical: false });
  });

  it("shows each profile of the family its next grade, its eligibility at the next exam and what is missing", async () => {
    // A fixed "today" (no wall clock): the sessions of 2027 are past, the next one of these grades is in 2099.
    const family = await familyEligibility(parent.user.id, "2099-01-01");
    expect(family.map((f) => f.profileId)).toEqual(expect.arrayContaining([linh, minh, an]));
    expect(family.find((f) => f.profileId === an)).toMatchObject({
      on: "2099-06-06",
      examPlace: "Dojo du gymnase",
      target: { id: third.id },
      eligibility: { eligible: false, missing: ["encore 6 cours"] },
    });
    expect(family.find((f) => f.profileId === linh)?.eligibility?.eligible).toBe(true);
    // Before the sessions of 2027: Linh's convocation for her next grade is shown.
    const before = await familyEligibility(parent.user.id, "2027-01-01");
    expect(before.find((f) => f.profileId === linh)?.convocation).toEqual({ examDate: EXAM, place: "Dojo du gymnase" });
    // Without a planned session of the grade, the eligibility is today's.
    const later = await familyEligibility(parent.user.id, "2100-01-01");
    expect(later.find((f) => f.profileId === an)).toMatchObject({ on: "2100-01-01", examPlace: null });

    // The grades page shows it: An's card links to the revision of her next grade, on her profile.
    const page = await app.get<{ content: string }>("/espace-membre/grades", { as: parent });
    expect(page.data.content).toContain(`href="/espace-membre/revision?grade=${third.id}&amp;profil=${an}"`);
    expect(gradesContent(page.data.content).familyNext).toContain(third.vietnameseName);
  });

  it("gives a jury member the link to the jury page of their sessions", async () => {
    const page = await app.get<{ content: string }>("/espace-membre/grades", { as: juror });
    expect(page.data.content).toContain("Vous êtes membre du jury");
    expect(page.data.content).toContain(`href="/espace-membre/jury/${sessionId}"`);
    const none = await app.get<{ content: string }>("/espace-membre/grades", { as: member });
    expect(none.data.content).not.toContain("Vous êtes membre du jury");
    expect(none.data.content).not.toContain('href="/espace-membre/jury/');
  });

  it("opens the revision page of the convocation on the convoked child's profile, never another family's", async () => {
    const res = await app.get(`/espace-membre/revision?grade=${third.id}&profil=${an}`, { as: parent });
    expect(res.redirect).toBe(`/espace-membre/revision?grade=${third.id}`);
    const page = await app.get(`/espace-membre/revision?grade=${third.id}`, { as: parent });
    expect(page.data).toMatchObject({ profileName: "An Tran", shown: { id: third.id } });
    const foreign = await app.get(`/espace-membre/revision?grade=${third.id}&profil=${an}`, { as: member });
    expect(foreign.status).toBe(404);
  });
});

describe("marking each test of the programme on the jury page", () => {
  let sessionId: number;
  let candidateId: number;
  let tests: { id: number; title: string }[];

  const send = (as: Created, marks: Record<number, string>, candidate = candidateId, session = sessionId) =>
    app.post(
      `/espace-membre/jury/${session}`,
      {
        intent: "tests",
        candidateId: String(candidate),
        // As the form: every test of the checklist, a result for those chosen.
        ...Object.fromEntries(
          tests.flatMap((t, i) => [
            [`marks[${i}].techniqueId`, String(t.id)],
            ...(marks[i] ? [[`marks[${i}].result`, marks[i]]] : []),
          ]),
        ),
      },
      { as },
    );
  const rows = () => db.select().from(examTestMarks).where(eq(examTestMarks.candidateId, candidateId));
  const page = async (as: Created = juror) =>
    (
      (await app.get(`/espace-membre/jury/${sessionId}`, { as })).data as {
        candidates: { id: number; result: string | null; acquired: number; tests: { techniqueId: number }[] }[];
      }
    ).candidates.find((c) => c.id === candidateId)!;

  beforeAll(async () => {
    sessionId = await createSession("2027-04-10", [second.id], [juror.user.id]);
    await app.post(
      `/espace-membre/examens/${sessionId}`,
      { intent: "convoquer", profileIds: [String(linh)] },
      { as: manager },
    );
    candidateId = (
      await db
        .select()
        .from(examCandidates)
        .where(and(eq(examCandidates.sessionId, sessionId), eq(examCandidates.profileId, linh)))
    )[0]!.id;
    tests = await db
      .select({ id: techniques.id, title: techniques.title })
      .from(techniques)
      .where(eq(techniques.gradeId, second.id))
      .orderBy(asc(techniques.position), asc(techniques.id));
    expect(tests.length).toBeGreaterThanOrEqual(3);
  });

  it("lists the checklist of the grade presented as the candidate's tests", async () => {
    const c = await page();
    expect(c.tests.map((t) => t.techniqueId)).toEqual(tests.map((t) => t.id));
    expect(c.acquired).toBe(0);
  });

  it("saves one mark per test, and a second mark updates it instead of adding one", async () => {
    const first = await send(juror, { 0: "acquis", 1: "non_acquis" });
    expect(first.redirect).toBe(`/espace-membre/jury/${sessionId}?tests=${candidateId}#candidat-${candidateId}`);
    expect((await rows()).map((r) => [r.techniqueId, r.result]).sort()).toEqual(
      [
        [tests[0]!.id, "acquis"],
        [tests[1]!.id, "non_acquis"],
      ].sort(),
    );
    const second = await send(admin, { 1: "acquis", 2: "acquis" });
    expect(second.redirect).not.toBeNull();
    const now = await rows();
    expect(now).toHaveLength(3);
    expect(now.find((r) => r.techniqueId === tests[1]!.id)).toMatchObject({
      result: "acquis",
      markedBy: admin.user.id,
    });
    expect(now.find((r) => r.techniqueId === tests[0]!.id)).toMatchObject({
      result: "acquis",
      markedBy: juror.user.id,
    });

    // The same form sent again (a double tap): nothing changes, nothing more in the audit log.
    expect((await send(admin, { 1: "acquis", 2: "acquis" })).redirect).not.toBeNull();
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "exam.tests"), eq(auditLog.targetProfileId, linh)));
    expect(audits).toHaveLength(2);
    expect(audits[1]!.summary).toContain(`${tests[1]!.title}\u00a0: acquis`);
  });

  it("shows the count of tests acquired beside the overall result, which stays the jury's decision", async () => {
    const c = await page();
    expect(c).toMatchObject({ acquired: 3, result: null });
    const html = await (
      await app.fetch(`/espace-membre/jury/${sessionId}`, { headers: { cookie: juror.cookie } })
    ).text();
    expect(html).toContain(`3 tests acquis sur ${tests.length}`);
  });

  it("refuses an empty form with a French message", async () => {
    const res = await send(juror, {});
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.data)).toContain("pour au moins un test");
  });

  it("refuses the marks of a member who is not on the jury and of another session's jury, and writes nothing", async () => {
    const before = await rows();
    expect((await send(member, { 0: "non_acquis" })).status).toBe(403);
    expect((await send(otherJuror, { 0: "non_acquis" })).status).toBe(403);
    expect((await send(manager, { 0: "non_acquis" })).status).toBe(403);
    expect(await rows()).toEqual(before);
  });

  it("refuses a test that is not in the checklist of the candidate's grade", async () => {
    const [foreign] = await db.select().from(techniques).where(eq(techniques.gradeId, third.id));
    const res = await app.post(
      `/espace-membre/jury/${sessionId}`,
      {
        intent: "tests",
        candidateId: String(candidateId),
        "marks[0].techniqueId": String(foreign!.id),
        "marks[0].result": "acquis",
      },
      { as: juror },
    );
    expect(res.status).toBe(409);
    expect(await rows()).toHaveLength(3);
  });

  it("keeps the candidate's other marks when a technique is removed from the checklist", async () => {
    await db.delete(techniques).where(eq(techniques.id, tests[0]!.id));
    expect((await rows()).map((r) => r.techniqueId).sort()).toEqual([tests[1]!.id, tests[2]!.id].sort());
    const c = await page();
    expect(c).toMatchObject({ acquired: 2 });
    expect(c.tests).toHaveLength(tests.length - 1);
  });
});
