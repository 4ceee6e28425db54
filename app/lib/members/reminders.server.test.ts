/**
 * Reminders (one combined e-mail per family to the account holder naming each
 * member, at most weekly, each problem named three times at most in a season),
 * the daily guard of the job, and the start of a new season (history kept,
 * certificates carried over when still valid).
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, familyReminders, jobRuns, outbox, profiles, seasonStarts, seasonStatuses, users } from "#db/schema";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { claimDailyRun } from "../core/daily-run.server";
import { runDailyReminders, runReminders } from "./reminders.server";
import { seedDatabase } from "../core/seed.server";
import { setSetting } from "../club/settings.server";
import { healthValidUntil, isSeasonStarted, seasonToStart, startSeason } from "./seasons.server";
import { parisDate } from "../core/time";

/** 15 October 2026, 10:00 in Paris: season 2026-2027, more than a month after it started. */
const OCT_15 = new Date("2026-10-15T08:00:00Z");
const SEASON = "2026-2027";

async function ownProfile(userId: string) {
  const [p] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, userId), eq(profiles.isSelf, true)));
  return p;
}

async function mailsTo(email: string) {
  return db.select().from(outbox).where(eq(outbox.to, email));
}

beforeAll(async () => {
  await seedDatabase();
  // Reminders are opt-in per season (reminders-optin.server.test.ts): turned on here.
  await setSetting("reminders", { seasons: [SEASON, "2027-2028"] });
});

describe("health document validity", () => {
  const membership = { seasonStartMonth: 9, certificateValiditySeasons: 3 };
  it("a certificate covers the setting's number of seasons from the season it was received in", () => {
    expect(healthValidUntil("certificat", "2026-10-02", SEASON, membership)).toBe("2029-08-31");
    expect(healthValidUntil("certificat", "2026-10-02", SEASON, { ...membership, certificateValiditySeasons: 1 })).toBe(
      "2027-08-31",
    );
    // Received in the summer before the season it is recorded for: counts from that season.
    expect(healthValidUntil("certificat", "2026-07-10", SEASON, membership)).toBe("2029-08-31");
    // An older certificate keeps its own seasons.
    expect(healthValidUntil("certificat", "2024-10-01", SEASON, membership)).toBe("2027-08-31");
  });
  it("a questionnaire attestation covers the current season only", () => {
    expect(healthValidUntil("questionnaire", "2026-09-20", SEASON, membership)).toBe("2027-08-31");
  });
});

describe("reminders", () => {
  it("send the account holder one e-mail naming each family member and problem, at most weekly, each problem three times at most", async () => {
    const parent = await createUser({
      roles: ["membre"],
      prenom: "Karine",
      nom: "Famille",
      email: "karine.rappel@exemple.fr",
    });
    const own = await ownProfile(parent.user.id);
    assert(own);
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: parent.user.id, prenom: "Léo", nom: "Famille", relationship: "enfant" })
      .returning();
    assert(child);
    // Own profile: paid, certificate expiring on 5 November (within 30 days).
    await db.insert(seasonStatuses).values({
      profileId: own.id,
      season: SEASON,
      cotisationPaidOn: "2026-09-10",
      cotisationAmountCents: 18000,
      cotisationMeans: "cheque",
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: "2023-09-10",
      healthDocumentValidUntil: "2026-11-05",
    });
    // Child: unpaid, certificate valid for long.
    await db.insert(seasonStatuses).values({
      profileId: child.id,
      season: SEASON,
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: "2026-09-10",
      healthDocumentValidUntil: "2029-08-31",
    });
    // A pré-inscrit and a deactivated member get nothing.
    const pending = await createUser({ roles: ["pré-inscrit"], email: "pre.rappel@exemple.fr" });
    const gone = await createUser({ roles: ["membre"], email: "gone.rappel@exemple.fr" });
    await db.update(users).set({ active: false }).where(eq(users.id, gone.user.id));

    const first = await runReminders(OCT_15);
    const mine = first.filter((s) => s.to === parent.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      reasons: ["certificate-expiring", "cotisation-unpaid"],
      names: ["Karine Famille", "Léo Famille"],
    });
    expect(first.some((s) => s.to === pending.email || s.to === gone.email)).toBe(false);

    const mails = await mailsTo(parent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Saison 2026-2027\u00a0: ce qu'il reste à faire");
    expect(mails[0]!.text).toContain("Bonjour Karine,");
    expect(mails[0]!.text).toContain("- Karine Famille\u00a0: le certificat médical expire le 5 novembre 2026");
    expect(mails[0]!.text).toContain("- Léo Famille\u00a0: cotisation de la saison non enregistrée");

    // The same day and within the week: nothing.
    expect((await runReminders(OCT_15)).filter((s) => s.to === parent.email)).toEqual([]);
    expect((await runReminders(new Date("2026-10-20T08:00:00Z"))).filter((s) => s.to === parent.email)).toEqual([]);
    // A week later, still not solved: again, with both.
    expect(
      (await runReminders(new Date("2026-10-25T08:00:00Z"))).filter((s) => s.to === parent.email).map((s) => s.reasons),
    ).toEqual([["certificate-expiring", "cotisation-unpaid"]]);
    // Karine's certificate is renewed: solved, no longer named.
    await db
      .update(seasonStatuses)
      .set({ healthDocumentReceivedOn: "2026-10-30", healthDocumentValidUntil: "2029-08-31" })
      .where(eq(seasonStatuses.profileId, own.id));
    expect(
      (await runReminders(new Date("2026-11-01T08:00:00Z"))).filter((s) => s.to === parent.email).map((s) => s.reasons),
    ).toEqual([["cotisation-unpaid"]]);
    // Léo's cotisation was named three times: the managers' to-do takes over.
    expect((await runReminders(new Date("2026-11-08T08:00:00Z"))).filter((s) => s.to === parent.email)).toEqual([]);
    expect(await mailsTo(parent.email)).toHaveLength(3);
    const log = await db.select().from(familyReminders).where(eq(familyReminders.ownerId, parent.user.id));
    expect(log.map((l) => l.reasons)).toEqual([
      `certificate-expiring:${own.id},cotisation-unpaid:${child.id}`,
      `certificate-expiring:${own.id},cotisation-unpaid:${child.id}`,
      `cotisation-unpaid:${child.id}`,
    ]);
  });

  it("does not remind an unpaid cotisation in the first month of the season", async () => {
    const early = await createUser({ roles: ["membre"], email: "early.rappel@exemple.fr" });
    const sent = await runReminders(new Date("2026-09-20T08:00:00Z"));
    expect(sent.filter((s) => s.to === early.email)).toEqual([]);
    const later = await runReminders(OCT_15);
    expect(later.filter((s) => s.to === early.email).map((s) => s.reasons)).toEqual([["cotisation-unpaid"]]);
  });
});

describe("the daily job guard", () => {
  it("claims a day once, atomically", async () => {
    expect(await claimDailyRun("guard-test", "2026-10-15")).toBe(true);
    expect(await claimDailyRun("guard-test", "2026-10-15")).toBe(false);
    const both = await Promise.all([
      claimDailyRun("guard-test", "2026-10-16"),
      claimDailyRun("guard-test", "2026-10-16"),
    ]);
    expect(both.filter(Boolean)).toHaveLength(1);
    const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, "guard-test"));
    assert(row);
    expect(row.lastRunOn).toBe("2026-10-16");
  });

  it("runs the reminders once per Paris day whatever the number of runs (restarts), not at night", async () => {
    const late = await createUser({ roles: ["membre"], email: "daily.rappel@exemple.fr" });
    const night = await runDailyReminders(new Date("2026-11-02T04:00:00Z")); // 5:00 in Paris
    expect(night.ran).toBe(false);
    const first = await runDailyReminders(new Date("2026-11-02T09:00:00Z"));
    expect(first.ran).toBe(true);
    expect(first.sent.filter((s) => s.to === late.email).map((s) => s.reasons)).toEqual([["cotisation-unpaid"]]);
    const second = await runDailyReminders(new Date("2026-11-02T15:00:00Z"));
    expect(second).toEqual({ ran: false, sent: [] });
    // The next Paris day runs again, with nothing new to send.
    const nextDay = await runDailyReminders(new Date("2026-11-03T08:30:00Z"));
    expect(nextDay.ran).toBe(true);
    expect(nextDay.sent.filter((s) => s.to === late.email)).toEqual([]);
    expect(await mailsTo(late.email)).toHaveLength(1);
    // 23:30 UTC on the 2nd is already the 3rd in Paris.
    expect(parisDate(new Date("2026-11-02T23:30:00Z"))).toBe("2026-11-03");
  });
});

describe("starting a new season", () => {
  it("keeps history, renews cotisations, carries over only still-valid certificates, once", async () => {
    const a = await createUser({ roles: ["membre"], prenom: "Anne", nom: "Valide" });
    const b = await createUser({ roles: ["membre"], prenom: "Bob", nom: "Expire" });
    const c = await createUser({ roles: ["membre"], prenom: "Clara", nom: "Questionnaire" });
    const [pa, pb, pc] = [await ownProfile(a.user.id), await ownProfile(b.user.id), await ownProfile(c.user.id)];
    assert(pa);
    assert(pb);
    assert(pc);
    const paid = { cotisationPaidOn: "2026-09-10", cotisationAmountCents: 18000, cotisationMeans: "virement" };
    await db.insert(seasonStatuses).values([
      {
        profileId: pa.id,
        season: SEASON,
        ...paid,
        healthDocumentKind: "certificat",
        healthDocumentReceivedOn: "2026-09-10",
        healthDocumentValidUntil: "2029-08-31",
      },
      {
        profileId: pb.id,
        season: SEASON,
        ...paid,
        healthDocumentKind: "certificat",
        healthDocumentReceivedOn: "2024-09-10",
        healthDocumentValidUntil: "2027-08-31",
      },
      {
        profileId: pc.id,
        season: SEASON,
        ...paid,
        healthDocumentKind: "questionnaire",
        healthDocumentReceivedOn: "2026-09-10",
        healthDocumentValidUntil: "2027-08-31",
      },
    ]);
    const admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });

    // In June 2027 the button offers the next season.
    const june = new Date("2027-06-20T10:00:00Z");
    await startSeason(SEASON, null, june).catch(() => undefined);
    expect(await isSeasonStarted(SEASON)).toBe(true);
    expect(await seasonToStart(june)).toBe("2027-2028");

    const result = await startSeason("2027-2028", { id: admin.user.id, prenom: "Alice", nom: "Admin" }, june);
    expect(result.started).toBe(true);
    const next = await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, "2027-2028"));
    const byProfile = new Map(next.map((r) => [r.profileId, r]));
    expect(byProfile.get(pa.id)).toMatchObject({
      healthDocumentKind: "certificat",
      healthDocumentValidUntil: "2029-08-31",
      cotisationPaidOn: null,
    });
    expect(byProfile.has(pb.id)).toBe(false);
    expect(byProfile.has(pc.id)).toBe(false);
    // History kept.
    const kept = await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, SEASON));
    for (const p of [pa, pb, pc]) expect(kept.find((r) => r.profileId === p?.id)?.cotisationPaidOn).toBe("2026-09-10");
    const [started] = await db.select().from(seasonStarts).where(eq(seasonStarts.season, "2027-2028"));
    assert(started);
    expect(started.startedBy).toBe(admin.user.id);
    expect(started.carriedOver).toBeGreaterThanOrEqual(1);

    // Once only.
    expect((await startSeason("2027-2028", null, june)).started).toBe(false);
    expect(await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, "2027-2028"))).toHaveLength(
      next.length,
    );
  });

  it("gives a row recorded early for the new season its carried certificate, keeps one received since, and writes the audit line", async () => {
    const from = "2028-2029";
    const to = "2029-2030";
    const d = await createUser({ roles: ["membre"], prenom: "Dora", nom: "Avance" });
    const e = await createUser({ roles: ["membre"], prenom: "Émile", nom: "Renouvelé" });
    const [pd, pe] = [await ownProfile(d.user.id), await ownProfile(e.user.id)];
    assert(pd);
    assert(pe);
    const certificate = {
      healthDocumentKind: "certificat",
      healthDocumentReceivedOn: "2028-09-05",
      healthDocumentValidUntil: "2031-08-31",
    };
    await db.insert(seasonStatuses).values([
      { profileId: pd.id, season: from, ...certificate },
      { profileId: pe.id, season: from, ...certificate },
      // Both paid the new season early; Émile also brought a questionnaire for it.
      { profileId: pd.id, season: to, cotisationPaidOn: "2029-06-01", cotisationAmountCents: 18000 },
      {
        profileId: pe.id,
        season: to,
        cotisationPaidOn: "2029-06-02",
        healthDocumentKind: "questionnaire",
        healthDocumentReceivedOn: "2029-06-02",
        healthDocumentValidUntil: "2030-08-31",
      },
    ]);
    const admin = await createUser({ roles: ["admin"], prenom: "Alix", nom: "Admin" });

    const result = await startSeason(
      to,
      { id: admin.user.id, prenom: "Alix", nom: "Admin" },
      new Date("2029-07-01T10:00:00Z"),
    );
    expect(result.started).toBe(true);
    const rows = await db.select().from(seasonStatuses).where(eq(seasonStatuses.season, to));
    const byProfile = new Map(rows.map((r) => [r.profileId, r]));
    expect(byProfile.get(pd.id)).toMatchObject({
      ...certificate,
      cotisationPaidOn: "2029-06-01",
      cotisationAmountCents: 18000,
      updatedBy: admin.user.id,
      version: 2,
    });
    expect(byProfile.get(pe.id)).toMatchObject({ healthDocumentKind: "questionnaire", version: 1 });
    // Every other still-valid certificate of the previous season came as a new row.
    expect(result.carriedOver).toBe(rows.filter((r) => r.healthDocumentKind === "certificat").length);
    const [started] = await db.select().from(seasonStarts).where(eq(seasonStarts.season, to));
    expect(started?.carriedOver).toBe(result.carriedOver);
    const [line] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "season.start"))
      .orderBy(desc(auditLog.id));
    expect(line).toMatchObject({ actorId: admin.user.id, actorName: "Alix Admin" });
    expect(line?.summary).toContain(`Saison ${to} démarrée : ${result.carriedOver} certificat`);
  });
});
