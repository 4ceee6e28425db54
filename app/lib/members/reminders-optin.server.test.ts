/**
 * Reminders, correctness:
 *  - reminders start only after a manager turns them on for the season, with
 *    a preview of who would get what; a fresh install sends nothing; an admin
 *    account is not reminded of its own profile unless it is a member;
 *  - managers get an e-mail for a new pré-inscription and an RGPD deletion
 *    request (roles of the "utilisateurs" section), each with their choice:
 *    immediately, a daily digest (job_runs, fake clock), or never.
 */
import { and, eq, like } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { outbox, profiles, seasonStatuses, users } from "#db/schema";
import { app } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { addDays, parisDate, parisTime } from "../core/time";
import { signUpWithPassword } from "../accounts/auth-operations.server";
import { requestAccountDeletion } from "../accounts/member-data.server";
import { runManagerDigest, setNotificationChoice } from "./manager-notifications.server";
import { remindersEnabledFor } from "./reminders-activation.server";
import { dueReminders, reminderSeason, runDailyReminders, runReminders } from "./reminders.server";
import { currentSeasonAt } from "./seasons.server";

/** 15 October 2026, 10:00 in Paris: season 2026-2027, cotisations due. */
const OCT_15 = new Date("2026-10-15T08:00:00Z");

const mailsTo = (email: string) => db.select().from(outbox).where(eq(outbox.to, email));

beforeAll(async () => {
  await seedDatabase();
});

describe("reminders are opt-in per season", () => {
  it("a fresh install sends nothing; the preview names who would get what; once turned on they are sent", async () => {
    const member = await createUser({
      roles: ["membre"],
      prenom: "Nina",
      nom: "Optin",
      email: "nina.optin@exemple.fr",
    });
    const manager = await createUser({ roles: ["user_manager"], email: "gestion.optin@exemple.fr" });

    expect((await runDailyReminders(OCT_15)).sent).toEqual([]);
    expect(await runReminders(OCT_15)).toEqual([]);
    expect(await mailsTo(member.user.email)).toEqual([]);

    const preview = await dueReminders(OCT_15);
    const mine = preview.find((r) => r.to === member.user.email);
    expect(mine).toMatchObject({ subject: "Saison 2026-2027 : ce qu'il reste à faire" });
    expect(mine!.items.map((i) => [i.reason, i.name])).toEqual([["cotisation-unpaid", "Nina Optin"]]);
    expect(await mailsTo(member.user.email)).toEqual([]);

    // The page (managers only) shows the state and turns them on for the current season.
    const season = await currentSeasonAt();
    const page = await app.get<{ enabled: boolean; season: string }>("/espace-membre/utilisateurs/rappels", {
      as: manager,
    });
    expect(page.data).toMatchObject({ enabled: false, season });
    const refused = await app.get("/espace-membre/utilisateurs/rappels", { as: member });
    expect(refused.redirect).toBe("/espace-membre");
    const on = await app.post("/espace-membre/utilisateurs/rappels", { intent: "activer" }, { as: manager });
    expect(on.redirect).toMatch(/ok=actives/);
    expect(await remindersEnabledFor(season)).toBe(true);

    if (season === "2026-2027") {
      const sent = await runReminders(OCT_15);
      expect(sent.map((s) => s.to)).toContain(member.user.email);
    }
  });

  it("the page turns them off again, and answers a refused choice to its own form", async () => {
    const manager = await createUser({ roles: ["user_manager"] });
    const season = await reminderSeason();
    const off = await app.post("/espace-membre/utilisateurs/rappels", { intent: "desactiver" }, { as: manager });
    expect(off.redirect).toMatch(/ok=desactives/);
    expect(await remindersEnabledFor(season)).toBe(false);
    const bad = await app.post(
      "/espace-membre/utilisateurs/rappels",
      { intent: "notifications", choice: "chaque-heure" },
      { as: manager },
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "notifications",
      result: { error: { choice: ["Choisissez une option."] } },
    });
    const saved = await app.post(
      "/espace-membre/utilisateurs/rappels",
      { intent: "notifications", choice: "quotidien" },
      { as: manager },
    );
    expect(saved.redirect).toMatch(/ok=notifications/);
    expect(
      (await app.post("/espace-membre/utilisateurs/rappels", { intent: "tout-envoyer" }, { as: manager })).status,
    ).toBe(400);
  });

  it("an admin account is not reminded of its own profile unless it is also a member", async () => {
    const adminOnly = await createUser({ roles: ["admin"], email: "admin.seul@exemple.fr" });
    const adminMember = await createUser({ roles: ["admin", "membre"], email: "admin.membre@exemple.fr" });
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: adminOnly.user.id, prenom: "Lou", nom: "Enfant", isSelf: false })
      .returning();
    const to = (await dueReminders(OCT_15)).flatMap((r) => r.items.map((i) => `${r.to}:${i.name}`));
    // Only the child's cotisation: not the admin's own profile.
    expect(to.filter((t) => t.startsWith(`${adminOnly.user.email}:`))).toEqual([`${adminOnly.user.email}:Lou Enfant`]);
    expect(to.some((t) => t.startsWith(`${adminMember.user.email}:`))).toBe(true);
    expect(child).toBeDefined();
  });
});

describe("manager notifications", () => {
  it("a new pré-inscription mails the user managers who chose 'immédiatement'; the digest the next morning goes to the 'quotidien' ones", async () => {
    const now = await createUser({ roles: ["admin"], email: "immediat@exemple.fr" });
    const daily = await createUser({ roles: ["user_manager"], email: "quotidien@exemple.fr" });
    const never = await createUser({ roles: ["user_manager"], email: "jamais@exemple.fr" });
    const articles = await createUser({ roles: ["article_manager"], email: "articles@exemple.fr" });
    await setNotificationChoice(daily.user.id, "quotidien");
    await setNotificationChoice(never.user.id, "jamais");

    await signUpWithPassword({
      prenom: "Paul",
      nom: "Nouveau",
      email: "paul.nouveau@exemple.fr",
      password: "Riziere-Lotus-4821",
      ip: "10.9.8.7",
    });
    expect((await mailsTo(now.user.email)).map((m) => m.subject)).toContain(
      "Nouvelle pré-inscription\u00a0: Paul Nouveau",
    );
    for (const u of [daily, never, articles]) expect(await mailsTo(u.user.email)).toEqual([]);

    const [paul] = await db.select().from(users).where(eq(users.email, "paul.nouveau@exemple.fr"));
    const nextMorning = parisTime(addDays(parisDate(paul!.createdAt), 1), "09:00");
    expect((await runManagerDigest(parisTime(addDays(parisDate(paul!.createdAt), 1), "07:00"))).ran).toBe(false);
    expect((await runManagerDigest(nextMorning)).ran).toBe(true);
    expect((await runManagerDigest(new Date(nextMorning.getTime() + 3_600_000))).ran).toBe(false);
    const digest = await mailsTo(daily.user.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.text).toContain("Nouvelle pré-inscription\u00a0: Paul Nouveau (paul.nouveau@exemple.fr)");
    for (const u of [now, never, articles])
      expect((await mailsTo(u.user.email)).filter((m) => m.subject.startsWith("Résumé"))).toEqual([]);
  });

  it("an RGPD deletion request mails the user managers at once", async () => {
    const manager = await createUser({ roles: ["user_manager"], email: "rgpd.gestion@exemple.fr" });
    const member = await createUser({
      roles: ["membre"],
      prenom: "Rita",
      nom: "Départ",
      email: "rita.depart@exemple.fr",
    });
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, member.user.id), eq(profiles.isSelf, true)));
    await db
      .insert(seasonStatuses)
      .values({ profileId: own!.id, season: await currentSeasonAt(), cotisationPaidOn: parisDate() });
    expect((await requestAccountDeletion(member.user.id, "Je déménage")).outcome).toBe("queued");
    const mails = await db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, manager.user.email), like(outbox.subject, "Demande de suppression%")));
    expect(mails.map((m) => m.subject)).toEqual(["Demande de suppression de compte\u00a0: Rita Départ"]);
  });
});
