/**
 * The managers' exam session page shows the jury's per-test marks in counts:
 * « 2 tests acquis sur 3 » per convoked candidate, « Tests non
 * notés » before the jury marks, and per test of the session how many
 * candidates acquired it. Through the request handler and real PGlite; the
 * marks are given on the jury page, as a juror's phone does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { examCandidates, gradeHistory, profiles, techniques } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { listGrades, type Grade } from "~/lib/members/grades.server";

type Created = Awaited<ReturnType<typeof createUser>>;
let manager: Created;
let juror: Created;
let sessionId: number;
let tests: { id: number; title: string }[];
const candidateOf = new Map<number, number>();
let bao: number;
let chi: number;

interface SessionPage {
  candidates: { profileId: number; tests: string | null }[];
  testTallies: {
    gradeId: number;
    candidates: number;
    tests: { techniqueId: number; acquired: number; notAcquired: number; unmarked: number }[];
  }[];
}

const sessionPage = async () =>
  (await app.get(`/espace-membre/examens/${sessionId}`, { as: manager })).data as unknown as SessionPage;

/** The jury's form for one candidate: every test of the checklist, a result for those chosen. */
const markTests = (profileId: number, results: Record<number, "acquis" | "non_acquis">) =>
  app.post(
    `/espace-membre/jury/${sessionId}`,
    {
      intent: "tests",
      candidateId: String(candidateOf.get(profileId)),
      ...Object.fromEntries(
        tests.flatMap((t, i) => [
          [`marks[${i}].techniqueId`, String(t.id)],
          ...(results[i] ? [[`marks[${i}].result`, results[i]]] : []),
        ]),
      ),
    },
    { as: juror },
  );

beforeAll(async () => {
  await seedDatabase();
  const [first, second] = (await listGrades()) as [Grade, Grade];
  manager = await createUser({ roles: ["user_manager"] });
  juror = await createUser({ roles: ["membre", "enseignant"], prenom: "Thầy", nom: "Bình" });
  const parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Pham" });
  const kid = async (prenom: string) =>
    (
      await db
        .insert(profiles)
        .values({ ownerId: parent.user.id, prenom, nom: "Pham", relationship: "enfant", dateOfBirth: "2015-01-10" })
        .returning()
    )[0]!.id;
  bao = await kid("Bao");
  chi = await kid("Chi");
  await db.insert(gradeHistory).values([
    { profileId: bao, gradeId: first.id, awardedOn: "2025-06-01" },
    { profileId: chi, gradeId: first.id, awardedOn: "2025-06-01" },
  ]);
  const created = await app.post(
    "/espace-membre/examens",
    {
      version: "0",
      examDate: "2027-05-15",
      place: "Dojo du gymnase",
      status: "prevue",
      gradeIds: [String(second.id)],
      juryIds: [juror.user.id],
    },
    { as: manager },
  );
  sessionId = Number(/\/examens\/(\d+)/.exec(created.redirect ?? "")?.[1]);
  expect(sessionId, JSON.stringify(created.data)).toBeGreaterThan(0);
  const convoked = await app.post(
    `/espace-membre/examens/${sessionId}`,
    { intent: "convoquer", profileIds: [String(bao), String(chi)] },
    { as: manager },
  );
  expect(convoked.redirect).toContain("ok=convoques&n=2");
  for (const c of await db.select().from(examCandidates).where(eq(examCandidates.sessionId, sessionId)))
    candidateOf.set(c.profileId, c.id);
  tests = await db
    .select({ id: techniques.id, title: techniques.title })
    .from(techniques)
    .where(eq(techniques.gradeId, second.id))
    .orderBy(asc(techniques.position), asc(techniques.id));
  expect(tests.length).toBeGreaterThanOrEqual(3);
});

describe("the per-test counts on the managers' session page", () => {
  it("says « Tests non notés » for a convoked candidate before the jury marks a test", async () => {
    const page = await sessionPage();
    expect(page.candidates.find((c) => c.profileId === bao)?.tests).toBe("Tests non notés");
    expect(page.testTallies[0]?.tests.every((t) => t.unmarked === 2 && t.acquired === 0)).toBe(true);
  });

  it("shows each candidate's tests acquired out of the grade's, and per test how many acquired it", async () => {
    expect((await markTests(bao, { 0: "acquis", 1: "acquis", 2: "non_acquis" })).redirect).not.toBeNull();
    expect((await markTests(chi, { 0: "acquis" })).redirect).not.toBeNull();
    const page = await sessionPage();
    expect(page.candidates.find((c) => c.profileId === bao)?.tests).toBe(`2 tests acquis sur ${tests.length}`);
    expect(page.candidates.find((c) => c.profileId === chi)?.tests).toBe(`1 test acquis sur ${tests.length}`);
    const [grade] = page.testTallies;
    expect(grade?.candidates).toBe(2);
    expect(grade?.tests.map((t) => t.techniqueId)).toEqual(tests.map((t) => t.id));
    expect(grade?.tests.slice(0, 3)).toEqual([
      { techniqueId: tests[0]!.id, title: tests[0]!.title, acquired: 2, notAcquired: 0, unmarked: 0 },
      { techniqueId: tests[1]!.id, title: tests[1]!.title, acquired: 1, notAcquired: 0, unmarked: 1 },
      { techniqueId: tests[2]!.id, title: tests[2]!.title, acquired: 0, notAcquired: 1, unmarked: 1 },
    ]);
  });

  it("prints the counts in the page: a table per grade with its caption and row headers", async () => {
    const html = await (
      await app.fetch(`/espace-membre/examens/${sessionId}`, { headers: { cookie: manager.cookie } })
    ).text();
    expect(html).toContain(`2 tests acquis sur ${tests.length}`);
    expect(html).toContain("Résultats par test");
    expect(html).toMatch(/<caption[^>]*>[^<]*2 candidats convoqués<\/caption>/);
    expect(html).toContain(`<th scope="row"`);
  });
});
