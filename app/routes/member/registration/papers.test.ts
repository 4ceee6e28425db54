/**
 * The season's papers through the real request handler on a
 * real database: a family sends a medical certificate (PDF, JPEG or PNG, size
 * limit, French refusals), only it and the managers can open the file (sent
 * privately), a manager's decision updates the computed medical status or
 * mails the reason, files are deleted at the end of their retention (fake
 * clock), and a refused aid removes its deduction from the amount due.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog, outbox, profiles, registrationLines, registrations, seasonDocuments } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { setSetting } from "~/lib/club/settings.server";
import { TEST_CLUB } from "../../../../tests/helpers/test-club";
import { storage } from "~/lib/content/storage.server";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors } from "~/lib/http/forms";
import { recordManualPayment } from "~/lib/members/manual-payments.server";
import { submitRegistration } from "~/lib/members/registrations.server";
import { purgeSeasonFiles } from "~/lib/members/season-documents-purge.server";

type Created = Awaited<ReturnType<typeof createUser>>;
let admin: Created;
const SEASON = "2026-2027";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

beforeAll(async () => {
  await seedDatabase();
  await setSetting("campaign", { ...TEST_CLUB.campaign, open: true });
  admin = await createUser({ roles: ["admin"], prenom: "Anh", nom: "Tran" });
});

/** A family with its adult registered for the campaign's season (optionally with the Pass'Sport aid). */
async function registeredFamily(aid = false) {
  const parent = await createUser({ roles: ["membre"], prenom: "Lan", nom: "Nguyen" });
  const [self] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  const registrationId = await submitRegistration(parent.user.id, SEASON, {
    instalments: 1,
    aidCodes: aid ? ["PASS-SPORT"] : [],
    lines: [
      {
        profileId: self!.id,
        groupName: "Adultes (16 ans et plus)",
        priceCents: 25000,
        discountCents: 0,
        aidCents: aid ? 5000 : 0,
        aidCode: aid ? "PASS-SPORT" : null,
        parentalAuthorisation: false,
        photoConsent: "non",
        rulesVersion: "2026-1",
        emergencyContacts: "Minh 06 12 34 56 78",
      },
    ],
  });
  return { parent, profileId: self!.id, registrationId };
}

function upload(
  profileId: number,
  bytes: Uint8Array<ArrayBuffer>,
  name = "certificat.pdf",
  over: Record<string, string> = {},
) {
  const form = new FormData();
  form.set("intent", "health");
  form.set("profileId", String(profileId));
  form.set("kind", "certificat");
  form.set("documentDate", "2025-10-01");
  for (const [k, v] of Object.entries(over)) form.set(k, v);
  form.set("file", new Blob([bytes]), name);
  return form;
}

async function sentDocument(profileId: number) {
  const [doc] = await db.select().from(seasonDocuments).where(eq(seasonDocuments.profileId, profileId));
  return doc!;
}

type PapersPage = {
  profiles: { profileId: number; medical: string; documents: { id: number; state: string; hasFile: boolean }[] }[];
};
type ReviewPage = {
  health: { id: number; version: number; name: string }[];
  aids: { lineId: number; proofs: { reference: string }[] }[];
};

describe("medical papers", () => {
  it("are sent by the family, and only the family and the managers can open the file, never cached by a shared cache", async () => {
    const f = await registeredFamily();
    const sent = await app.post("/espace-membre/inscription/pieces", upload(f.profileId, PDF), { as: f.parent });
    expect(sent.redirect).toBe(`/espace-membre/inscription/pieces?ok=sante#profil-${f.profileId}`);
    const doc = await sentDocument(f.profileId);
    expect(doc).toMatchObject({
      kind: "certificat",
      documentDate: "2025-10-01",
      state: "a-verifier",
      contentType: "application/pdf",
    });

    const own = await app.fetch(`/espace-membre/inscription/pieces/${doc.id}`, { as: f.parent });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PDF);
    expect((await app.fetch(`/espace-membre/inscription/pieces/${doc.id}`, { as: admin })).status).toBe(200);

    const stranger = await createUser({ roles: ["membre"] });
    const refused = await app.fetch(`/espace-membre/inscription/pieces/${doc.id}`, { as: stranger });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toBe("Document introuvable.");
    const anonymous = await app.fetch(`/espace-membre/inscription/pieces/${doc.id}`);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/connexion");
  });

  it("refuse, in French, a file that is not a PDF, a JPEG or a PNG, one too large, a future date, and a profile of another family", async () => {
    const f = await registeredFamily();
    const text = await app.post(
      "/espace-membre/inscription/pieces",
      upload(f.profileId, new TextEncoder().encode("bonjour"), "faux.pdf"),
      { as: f.parent },
    );
    expect(text.status).toBe(400);
    expect(firstErrors((text.data as { result: never }).result).file).toBe(
      "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
    );

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const tooBig = await app.post("/espace-membre/inscription/pieces", upload(f.profileId, big), { as: f.parent });
    expect(tooBig.status).toBe(413);
    expect(firstErrors((tooBig.data as { result: never }).result).file).toContain("trop volumineux");

    const future = await app.post(
      "/espace-membre/inscription/pieces",
      upload(f.profileId, PDF, "c.pdf", { documentDate: "2999-01-01" }),
      { as: f.parent },
    );
    expect(firstErrors((future.data as { result: never }).result).documentDate).toBe(
      "La date ne peut pas être dans le futur.",
    );

    const other = await registeredFamily();
    const foreign = await app.post("/espace-membre/inscription/pieces", upload(other.profileId, PDF), { as: f.parent });
    expect(foreign.status).toBe(403);
    expect(await db.select().from(seasonDocuments).where(eq(seasonDocuments.profileId, other.profileId))).toHaveLength(
      0,
    );
    expect(await db.select().from(seasonDocuments).where(eq(seasonDocuments.profileId, f.profileId))).toHaveLength(0);
  });

  it("accepted by a manager, make the computed medical status ok; a second decision on the same paper is refused", async () => {
    const f = await registeredFamily();
    await app.post("/espace-membre/inscription/pieces", upload(f.profileId, PNG, "photo.png"), { as: f.parent });
    const before = await app.get<PapersPage>("/espace-membre/inscription/pieces", { as: f.parent });
    expect(before.data.profiles[0]!.medical).toBe("certificate-due");

    const review = await app.get<ReviewPage>("/espace-membre/saison/pieces", { as: admin });
    const doc = await sentDocument(f.profileId);
    expect(review.data.health.find((h) => h.id === doc.id)).toMatchObject({ name: "Lan Nguyen", version: 1 });
    const accepted = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "accept-health", documentId: String(doc.id), version: "1" },
      { as: admin },
    );
    expect(accepted.redirect).toBe("/espace-membre/saison/pieces?ok=sante-acceptee");

    const after = await app.get<PapersPage>("/espace-membre/inscription/pieces", { as: f.parent });
    expect(after.data.profiles[0]!.medical).toBe("ok");
    expect((await sentDocument(f.profileId)).deleteFileOn).toBe("2028-10-01");
    const again = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-health", documentId: String(doc.id), version: "1", reason: "Illisible" },
      { as: admin },
    );
    expect(again.status).toBe(409);
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "season-document.accept"), eq(auditLog.targetProfileId, f.profileId)));
    expect(audits).toHaveLength(1);
  });

  it("refused by a manager, are deleted at once and the reason is mailed to the family", async () => {
    const f = await registeredFamily();
    await app.post("/espace-membre/inscription/pieces", upload(f.profileId, PDF), { as: f.parent });
    const doc = await sentDocument(f.profileId);
    const noReason = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-health", documentId: String(doc.id), version: "1", reason: "" },
      { as: admin },
    );
    expect(firstErrors((noReason.data as { result: never }).result).reason).toBe(
      "Indiquez la raison du refus : elle est envoyée à la famille.",
    );

    await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-health", documentId: String(doc.id), version: "1", reason: "Le certificat n'est pas signé." },
      { as: admin },
    );
    const refused = await sentDocument(f.profileId);
    expect(refused).toMatchObject({ state: "refusee", reason: "Le certificat n'est pas signé." });
    expect(refused.fileDeletedAt).not.toBeNull();
    expect(await storage().get(doc.storageKey!)).toBeNull();
    expect((await app.fetch(`/espace-membre/inscription/pieces/${doc.id}`, { as: f.parent })).status).toBe(404);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, f.parent.email));
    expect(mail!.text).toContain("Le certificat n'est pas signé.");
    expect(mail!.text).toContain("/espace-membre/inscription/pieces");
  });

  it("are deleted when their retention ends, and with their profile, by the daily purge", async () => {
    const f = await registeredFamily();
    await app.post("/espace-membre/inscription/pieces", upload(f.profileId, PDF), { as: f.parent });
    const doc = await sentDocument(f.profileId);
    // Never reviewed: kept until the season's last day (31 August 2027), deleted the day after.
    expect(doc.deleteFileOn).toBe("2027-09-01");
    await purgeSeasonFiles(new Date("2027-08-31T12:00:00Z"));
    expect(await storage().get(doc.storageKey!)).not.toBeNull();
    await purgeSeasonFiles(new Date("2027-09-01T12:00:00Z"));
    expect(await storage().get(doc.storageKey!)).toBeNull();
    expect((await sentDocument(f.profileId)).fileDeletedAt).not.toBeNull();

    const g = await registeredFamily();
    await app.post("/espace-membre/inscription/pieces", upload(g.profileId, PDF), { as: g.parent });
    const gone = await sentDocument(g.profileId);
    await db.delete(registrationLines).where(eq(registrationLines.profileId, g.profileId));
    await db.delete(profiles).where(eq(profiles.id, g.profileId));
    await purgeSeasonFiles(new Date("2026-11-01T12:00:00Z"));
    expect(await storage().get(gone.storageKey!)).toBeNull();
    expect(await db.select().from(seasonDocuments).where(eq(seasonDocuments.id, gone.id))).toHaveLength(0);
  });
});

describe("aids", () => {
  it("get their proof from the family, as a number or a file, and are listed for the managers", async () => {
    const f = await registeredFamily(true);
    const empty = await app.post(
      "/espace-membre/inscription/pieces",
      { intent: "aid", profileId: String(f.profileId), reference: "" },
      { as: f.parent },
    );
    expect(firstErrors((empty.data as { result: never }).result).reference).toBe(
      "Joignez le justificatif ou indiquez son numéro.",
    );
    const given = await app.post(
      "/espace-membre/inscription/pieces",
      { intent: "aid", profileId: String(f.profileId), reference: "PS-2026-ABCD" },
      { as: f.parent },
    );
    expect(given.redirect).toBe(`/espace-membre/inscription/pieces?ok=aide#profil-${f.profileId}`);
    const review = await app.get<ReviewPage>("/espace-membre/saison/pieces", { as: admin });
    const [line] = await db.select().from(registrationLines).where(eq(registrationLines.profileId, f.profileId));
    expect(review.data.aids.find((a) => a.lineId === line!.id)?.proofs.map((p) => p.reference)).toEqual([
      "PS-2026-ABCD",
    ]);
    const accepted = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "accept-aid", lineId: String(line!.id) },
      { as: admin },
    );
    expect(accepted.redirect).toBe("/espace-membre/saison/pieces?ok=aide-acceptee");
    const [reg] = await db.select().from(registrations).where(eq(registrations.id, f.registrationId));
    expect(reg!.totalCents).toBe(20000);
  });

  it("refused by a manager lose their deduction: the amount due is recomputed and the reason mailed", async () => {
    const f = await registeredFamily(true);
    const [line] = await db.select().from(registrationLines).where(eq(registrationLines.profileId, f.profileId));
    const refused = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-aid", lineId: String(line!.id), reason: "Le code Pass'Sport est déjà utilisé." },
      { as: admin },
    );
    expect(refused.redirect).toBe("/espace-membre/saison/pieces?ok=aide-refusee");
    const [after] = await db.select().from(registrationLines).where(eq(registrationLines.id, line!.id));
    expect(after).toMatchObject({ aidStatus: "refusee", aidCents: 0, amountCents: 25000 });
    const [reg] = await db.select().from(registrations).where(eq(registrations.id, f.registrationId));
    expect(reg!.totalCents).toBe(25000);
    const [mail] = await db.select().from(outbox).where(eq(outbox.to, f.parent.email));
    expect(mail!.text).toContain("Le code Pass'Sport est déjà utilisé.");
    expect(mail!.text).toContain("s'élève désormais à 250\u00a0€.");
    const page = await app.get<ReviewPage>("/espace-membre/saison/pieces", { as: admin });
    expect(page.data.aids.some((a) => a.lineId === line!.id)).toBe(false);
  });

  it("refused after the registration was paid reopen it for the rest", async () => {
    const f = await registeredFamily(true);
    await recordManualPayment(
      admin.user,
      {
        registrationId: f.registrationId,
        method: "cheque",
        amountCents: 20000,
        receivedOn: "2026-09-10",
        reference: "",
      },
      new Date("2026-09-10T10:00:00Z"),
    );
    expect((await db.select().from(registrations).where(eq(registrations.id, f.registrationId)))[0]!.status).toBe(
      "payee",
    );
    const [line] = await db.select().from(registrationLines).where(eq(registrationLines.profileId, f.profileId));
    await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-aid", lineId: String(line!.id), reason: "Aide non valable pour ce club." },
      { as: admin },
    );
    const [reg] = await db.select().from(registrations).where(eq(registrations.id, f.registrationId));
    expect(reg).toMatchObject({ status: "en-attente", totalCents: 25000 });
    const mail = (
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, f.parent.email)))
    ).find(
      (m) => !m.subject.endsWith("paiement reçu"), // the cheque's receipt came first
    );
    expect(mail!.text).toContain("dont 50\u00a0€ restent à payer");
    const rest = await recordManualPayment(
      admin.user,
      {
        registrationId: f.registrationId,
        method: "especes",
        amountCents: 5000,
        receivedOn: "2026-09-12",
        reference: "",
      },
      new Date("2026-09-12T10:00:00Z"),
    );
    expect(rest.paid).toBe(true);
  });

  it("are decided only by the season's managers", async () => {
    const f = await registeredFamily(true);
    const [line] = await db.select().from(registrationLines).where(eq(registrationLines.profileId, f.profileId));
    const member = await app.post(
      "/espace-membre/saison/pieces",
      { intent: "refuse-aid", lineId: String(line!.id), reason: "x" },
      { as: f.parent },
    );
    expect(member.redirect).toBe("/espace-membre");
    expect((await db.select().from(registrationLines).where(eq(registrationLines.id, line!.id)))[0]!.aidStatus).toBe(
      "a-verifier",
    );
  });
});
