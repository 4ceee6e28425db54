/**
 * The jury page of a grade exam, through the request handler and real PGlite: marking a
 * candidate (the grade history written once, with the exam day; the diploma), marking each
 * test of the programme, and who may open the exam pages (managers' pages, jury of the
 * session only). The club: tests/helpers/exam-club.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { auditLog, examCandidates, examTestMarks, gradeHistory, techniques } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { examClub, createSession as sessionFor, type Created } from "../../../tests/helpers/exam-club";
import { readPdf } from "../../../tests/helpers/pdf-text";
import { db } from "../core/db.server";
import type { Grade } from "./grades.server";

let admin: Created;
let manager: Created;
let juror: Created;
let otherJuror: Created;
let member: Created;
let second: Grade;
let third: Grade;
let linh: number;
let minh: number;

beforeAll(async () => {
  ({ admin, manager, juror, otherJuror, member, second, third, linh, minh } = await examClub());
});

const createSession = (examDate: string, gradeIds: number[], juryIds: string[]) =>
  sessionFor(manager, examDate, gradeIds, juryIds);

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
    expect(lines).toContain("Nhập môn"); // every letter whole
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
