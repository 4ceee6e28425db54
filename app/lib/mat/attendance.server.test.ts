/**
 * Attendance through the request harness: the instructor's role and classes, the sessions list,
 * the roster of a session, marks applied once (same id twice, offline replay, two phones: the
 * latest tap wins), refused marks with French reasons, the page without JavaScript, and the
 * attendance read by members and managers. The emergency sheet: attendance-emergency.server.test.ts.
 * Fake clock: Wednesday 25 November 2026, 18:00 in Paris; the club: tests/helpers/attendance-club.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { attendanceMarks } from "#db/schema";
import { db } from "../core/db.server";
import { isDomainError } from "../core/errors";
import { app } from "../../../tests/helpers/app";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { attendanceClub, TODAY } from "../../../tests/helpers/attendance-club";
import { setRolesFromCommandLine } from "../members/users-admin.server";
import { ATTENDANCE_MESSAGES as M, ATTENDANCE_SYNC_PATH, type SyncAnswer } from "./attendance";
import { INSTRUCTORS_PATH } from "./instructors";
import { classSessions } from "../club/class-sessions.server";
let admin: CreatedUser;
let instructor: CreatedUser;
let otherInstructor: CreatedUser;
let member: CreatedUser;
let child: number;
let sibling: number;
let teenager: number;
let drafted: number;
let unplaced: number;

function mark(profileId: number, present: boolean, clientMarkId: string, extra: Record<string, unknown> = {}) {
  return {
    clientMarkId,
    date: TODAY,
    slotId: "enfants-mer",
    profileId,
    present,
    markedAt: "2026-11-25T16:40:00.000Z",
    ...extra,
  };
}

async function sync(as: CreatedUser, marks: unknown[]): Promise<SyncAnswer> {
  const res = await app.fetch(ATTENDANCE_SYNC_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", cookie: as.cookie },
    body: JSON.stringify({ marks }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as SyncAnswer;
}

async function rowsOf(profileId: number) {
  return db
    .select()
    .from(attendanceMarks)
    .where(
      and(
        eq(attendanceMarks.profileId, profileId),
        eq(attendanceMarks.sessionDate, TODAY),
        eq(attendanceMarks.slotId, "enfants-mer"),
      ),
    );
}

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T17:00:00Z"));
  ({ admin, instructor, otherInstructor, member, child, sibling, teenager, drafted, unplaced } =
    await attendanceClub());
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the instructor's role", () => {
  it("is held with a member role, through the same rules as the command line", async () => {
    const err = await setRolesFromCommandLine(instructor.email, ["enseignant"], "npm run user -- set-role").catch(
      (e: unknown) => e,
    );
    expect(isDomainError(err) && err.message).toBe(
      "Un enseignant est aussi membre du club\u00a0: cochez aussi «\u00a0Membre\u00a0» (ou un rôle de responsable).",
    );
    expect(
      await setRolesFromCommandLine(instructor.email, ["enseignant", "membre"], "npm run user -- set-role"),
    ).toEqual(["membre", "enseignant"]);
  });

  it("opens the attendance pages, not the managers' ones; a member without it is sent back", async () => {
    expect((await app.get("/espace-membre/appel", { as: instructor })).status).toBe(200);
    expect((await app.get("/espace-membre/appel", { as: member })).redirect).toBe("/espace-membre");
    expect((await app.get("/espace-membre/assiduite", { as: instructor })).redirect).toBe("/espace-membre");
    expect((await app.get(INSTRUCTORS_PATH, { as: instructor })).redirect).toBe("/espace-membre");
  });

  it("is tied to its classes by an admin, and only an account holding the role can be", async () => {
    const tie = (who: CreatedUser, slotIds: string[]) =>
      app.post(INSTRUCTORS_PATH, { userId: who.user.id, slotIds }, { as: admin });
    expect((await tie(instructor, ["enfants-mer", "enfants-sam"])).redirect).toContain(
      `${INSTRUCTORS_PATH}?ok=enregistre`,
    );
    expect((await tie(otherInstructor, ["ados-mer"])).redirect).toContain("ok=enregistre");
    const refused = await tie(member, ["enfants-mer"]);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("Ce compte n’a pas le rôle «\u00a0Enseignant\u00a0»");
    const page = await app.get(INSTRUCTORS_PATH, { as: admin });
    const listed = (page.data as { instructors: Array<{ name: string; slotIds: string[] }> }).instructors;
    expect(listed.map((i) => [i.name, [...i.slotIds].sort()])).toEqual([
      ["Thanh Nguyen", ["enfants-mer", "enfants-sam"]],
      ["Hoa Pham", ["ados-mer"]],
    ]);
    // The account's page says which classes it teaches.
    const account = await app.get(`/espace-membre/utilisateurs/modifier/${instructor.user.id}`, { as: admin });
    expect((account.data as { taught: string[] | null }).taught).toEqual([
      "mercredi 17\u00a0h\u00a030, Enfants (6-11 ans)",
      "samedi 10\u00a0h, Enfants (6-11 ans)",
    ]);
    const plain = await app.get(`/espace-membre/utilisateurs/modifier/${member.user.id}`, { as: admin });
    expect((plain.data as { taught: string[] | null }).taught).toBeNull();
  });
});

describe("the sessions and the roster", () => {
  it("lists the instructor's own sessions of the next days, a closed day shown as cancelled", async () => {
    const page = await app.get("/espace-membre/appel", { as: instructor });
    const sessions = (page.data as { sessions: Array<{ date: string; slotId: string; cancelled: string | null }> })
      .sessions;
    expect(sessions.map((s) => `${s.date} ${s.slotId} ${s.cancelled ?? ""}`.trim())).toEqual([
      "2026-11-25 enfants-mer",
      "2026-11-28 enfants-sam Gymnase fermé (travaux)",
      "2026-12-02 enfants-mer",
    ]);
    const all = (await app.get("/espace-membre/appel", { as: admin })).data as { sessions: unknown[] };
    expect(all.sessions.length).toBeGreaterThan(sessions.length);
  });

  it("shows the profiles registered in the slot's group (sent registrations), then the season's members without a registration", async () => {
    const page = await app.get(`/espace-membre/appel/${TODAY}-enfants-mer`, { as: instructor });
    expect(page.status).toBe(200);
    const people = (page.data as { people: Array<{ profileId: number; inGroup: boolean }> }).people;
    expect(people.map((p) => [p.profileId, p.inGroup])).toEqual([
      [child, true],
      [sibling, true],
      [unplaced, false],
    ]);
    expect(people.map((p) => p.profileId)).not.toContain(teenager);
    expect(people.map((p) => p.profileId)).not.toContain(drafted);
  });

  it("is refused for another instructor's class (403) and for a session that does not exist (404)", async () => {
    const other = await app.get(`/espace-membre/appel/${TODAY}-ados-mer`, { as: instructor });
    expect(other.status).toBe(403);
    expect(String(other.error)).toContain("Vous n’enseignez pas ce cours");
    expect((await app.get("/espace-membre/appel/2026-11-26-enfants-mer", { as: instructor })).status).toBe(404);
    expect((await app.get("/espace-membre/appel/2026-02-30-enfants-mer", { as: instructor })).status).toBe(404);
  });
});

describe("marks", () => {
  it("the same mark sent twice (an offline replay) gives one row", async () => {
    const first = await sync(instructor, [mark(child, true, "replay-0001")]);
    expect(first.results).toEqual([
      { clientMarkId: "replay-0001", status: "enregistree", profileId: child, present: true },
    ]);
    const again = await sync(instructor, [mark(child, true, "replay-0001"), mark(child, true, "replay-0001")]);
    expect(again.results.map((r) => r.status)).toEqual(["enregistree", "enregistree"]);
    const rows = await rowsOf(child);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ present: true, clientMarkId: "replay-0001", markedBy: instructor.user.id });
  });

  it("two phones: one row, the latest tap wins whatever the order they arrive in", async () => {
    // Phone B (the admin) taps « absent » at 16:50, phone A (the instructor) had tapped « present » at 16:45 and sends later.
    const b = await sync(admin, [mark(sibling, false, "phone-b-0001", { markedAt: "2026-11-25T16:50:00.000Z" })]);
    expect(b.results[0]).toMatchObject({ status: "enregistree", present: false });
    const a = await sync(instructor, [mark(sibling, true, "phone-a-0001", { markedAt: "2026-11-25T16:45:00.000Z" })]);
    expect(a.results[0]).toEqual({
      clientMarkId: "phone-a-0001",
      status: "depassee",
      profileId: sibling,
      present: false,
    });
    // Replaying the older one changes nothing either.
    await sync(instructor, [mark(sibling, true, "phone-a-0001", { markedAt: "2026-11-25T16:45:00.000Z" })]);
    const rows = await rowsOf(sibling);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ present: false, clientMarkId: "phone-b-0001" });
    // A later tap from phone A wins.
    await sync(instructor, [mark(sibling, true, "phone-a-0002", { markedAt: "2026-11-25T16:55:00.000Z" })]);
    expect((await rowsOf(sibling))[0]).toMatchObject({ present: true, clientMarkId: "phone-a-0002" });
  });

  it("a phone's clock in the future counts as the server's time", async () => {
    await sync(instructor, [mark(unplaced, true, "clock-0001", { markedAt: "2030-01-01T00:00:00.000Z" })]);
    expect((await rowsOf(unplaced))[0]?.markedAt.toISOString()).toBe("2026-11-25T17:00:00.000Z");
  });

  it("refuses, mark by mark and in French, what can never apply; the rest of the batch is applied", async () => {
    const answer = await sync(instructor, [
      mark(child, true, "bad-day-0001", { date: "2026-11-26" }), // no enfants-mer on a Thursday
      mark(child, true, "closed-0001", { date: "2026-11-28", slotId: "enfants-sam" }),
      mark(child, true, "later-0001", { date: "2026-12-02" }),
      mark(teenager, true, "other-grp-01"),
      mark(teenager, true, "not-mine-001", { slotId: "ados-mer" }),
      mark(drafted, true, "draft-00001"),
      { clientMarkId: "garbage-0001", date: "hier", profileId: "x" },
      mark(child, false, "fine-000001", { markedAt: "2026-11-25T16:59:00.000Z" }),
    ]);
    expect(answer.results.map((r) => (r.status === "refusee" ? r.message : r.status))).toEqual([
      M.noSession,
      M.cancelled("Gymnase fermé (travaux)"),
      M.future,
      M.notInGroup,
      M.notYours,
      M.notInGroup,
      M.noSession,
      "enregistree",
    ]);
    expect(M.cancelled("X")).toBe("Cette séance est annulée (X)\u00a0: l’appel n’y est pas possible.");
    expect(await db.select().from(attendanceMarks).where(eq(attendanceMarks.profileId, teenager))).toEqual([]);
    expect((await rowsOf(child))[0]?.present).toBe(false);
  });

  it("refuses a batch that is not JSON, and a member without the role never reaches it", async () => {
    const res = await app.fetch(ATTENDANCE_SYNC_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: instructor.cookie },
      body: "{marks",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: M.unreadable });
    const denied = await app.fetch(ATTENDANCE_SYNC_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: member.cookie },
      body: "{}",
      redirect: "manual",
    });
    expect(denied.status).toBe(302);
    expect(denied.headers.get("location")).toBe("/espace-membre");
    const crossSite = await app.fetch(ATTENDANCE_SYNC_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json", cookie: instructor.cookie, Origin: "https://pirate.example" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
  });

  it("without JavaScript: one form per row, applied once even when sent twice", async () => {
    const path = `/espace-membre/appel/${TODAY}-enfants-mer`;
    const form = { intent: "mark", profileId: String(child), present: "1", clientMarkId: "form-row-0001" };
    const res = await app.post(path, form, { as: instructor });
    expect(res.redirect).toBe(`${path}#p-${child}`);
    await app.post(path, form, { as: instructor });
    const rows = await rowsOf(child);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ present: true, clientMarkId: "form-row-0001" });
    const refused = await app.post(
      path,
      { ...form, profileId: String(teenager), clientMarkId: "form-row-0002" },
      { as: instructor },
    );
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.data)).toContain("Cette personne n’est pas inscrite dans ce groupe pour la saison.");
    const other = await app.post(
      `/espace-membre/appel/${TODAY}-ados-mer`,
      { ...form, profileId: String(teenager), clientMarkId: "form-row-0003" },
      { as: instructor },
    );
    expect(other.status).toBe(403);
  });
});

describe("attendance read by members and managers", () => {
  it("a member sees the attendance of each profile of the family", async () => {
    const page = await app.get("/espace-membre/presences", { as: member });
    expect(page.status).toBe(200);
    const data = page.data as {
      season: string;
      profiles: Array<{
        profileId: number;
        present: number;
        sessions: Array<{ date: string; group: string; present: boolean }>;
      }>;
    };
    expect(data.season).toBe("2026-2027");
    expect(data.profiles.find((p) => p.profileId === child)).toMatchObject({
      present: 1,
      sessions: [{ date: TODAY, group: "Enfants (6-11 ans)", present: true }],
    });
    expect(data.profiles.map((p) => p.profileId)).not.toContain(sibling);
  });

  it("the managers see rates per member, per group and per month; an instructor does not", async () => {
    const manager = await createUser({ roles: ["user_manager"] });
    const page = await app.get("/espace-membre/assiduite", { as: manager });
    expect(page.status).toBe(200);
    const data = page.data as {
      members: Array<{ profileId: number; present: number; held: number; rate: number | null }>;
      groups: Array<{ group: string; registered: number; held: number; present: number; rate: number | null }>;
      months: Array<{ month: string; group: string; held: number; present: number }>;
    };
    const held = (await classSessions("2026-09-01", TODAY)).filter(
      (s) => !s.cancelled && s.slot.group === "Enfants (6-11 ans)",
    ).length;
    expect(held).toBeGreaterThan(10);
    expect(data.members.find((m) => m.profileId === child)).toEqual({
      profileId: child,
      name: "Bao Tran",
      group: "Enfants (6-11 ans)",
      present: 1,
      held,
      rate: Math.round((1 / held) * 100),
    });
    // The group's presences count everyone marked in its classes (the member of the season without a group too).
    expect(data.groups.find((g) => g.group === "Enfants (6-11 ans)")).toMatchObject({
      registered: 2,
      held,
      present: 3,
      rate: Math.round((3 / (held * 2)) * 100),
    });
    expect(data.months.find((m) => m.month === "2026-11" && m.group === "Enfants (6-11 ans)")).toMatchObject({
      present: 3,
    });
    expect((await app.get("/espace-membre/assiduite", { as: instructor })).redirect).toBe("/espace-membre");
  });
});
