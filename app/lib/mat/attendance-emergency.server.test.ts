/**
 * The emergency sheet of a class, through the request harness: the family says who may collect
 * a child (profile form); the instructor of the class (and an admin) reads the parents' phones,
 * the contacts and who may collect, each opening logged; refused to the instructor of another
 * group (IDOR: 403, nothing of the sheet, nothing logged) and to a member without the role.
 * Fake clock: Wednesday 25 November 2026, 18:00 in Paris; the club: tests/helpers/attendance-club.ts.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, profiles, registrationLines } from "#db/schema";
import { db } from "../core/db.server";
import { app } from "../../../tests/helpers/app";
import type { CreatedUser } from "../../../tests/helpers/auth";
import { attendanceClub, TODAY } from "../../../tests/helpers/attendance-club";
import { INSTRUCTORS_PATH } from "./instructors";

let admin: CreatedUser;
let instructor: CreatedUser;
let otherInstructor: CreatedUser;
let member: CreatedUser;
let child: number;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-11-25T17:00:00Z"));
  ({ admin, instructor, otherInstructor, member, child } = await attendanceClub());
  // The instructor teaches the class of the sheet; the other one, another group's.
  const tie = (who: CreatedUser, slotIds: string[]) =>
    app.post(INSTRUCTORS_PATH, { userId: who.user.id, slotIds }, { as: admin });
  expect((await tie(instructor, ["enfants-mer", "enfants-sam"])).redirect).toContain("ok=enregistre");
  expect((await tie(otherInstructor, ["ados-mer"])).redirect).toContain("ok=enregistre");
});

afterAll(() => {
  vi.useRealTimers();
});

describe("the emergency sheet", () => {
  const SHEET = `/espace-membre/appel/${TODAY}-enfants-mer/urgence`;

  beforeAll(async () => {
    await db
      .update(profiles)
      .set({ phone: "06 12 34 56 78", emergencyContact: "Grand-mère : 06 98 76 54 32" })
      .where(and(eq(profiles.ownerId, member.user.id), eq(profiles.isSelf, true)));
    await db
      .update(registrationLines)
      .set({ emergencyContacts: "Oncle Minh : 07 11 22 33 44" })
      .where(eq(registrationLines.profileId, child));
  });

  async function openings(actorId: string) {
    return db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, actorId), eq(auditLog.action, "emergency.open")));
  }

  it("the family says who may collect the child, in the profile form", async () => {
    const res = await app.post(
      "/espace-membre/profil",
      {
        intent: "edit-family",
        profileId: String(child),
        prenom: "Bao",
        nom: "Tran",
        dateOfBirth: "2017-03-01",
        relationship: "enfant",
        authorisedPickup: "Tante Hoa, 06 55 44 33 22",
      },
      { as: member },
    );
    expect(res.status).toBe(200);
    const [row] = await db.select().from(profiles).where(eq(profiles.id, child));
    expect(row?.authorisedPickup).toBe("Tante Hoa, 06 55 44 33 22");
  });

  it("shows the instructor of the class the parents' phones, the contacts and who may collect, and logs the opening", async () => {
    const page = await app.get(SHEET, { as: instructor });
    expect(page.status).toBe(200);
    const people = (
      page.data as {
        people: Array<{
          profileId: number;
          phones: unknown;
          contacts: string[];
          authorisedPickup: string;
          age: number | null;
        }>;
      }
    ).people;
    expect(people.find((p) => p.profileId === child)).toMatchObject({
      phones: [{ who: "Lan Tran", phone: "06 12 34 56 78" }],
      contacts: ["Oncle Minh : 07 11 22 33 44"],
      authorisedPickup: "Tante Hoa, 06 55 44 33 22",
      age: 9,
    });
    const logged = await openings(instructor.user.id);
    expect(logged).toHaveLength(1);
    expect(logged[0]?.summary).toBe(
      "fiche d’urgence ouverte\u00a0: Enfants (6-11 ans), mercredi 25 novembre 2026 (3 personnes)",
    );
    expect((await app.get(SHEET, { as: admin })).status).toBe(200);
    expect(await openings(admin.user.id)).toHaveLength(1);
  });

  it("is refused to the instructor of another group (IDOR): 403, nothing of the sheet, nothing logged", async () => {
    const res = await app.fetch(SHEET, { headers: { cookie: otherInstructor.cookie } });
    expect(res.status).toBe(403);
    const body = await res.text();
    for (const secret of ["06 12 34 56 78", "Oncle Minh", "Tante Hoa", "Bao", "Lan Tran"])
      expect(body).not.toContain(secret);
    expect(body).toContain("Vous n’enseignez pas ce cours");
    const data = await app.get(SHEET, { as: otherInstructor });
    expect(data.status).toBe(403);
    expect(JSON.stringify(data)).not.toContain("06 12 34 56 78");
    expect(await openings(otherInstructor.user.id)).toEqual([]);
    // A member without the role never reaches it; an unknown session is a 404.
    expect((await app.get(SHEET, { as: member })).redirect).toBe("/espace-membre");
    expect((await app.get("/espace-membre/appel/2026-11-26-enfants-mer/urgence", { as: instructor })).status).toBe(404);
  });
});
