/**
 * Browser-test data for attendance, written by the global setup
 * before the server starts (like the fixture accounts): a family account,
 * « Famille Appel », whose paid registration for the season of today puts two
 * children in every group of the weekly schedule (so every class has a
 * roster), with parents' phones and emergency contacts for the emergency
 * sheet. First, the test club's facts (tests/helpers/test-club.ts: name, venue,
 * schedule, prices…). Run with tsx, DATA_DIR set: `tsx tests/e2e/seed-mat.ts`.
 */
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { profiles, registrationLines, registrations } from "#db/schema";
import { createPasswordUser } from "~/lib/accounts/auth.server";
import { getSetting } from "~/lib/club/settings.server";
import { closeDatabase, db, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { parisDate, seasonOf } from "~/lib/core/time";
import { setUpTestClub } from "../helpers/test-club";

const MAT_FAMILY_EMAIL = "e2e-famille-appel@exemple.fr";

async function main() {
  await openDatabase({ url: "", pgliteDir: path.join(env().DATA_DIR, "pglite") });
  // The test club's own facts (the code's defaults hold none).
  await setUpTestClub();
  const password = process.env.E2E_SEED_PASSWORD ?? "phrase de passe des essais";
  const { id } = await createPasswordUser({
    email: MAT_FAMILY_EMAIL,
    password,
    prenom: "Famille",
    nom: "Appel",
    roles: ["membre"],
  });
  // The account's own profile (created with the account): the parent's phone.
  await db
    .update(profiles)
    .set({ phone: "06 12 34 56 78" })
    .where(and(eq(profiles.ownerId, id), eq(profiles.isSelf, true)));
  const season = seasonOf(parisDate(), (await getSetting("membership")).seasonStartMonth);
  const [reg] = await db.insert(registrations).values({ ownerId: id, season, status: "payee" }).returning();
  const groups = [...new Set((await getSetting("schedule")).map((s) => s.group))];
  let n = 0;
  for (const group of groups) {
    for (const prenom of ["Bao", "Chi"]) {
      n++;
      const [p] = await db
        .insert(profiles)
        .values({
          ownerId: id,
          prenom: `${prenom} ${n}`,
          nom: "Appel",
          relationship: "enfant",
          dateOfBirth: "2016-05-04",
          emergencyContact: "Grand-mère : 06 98 76 54 32",
          authorisedPickup: "Tante Hoa, 06 55 44 33 22",
        })
        .returning();
      await db.insert(registrationLines).values({
        registrationId: reg!.id,
        profileId: p!.id,
        groupName: group,
        priceCents: 19000,
        amountCents: 19000,
        emergencyContacts: "Oncle Minh : 07 11 22 33 44",
      });
    }
  }
  await closeDatabase();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
