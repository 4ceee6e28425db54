/**
 * The licence identity on the profile page: a family fills a
 * child's birth name, place of birth, nationality and address (all
 * optional); a bad postal code is refused next to its field with everything
 * typed kept; the own profile takes the same fields; editing a profile
 * without these fields keeps them.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { profiles } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { updateFamilyProfile } from "~/lib/members/profiles.server";

const PATH = "/espace-membre/profil";
let parent: Awaited<ReturnType<typeof createUser>>;

const identity = {
  birthName: "Nguyễn",
  placeOfBirth: "Boulogne-Billancourt (92)",
  nationality: "française",
  address: "12 rue du Parc",
  postalCode: "92100",
  city: "Boulogne-Billancourt",
};

beforeAll(async () => {
  await seedDatabase();
  parent = await createUser({ roles: ["membre"], prenom: "Linh", nom: "Lê" });
});

describe("the licence identity of a profile", () => {
  it("refuses a bad postal code next to its field, keeping everything typed", async () => {
    const typed = {
      intent: "add-family",
      prenom: "Emma",
      nom: "Lê",
      relationship: "enfant",
      ...identity,
      postalCode: "9?",
    };
    const res = await app.post(PATH, typed, { as: parent });
    expect(res.status).toBe(400);
    const result = (res.data as { result: SubmissionResult<string[]> }).result;
    expect(firstErrors(result)).toEqual({ postalCode: "Code postal invalide (exemple : 92100)." });
    expect(result.initialValue).toMatchObject({ ...identity, postalCode: "9?", prenom: "Emma" });
    expect(await db.select().from(profiles).where(eq(profiles.prenom, "Emma"))).toEqual([]);
  });

  it("saves a child's fields, keeps them when an edit leaves them out, and saves the account holder's own", async () => {
    const res = await app.post(
      PATH,
      { intent: "add-family", prenom: "Emma", nom: "Lê", relationship: "enfant", sex: "f", ...identity },
      { as: parent },
    );
    expect(res.data).toMatchObject({ intent: "add-family", message: "Le profil d'Emma a été ajouté." });
    const [emma] = await db.select().from(profiles).where(eq(profiles.prenom, "Emma"));
    expect(emma).toMatchObject({ ...identity, sex: "f" });
    await updateFamilyProfile(parent.user.id, emma!.id, {
      prenom: "Emma",
      nom: "Lê",
      dateOfBirth: null,
      relationship: "enfant",
    });
    expect((await db.select().from(profiles).where(eq(profiles.id, emma!.id)))[0]).toMatchObject(identity);
    const page = await app.get<{ family: Record<string, string>[] }>(PATH, { as: parent });
    expect(page.data.family[0]).toMatchObject(identity);

    const own = await app.post(
      PATH,
      { intent: "info", prenom: "Linh", nom: "Lê", nationality: "vietnamienne", city: "Paris", postalCode: "75011" },
      { as: parent },
    );
    expect(own.data).toMatchObject({ intent: "info" });
    const [self] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
    expect(self).toMatchObject({ nationality: "vietnamienne", city: "Paris", postalCode: "75011", birthName: "" });
  });
});
