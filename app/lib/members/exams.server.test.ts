/**
 * Grade exam sessions through the request handler and real PGlite: the candidates of a
 * session, convocations (one e-mail per family in the outbox), edits on an old version, and
 * what members see of the exams (their family's next grade and eligibility, the jury's link,
 * the revision page of a convocation). The club: tests/helpers/exam-club.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { outbox, profiles } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { examClub, createSession as sessionFor, EXAM, type Created } from "../../../tests/helpers/exam-club";
import { gradesShown, type GradesPageData } from "../../../tests/helpers/grades-page";
import { db } from "../core/db.server";
import { setSetting } from "../club/settings.server";
import type { Grade } from "./grades.server";
import { familyEligibility } from "./exam-member.server";

let manager: Created;
let juror: Created;
let member: Created;
let parent: Created;
let second: Grade;
let third: Grade;
let linh: number;
let minh: number;
let an: number;

beforeAll(async () => {
  ({ manager, juror, member, parent, second, third, linh, minh, an } = await examClub());
});

const createSession = (examDate: string, gradeIds: number[], juryIds: string[]) =>
  sessionFor(manager, examDate, gradeIds, juryIds);

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
    const page = await app.get<GradesPageData>("/espace-membre/grades", { as: parent });
    expect(page.data.exams.family.find((r) => r.profileId === an)?.target?.id).toBe(third.id);
    expect(gradesShown(page.data).familyNext).toContain(third.vietnameseName);
  });

  it("gives a jury member the link to the jury page of their sessions", async () => {
    const page = await app.get<GradesPageData>("/espace-membre/grades", { as: juror });
    expect(page.data.exams.jury.map((s) => s.id)).toContain(sessionId);
    const none = await app.get<GradesPageData>("/espace-membre/grades", { as: member });
    expect(none.data.exams.jury).toEqual([]);
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
