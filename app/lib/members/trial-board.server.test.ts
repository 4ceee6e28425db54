/**
 * The managers' board of trial-class requests through the real request
 * handler (/espace-membre/essais): who may open it, the status pipeline with
 * its version check and audit log, the one-click conversion (new account,
 * child's profile, existing account invited, refusals), and the conversion
 * figures per month shown on the dashboard. Fixed clock, no wall time.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, assert, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, outbox, profiles, trialRequests, users } from "#db/schema";
import { app, refusedByGuard } from "../../../tests/helpers/app";
import { createUser } from "../../../tests/helpers/auth";
import { db } from "../core/db.server";
import { firstErrors, type SubmissionResult } from "../http/forms";
import { parisTime } from "../core/time";
import { trialConversion } from "./trial-board.server";

const NOW = Date.UTC(2026, 10, 24, 10, 0);
const PATH = "/espace-membre/essais";

let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let member: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(NOW);
  admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
  manager = await createUser({ roles: ["user_manager"], prenom: "Marc", nom: "Gestion" });
  member = await createUser({ roles: ["membre"] });
});

afterAll(() => {
  vi.useRealTimers();
});

beforeEach(async () => {
  await db.delete(trialRequests);
  await db.delete(outbox);
});

async function request(values: Partial<typeof trialRequests.$inferInsert> = {}) {
  const [row] = await db
    .insert(trialRequests)
    .values({
      sessionDate: "2026-11-25",
      slotId: "adultes-mar",
      startsAt: parisTime("2026-11-25", "20:00"),
      endsAt: parisTime("2026-11-25", "22:00"),
      slotGroup: "Adultes (16 ans et plus)",
      prenom: "Samir",
      nom: "Haddad",
      ageGroup: "adulte",
      email: `samir-${Math.random().toString(36).slice(2, 8)}@exemple.fr`,
      ...values,
    })
    .returning();
  assert(row);
  return row;
}

const resultOf = (res: { data: unknown }) => (res.data as { result: SubmissionResult<string[]> }).result;

describe("who opens the board", () => {
  it("lets admins and user managers in, and sends a member back", async () => {
    await request();
    const page = await app.get(PATH, { as: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ status: "a-traiter", counts: { "a-traiter": 1, inscrit: 0 } });
    expect((await app.get(PATH, { as: manager.cookie })).status).toBe(200);
    expect(refusedByGuard(await app.get(PATH, { as: member.cookie }))).toBe(true);
    expect(refusedByGuard(await app.post(PATH, { intent: "status" }, { as: member.cookie }))).toBe(true);
  });
});

describe("the status pipeline", () => {
  it("moves a request from « à traiter » to « contacté » with a note, in the audit log", async () => {
    const row = await request();
    const res = await app.post(
      PATH,
      {
        intent: "status",
        id: String(row.id),
        version: "1",
        status: "contacte",
        note: "Appelé, viendra mardi.",
        statutListe: "a-traiter",
      },
      { as: manager.cookie },
    );
    expect(res.redirect).toBe(`${PATH}?statut=a-traiter&ok=enregistree#demande-${row.id}`);
    const [after] = await db.select().from(trialRequests).where(eq(trialRequests.id, row.id));
    expect(after).toMatchObject({
      status: "contacte",
      note: "Appelé, viendra mardi.",
      version: 2,
      updatedBy: manager.user.id,
    });
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "trial.status"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.summary).toBe(
      `Demande de cours d'essai n° ${row.id} (Samir Haddad) : À traiter → Contacté ; note modifiée.`,
    );
    const list = await app.get(`${PATH}?statut=contacte`, { as: manager.cookie });
    expect((list.data as { requests: Array<{ id: number }> }).requests.map((r) => r.id)).toEqual([row.id]);
  });

  it("refuses a change based on an outdated page, writing nothing", async () => {
    const row = await request({ status: "contacte", version: 3 });
    const res = await app.post(
      PATH,
      { intent: "status", id: String(row.id), version: "2", status: "abandonne", note: "" },
      { as: admin.cookie },
    );
    expect(res.status).toBe(409);
    expect(firstErrors((res.data as { result: SubmissionResult<string[]> }).result)[""]).toMatch(
      /modifiée par quelqu'un d'autre/,
    );
    const [after] = await db.select().from(trialRequests).where(eq(trialRequests.id, row.id));
    expect(after).toMatchObject({ status: "contacte", version: 3 });
  });

  it("refuses an unknown status", async () => {
    const row = await request();
    const res = await app.post(
      PATH,
      { intent: "status", id: String(row.id), version: "1", status: "perdu" },
      { as: admin.cookie },
    );
    expect(res.status).toBe(400);
    expect(firstErrors(resultOf(res)).status).toBe("Choisissez un statut.");
  });
});

describe("turning a request into a registration, in one click", () => {
  const convert = (row: { id: number; version: number }) =>
    app.post(
      PATH,
      { intent: "convert", id: String(row.id), version: String(row.version), statutListe: "essai-prevu" },
      { as: admin.cookie },
    );

  it("creates the pré-inscrit account of an adult, mails the link to choose a password and where to register, and marks it « inscrit »", async () => {
    const row = await request({ status: "essai-prevu" });
    const res = await convert(row);
    expect(res.redirect).toBe(`${PATH}?statut=essai-prevu&ok=inscrite`);
    const [account] = await db.select().from(users).where(eq(users.email, row.email));
    assert(account);
    expect(account).toMatchObject({ prenom: "Samir", nom: "Haddad", roles: ["pré-inscrit"] });
    const [after] = await db.select().from(trialRequests).where(eq(trialRequests.id, row.id));
    expect(after).toMatchObject({ status: "inscrit", userId: account.id, version: 2 });
    const [welcome] = await db.select().from(outbox).where(eq(outbox.to, row.email));
    expect(welcome?.text).toContain("/reinitialiser-mot-de-passe?token=");
    expect(welcome?.text).toContain("Pour vous inscrire au club pour la saison, continuez ici\u00a0: ");
    expect(welcome?.text).toContain("/espace-membre/inscription");
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "trial.convert"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({ targetUserId: account.id });
  });

  it("creates the parent's account with the child's profile for a child", async () => {
    const row = await request({
      prenom: "Léo",
      nom: "Bernard",
      ageGroup: "enfant",
      parentName: "Claire Bernard",
      email: "claire.b@exemple.fr",
    });
    expect((await convert(row)).redirect).toContain("ok=inscrite");
    const [account] = await db.select().from(users).where(eq(users.email, "claire.b@exemple.fr"));
    assert(account);
    expect({ prenom: account.prenom, nom: account.nom }).toEqual({ prenom: "Claire", nom: "Bernard" });
    const family = await db.select().from(profiles).where(eq(profiles.ownerId, account.id));
    expect(family.map((p) => [p.prenom, p.relationship, p.isSelf]).sort()).toEqual([
      ["Claire", "moi", true],
      ["Léo", "enfant", false],
    ]);
    const [welcome] = await db.select().from(outbox).where(eq(outbox.to, "claire.b@exemple.fr"));
    expect(welcome?.text).toContain("Pour inscrire Léo au club pour la saison");
  });

  it("invites an existing account instead of creating one, adding the child's profile once", async () => {
    const parent = await createUser({ roles: ["membre"], prenom: "Nadia", nom: "Roux" });
    const row = await request({
      prenom: "Tom",
      nom: "Roux",
      ageGroup: "adolescent",
      parentName: "Nadia Roux",
      email: parent.email,
    });
    const before = (await db.select().from(users)).length;
    expect((await convert(row)).redirect).toContain("ok=invitee");
    expect(await db.select().from(users)).toHaveLength(before);
    const family = await db.select().from(profiles).where(eq(profiles.ownerId, parent.user.id));
    expect(family.filter((p) => p.prenom === "Tom")).toHaveLength(1);
    const [invitation] = await db.select().from(outbox).where(eq(outbox.to, parent.email));
    expect(invitation?.subject).toMatch(/^Votre inscription au club /);
    expect(invitation?.text).toContain("Pour inscrire Tom au club pour la saison, continuez ici");
    const [after] = await db.select().from(trialRequests).where(eq(trialRequests.id, row.id));
    expect(after).toMatchObject({ status: "inscrit", userId: parent.user.id });
  });

  it("refuses a second conversion and a request without an e-mail address", async () => {
    const row = await request();
    await convert(row);
    const again = await convert({ id: row.id, version: 2 });
    expect(again.status).toBe(409);
    expect(firstErrors(resultOf(again))[""]).toBe("Cette demande est déjà devenue une inscription.");

    const phoneOnly = await request({ email: "", phone: "06 12 34 56 78" });
    const refused = await convert(phoneOnly);
    expect(refused.status).toBe(400);
    expect(firstErrors(resultOf(refused))[""]).toMatch(/n'a pas d'adresse e-mail/);
    const [after] = await db.select().from(trialRequests).where(eq(trialRequests.id, phoneOnly.id));
    expect(after?.status).toBe("a-traiter");
  });
});

describe("trial-to-member conversion per month", () => {
  it("counts the requests and those now « inscrit » per month of the request, in Paris time", async () => {
    // 31 October 23:30 UTC is already 1 November in Paris.
    await request({ createdAt: new Date(Date.UTC(2026, 9, 31, 23, 30)), status: "inscrit" });
    await request({ createdAt: new Date(Date.UTC(2026, 10, 3, 9, 0)), status: "abandonne" });
    await request({ createdAt: new Date(Date.UTC(2026, 10, 20, 9, 0)), status: "contacte" });
    await request({ createdAt: new Date(Date.UTC(2026, 9, 10, 9, 0)), status: "inscrit" });
    await request({ createdAt: new Date(Date.UTC(2026, 9, 12, 9, 0)), status: "inscrit" });
    await request({ createdAt: new Date(Date.UTC(2025, 10, 1, 9, 0)), status: "inscrit" }); // 13 months ago: outside

    const months = await trialConversion(new Date(NOW));
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe("2025-12");
    expect(months.at(-1)).toEqual({ month: "2026-11", requests: 3, registered: 1, rate: 33 });
    expect(months.at(-2)).toEqual({ month: "2026-10", requests: 2, registered: 2, rate: 100 });
    expect(months.at(-3)).toEqual({ month: "2026-09", requests: 0, registered: 0, rate: null });

    const dashboard = await app.get("/espace-membre/contenu", { as: admin.cookie });
    expect((dashboard.data as { trials: unknown[] }).trials).toEqual(months);
  });
});
