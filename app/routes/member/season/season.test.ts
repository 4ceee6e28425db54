/**
 * The managers' follow-up of the season through the request handler: counts
 * per group (registered, paid, medically compliant, awaiting payment), the
 * medical status computed from the dates received, and the CSV exports
 * (licences, paid members, parents' e-mails by group, takings by method).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { profiles, seasonStatuses } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { readPdf } from "../../../../tests/helpers/pdf-text";
import { db } from "~/lib/core/db.server";
import { setSetting } from "~/lib/club/settings.server";
import { defaultSettings } from "~/lib/club/settings-schemas";
import { seedDatabase } from "~/lib/core/seed.server";
import { submitRegistration } from "~/lib/members/registrations.server";
import { recordManualPayment } from "~/lib/members/manual-payments.server";

type Created = Awaited<ReturnType<typeof createUser>>;
let admin: Created;
let familyA: Created;
let familyB: Created;
const SEASON = defaultSettings.campaign.season;

beforeAll(async () => {
  await seedDatabase();
  await setSetting("campaign", { ...defaultSettings.campaign, open: true });
  admin = await createUser({ roles: ["admin"] });
  // Family A: an adult with a certificate of this season (paid by cheque), a child without the attestation.
  const a = await createUser({ roles: ["membre"], prenom: "=Lan", nom: "Nguyen", email: "famille-a@exemple.fr" });
  familyA = a;
  const [aSelf] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, a.user.id), eq(profiles.isSelf, true)));
  const [aKid] = await db
    .insert(profiles)
    .values({ ownerId: a.user.id, prenom: "Bao", nom: "Nguyen", relationship: "enfant", dateOfBirth: "2016-05-04" })
    .returning();
  await db.insert(seasonStatuses).values({
    profileId: aSelf!.id,
    season: SEASON,
    healthDocumentKind: "certificat",
    healthDocumentReceivedOn: "2026-09-02",
  });
  const line = (profileId: number, groupName: string, priceCents: number) => ({
    profileId,
    groupName,
    priceCents,
    discountCents: 0,
    aidCents: 0,
    parentalAuthorisation: true,
    photoConsent: "non" as const,
    rulesVersion: "2026-1",
    emergencyContacts: "06 00 00 00 00",
  });
  const regA = await submitRegistration(a.user.id, SEASON, {
    lines: [line(aSelf!.id, "Adultes (16 ans et plus)", 25000), line(aKid!.id, "Enfants (6-11 ans)", 19000)],
    instalments: 1,
    aidCodes: [],
  });
  await recordManualPayment(
    admin.user,
    { registrationId: regA, method: "cheque", amountCents: 44000, receivedOn: "2026-09-05", reference: "" },
    new Date("2026-09-05T10:00:00Z"),
  );
  // Family B: a child with the parent's attestation, not paid.
  const b = await createUser({ roles: ["membre"], email: "famille-b@exemple.fr" });
  familyB = b;
  const [bKid] = await db
    .insert(profiles)
    .values({ ownerId: b.user.id, prenom: "Chi", nom: "Pham", relationship: "enfant", dateOfBirth: "2017-02-01" })
    .returning();
  await db.insert(seasonStatuses).values({
    profileId: bKid!.id,
    season: SEASON,
    healthDocumentKind: "questionnaire",
    healthDocumentReceivedOn: "2026-09-03",
  });
  await submitRegistration(b.user.id, SEASON, {
    lines: [line(bKid!.id, "Enfants (6-11 ans)", 19000)],
    instalments: 1,
    aidCodes: [],
  });
});

describe("the season's follow-up", () => {
  it("counts per group the registered, paid, compliant and awaiting members", async () => {
    const page = await app.get<{ groups: unknown[]; members: { name: string; medical: string; paid: boolean }[] }>(
      "/espace-membre/saison",
      { as: admin },
    );
    expect(page.data.groups).toEqual([
      { group: "Adultes (16 ans et plus)", registered: 1, paid: 1, compliant: 1, pending: 0 },
      { group: "Enfants (6-11 ans)", registered: 2, paid: 1, compliant: 1, pending: 1 },
    ]);
    expect(page.data.members.map((m) => [m.name, m.paid, m.medical])).toEqual([
      ["=Lan Nguyen", true, "ok"],
      ["Bao Nguyen", true, "attestation-due"],
      ["Chi Pham", false, "ok"],
    ]);
  });

  it("shows the season's counts, in all and per group, on the managers' dashboard", async () => {
    const page = await app.get<{ season: Record<string, unknown> }>("/espace-membre/contenu", { as: admin });
    expect(page.data.season).toEqual({
      season: SEASON,
      registered: 3,
      paid: 2,
      awaitingFamilies: 1,
      medicalIncomplete: 1,
      unmatchedPayments: 0,
      papersToCheck: 0,
      paymentAlerts: 0,
      groups: [
        { group: "Adultes (16 ans et plus)", registered: 1, paid: 1, compliant: 1, pending: 0 },
        { group: "Enfants (6-11 ans)", registered: 2, paid: 1, compliant: 1, pending: 1 },
      ],
    });
  });

  it("is for the managers only", async () => {
    const member = await createUser({ roles: ["membre"] });
    expect((await app.get("/espace-membre/saison", { as: member })).redirect).toBe("/espace-membre");
    expect(
      (await app.fetch("/espace-membre/saison/export/licences.csv", { headers: { cookie: member.cookie } })).status,
    ).toBe(302);
  });

  it("exports the licence list, the paid members, the parents' e-mails by group and the takings", async () => {
    const get = async (file: string) => {
      const res = await app.fetch(`/espace-membre/saison/export/${file}`, { headers: { cookie: admin.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      return new TextDecoder().decode(bytes).trim().split("\r\n");
    };
    const licences = await get("licences.csv");
    // The licence form's columns (licences.test.ts checks each of them with a filled profile).
    expect(licences[0]).toBe(
      "Numéro de licence;Licence précédente;Nom de naissance;Nom d'usage;Prénoms;Sexe;Date de naissance;Lieu de naissance;Nationalité;Adresse;Code postal;Ville;Téléphone;E-mail;Grade;Groupe;Cotisation;Dossier médical;Responsable",
    );
    expect(licences.find((l) => l.includes(";'=Lan;"))).toMatch(
      /^;;Nguyen;Nguyen;'=Lan;;;;;;;;[^;]*;famille-a@exemple\.fr;;Adultes \(16 ans et plus\);payée;En règle;'=Lan Nguyen$/,
    );
    expect(licences.find((l) => l.includes(";Bao;"))).toMatch(
      /^;;Nguyen;Nguyen;Bao;;04\/05\/2016;;;;;;[^;]*;famille-a@exemple\.fr;;Enfants \(6-11 ans\);payée;Attestation du questionnaire de santé à fournir;'=Lan Nguyen$/,
    );
    expect(await get("payes.csv")).toHaveLength(3);
    expect(await get("emails-parents.csv")).toEqual([
      "Groupe;Adresses (à coller en copie cachée)",
      "Adultes (16 ans et plus);famille-a@exemple.fr",
      "Enfants (6-11 ans);famille-a@exemple.fr, famille-b@exemple.fr",
    ]);
    expect(await get("recettes.csv")).toEqual([
      "Moyen de paiement;Nombre;Montant (euros)",
      "chèque;1;440,00",
      "Total;1;440,00",
    ]);
    expect(
      (await app.fetch("/espace-membre/saison/export/autre.csv", { headers: { cookie: admin.cookie } })).status,
    ).toBe(404);
  });
});

describe("the payment certificate", () => {
  it("is a PDF of the paid registration, its members and payments, for its own family only", async () => {
    const res = await app.fetch("/espace-membre/inscription/attestation.pdf", { headers: { cookie: familyA.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(bytes).toString("latin1").trimEnd().endsWith("%%EOF")).toBe(true);
    // Read back as a PDF reader would: accents, « : », € and no-break spaces whole.
    const { lines, title } = await readPdf(bytes);
    expect(title).toBe(`Attestation de paiement\u00a0: saison ${SEASON}`);
    expect(lines).toContain(`Attestation de paiement\u00a0: saison ${SEASON}`);
    expect(lines.some((l) => l.startsWith("• Bao Nguyen, Enfants (6-11 ans)"))).toBe(true);
    expect(lines.some((l) => /chèque, 440[\u00a0\u202f]€$/.test(l))).toBe(true);
    expect(lines.join(" ")).toContain("n'ouvre pas droit à la réduction d'impôt des dons.");
    const notPaid = await app.fetch("/espace-membre/inscription/attestation.pdf", {
      headers: { cookie: familyB.cookie },
    });
    expect(notPaid.status).toBe(404);
  });
});

describe("combined reminders", () => {
  it("send one e-mail per family listing what is left, at most weekly, and stop once solved", async () => {
    // The one reminders mechanism (reminders.server.ts), turned on for the season as on the page /utilisateurs/rappels.
    const { runReminders: runSeasonReminders } = await import("~/lib/members/reminders.server");
    expect(await runSeasonReminders(new Date("2026-09-20T10:00:00Z"))).toEqual([]);
    await setSetting("reminders", { seasons: [SEASON] });
    const { familyReminders, outbox, registrations } = await import("#db/schema");
    const day = new Date("2026-09-20T10:00:00Z");
    const first = await runSeasonReminders(day);
    const byEmail = Object.fromEntries(first.map((r) => [r.to, r.reasons]));
    // A: paid, Bao's attestation missing; B: unpaid, papers fine.
    expect(byEmail["famille-a@exemple.fr"]).toEqual(["medical"]);
    expect(byEmail["famille-b@exemple.fr"]).toEqual(["unpaid"]);
    const mail = (await db.select().from(outbox).where(eq(outbox.to, "famille-a@exemple.fr"))).find(
      (m) => !m.subject.endsWith("paiement reçu"), // the cheque's receipt came first
    );
    expect(mail!.text).toContain("Bao Nguyen\u00a0: attestation du questionnaire de santé à fournir");
    // Not again within the week.
    expect(await runSeasonReminders(new Date("2026-09-23T10:00:00Z"))).toEqual([]);
    // Solved for B (paid): no more reminders; A still gets one a week later.
    await db.update(registrations).set({ status: "payee" }).where(eq(registrations.ownerId, familyB.user.id));
    const later = await runSeasonReminders(new Date("2026-09-28T10:00:00Z"));
    expect(later.map((r) => r.to)).toEqual(["famille-a@exemple.fr"]);
    const log = await db.select().from(familyReminders).where(eq(familyReminders.ownerId, familyA.user.id));
    expect(log.map((l) => l.reasons)).toEqual([
      expect.stringMatching(/^medical:\d+$/),
      expect.stringMatching(/^medical:\d+$/),
    ]);
  });
});

describe("the managers' to-do", () => {
  it("lists the HelloAsso payments to reconcile, until a manager decides", async () => {
    const { derivedTasks } = await import("~/lib/members/todo.server");
    const { payments } = await import("#db/schema");
    const [p] = await db
      .insert(payments)
      .values({
        registrationId: null,
        season: "",
        method: "helloasso",
        amountCents: 19000,
        state: "a-rapprocher",
        orderId: 777001,
        payerName: "Hoa Pham",
      })
      .returning();
    const tasks = async () => (await derivedTasks()).groups.find((g) => g.id === "paiements")!.tasks;
    expect((await tasks()).map((t) => t.label)).toContain("Rapprocher le paiement de 190\u00a0€ de Hoa Pham");
    const { decideRefund } = await import("~/lib/members/manual-payments.server");
    await decideRefund(admin.user, p!.id);
    expect((await tasks()).map((t) => t.key)).not.toContain(`pay-${p!.id}`);
  });
});
