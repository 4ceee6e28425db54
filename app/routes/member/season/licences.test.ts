/**
 * Federation licences through the request handler and real PGlite:
 * a manager types a member's number (bad input refused next to the field,
 * the typed value kept; a number already held refused), imports the
 * federation's list (every line saved, or none with one French error per
 * wrong line and the pasted text kept), and exports licences.csv with the
 * civil identity the family filled, last season's number and the grade, safe
 * for a spreadsheet.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { gradeHistory, profiles, registrationLines, registrations, seasonStatuses } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { defaultSettings } from "~/lib/club/settings-schemas";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { listGrades } from "~/lib/members/grades.server";

type Created = Awaited<ReturnType<typeof createUser>>;
const SEASON = defaultSettings.campaign.season; // 2026-2027
const PATH = "/espace-membre/saison/licences";
let admin: Created;
let parent: Created;
let self: number;
let emma: number;
let hugo: number;
let outsider: number;

const numbers = async () =>
  Object.fromEntries(
    (
      await db
        .select({ profileId: seasonStatuses.profileId, n: seasonStatuses.licenceNumber })
        .from(seasonStatuses)
        .where(eq(seasonStatuses.season, SEASON))
    ).map((r) => [r.profileId, r.n]),
  );

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"] });
  parent = await createUser({ roles: ["membre"], prenom: "Linh", nom: "Lê", email: "famille-le@exemple.fr" });
  const [own] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.ownerId, parent.user.id), eq(profiles.isSelf, true)));
  self = own!.id;
  await db.update(profiles).set({ phone: "06 11 22 33 44", dateOfBirth: "1985-02-03" }).where(eq(profiles.id, self));
  const kids = await db
    .insert(profiles)
    .values([
      {
        ownerId: parent.user.id,
        prenom: "Émma-Rose",
        nom: "Lê",
        relationship: "enfant",
        dateOfBirth: "2014-07-09",
        sex: "f",
        birthName: "Nguyễn",
        placeOfBirth: "Boulogne-Billancourt (92)",
        nationality: "française",
        address: '=HYPERLINK("http://mal.example");12 rue "du" Parc',
        postalCode: "92100",
        city: "Boulogne-Billancourt",
      },
      { ownerId: parent.user.id, prenom: "Hugo", nom: "Lê", relationship: "enfant", dateOfBirth: "2016-01-31" },
      // A profile of the family that is not registered this season.
      { ownerId: parent.user.id, prenom: "Anh", nom: "Lê", relationship: "conjoint", dateOfBirth: "1984-10-10" },
    ])
    .returning();
  [emma, hugo, outsider] = kids.map((k) => k.id) as [number, number, number];
  const [reg] = await db
    .insert(registrations)
    .values({ ownerId: parent.user.id, season: SEASON, status: "en-attente", totalCents: 63000 })
    .returning();
  await db.insert(registrationLines).values(
    [self, emma, hugo].map((profileId) => ({
      registrationId: reg!.id,
      profileId,
      groupName: "Enfants (6-11 ans)",
      priceCents: 21000,
      amountCents: 21000,
    })),
  );
  // Last season's number and a grade for Emma.
  await db.insert(seasonStatuses).values({ profileId: emma, season: "2025-2026", licenceNumber: "FK-2025-0042" });
  const [firstGrade] = await listGrades();
  await db.insert(gradeHistory).values({ profileId: emma, gradeId: firstGrade!.id, awardedOn: "2026-06-20" });
});

describe("a manager types a licence number", () => {
  it("refuses bad input next to the field, keeping what was typed, and saves a good number", async () => {
    const bad = await app.post(
      PATH,
      { intent: "number", profileId: String(hugo), licenceNumber: "#??" },
      { as: admin },
    );
    expect(bad.status).toBe(400);
    const result = (bad.data as { result: SubmissionResult<string[]> }).result;
    expect(firstErrors(result).licenceNumber).toBe(
      "Numéro de licence invalide : 2 à 30 lettres, chiffres, espaces, points, barres obliques ou tirets.",
    );
    expect(result.initialValue).toMatchObject({ licenceNumber: "#??" });
    expect((await numbers())[hugo]).toBeUndefined();

    const ok = await app.post(
      PATH,
      { intent: "number", profileId: String(hugo), licenceNumber: " fk-2026-0007 " },
      { as: admin },
    );
    expect(ok.redirect).toBe(`${PATH}?ok=numero`);
    expect((await numbers())[hugo]).toBe("FK-2026-0007");
  });

  it("refuses a number another member holds this season, and a member who is not registered", async () => {
    const taken = await app.post(
      PATH,
      { intent: "number", profileId: String(self), licenceNumber: "FK-2026-0007" },
      { as: admin },
    );
    expect(taken.status).toBe(400);
    expect(firstErrors((taken.data as { result: never }).result).licenceNumber).toBe(
      "Le numéro FK-2026-0007 est déjà celui de Hugo Lê pour cette saison.",
    );
    const notRegistered = await app.post(
      PATH,
      { intent: "number", profileId: String(outsider), licenceNumber: "FK-1" },
      { as: admin },
    );
    expect(firstErrors((notRegistered.data as { result: never }).result).licenceNumber).toContain(
      "n'est pas inscrit pour la saison 2026-2027",
    );
    expect((await numbers())[self]).toBeUndefined();
  });

  it("is for the managers only", async () => {
    const res = await app.post(
      PATH,
      { intent: "number", profileId: String(hugo), licenceNumber: "X1" },
      { as: parent },
    );
    expect(res.redirect).toBe("/espace-membre");
    expect((await numbers())[hugo]).toBe("FK-2026-0007");
  });
});

describe("importing the federation's list", () => {
  it("saves nothing while a line is wrong, says what is wrong on each line, and keeps the pasted text", async () => {
    const csv = [
      "Nom;Prénom;Date de naissance;Licence",
      "LE;emma rose;09/07/2014;FK-2026-0100", // accents, case and hyphen differ: matched
      "Lê;Linh;03/02/1985", // a value missing
      "Lê;Linh;31/02/1985;FK-2026-0101", // no such day
      "Martin;Paul;01/01/2010;FK-2026-0102", // nobody registered
      "Lê;Anh;10/10/1984;FK-2026-0103", // in the family, not registered
      "Nguyễn;Émma-Rose;2014-07-09;FK-2026-0104", // by her birth name: the same member twice
      "Lê;Linh;1985-02-03;FK-2026-0007", // Hugo's number
    ].join("\n");
    const res = await app.post(PATH, { intent: "import", csv }, { as: admin });
    expect(res.status).toBe(400);
    const result = (res.data as { result: SubmissionResult<string[]> }).result;
    expect(result.error?.csv).toEqual([
      "Ligne 3 : écrivez « nom ; prénom ; date de naissance ; numéro de licence » (4 valeurs séparées par « ; »).",
      "Ligne 4 : date de naissance « 31/02/1985 » illisible (écrivez-la JJ/MM/AAAA).",
      "Ligne 5 : aucun membre inscrit pour la saison 2026-2027 ne correspond à Paul Martin (1er janvier 2010).",
      "Ligne 6 : aucun membre inscrit pour la saison 2026-2027 ne correspond à Anh Lê (10 octobre 1984).",
      "Ligne 7 : Émma-Rose Nguyễn figure déjà ligne 2.",
      "Ligne 8 : le numéro FK-2026-0007 est déjà celui de Hugo Lê pour cette saison.",
    ]);
    // Kept as pasted (a form sends its line breaks as CR LF).
    expect(String((result.initialValue as { csv: string }).csv).replace(/\r\n/g, "\n")).toBe(csv);
    const after = await numbers();
    expect(after[emma]).toBeUndefined();
    expect(after[self]).toBeUndefined();
  });

  it("matches every line to one registered member and saves them together", async () => {
    const csv = "LE,emma rose,9/7/2014,fk-2026-0100\r\nLê,Linh,03/02/1985,FK-2026-0101\r\n\r\n";
    const res = await app.post(PATH, { intent: "import", csv }, { as: admin });
    expect(res.redirect).toBe(`${PATH}?importees=2`);
    expect(await numbers()).toMatchObject({ [emma]: "FK-2026-0100", [self]: "FK-2026-0101", [hugo]: "FK-2026-0007" });
    const page = await app.get<{
      notice: string;
      members: { name: string; licenceNumber: string; toFill: string[] }[];
    }>(`${PATH}?importees=2`, { as: admin });
    expect(page.data.notice).toBe("2 numéros de licence importés.");
    expect(page.data.members.find((m) => m.name === "Hugo Lê")).toMatchObject({
      licenceNumber: "FK-2026-0007",
      toFill: ["sexe", "lieu de naissance", "nationalité", "adresse"],
    });
    expect(page.data.members.find((m) => m.name === "Émma-Rose Lê")?.toFill).toEqual([]);
  });

  it("refuses an empty list next to the field", async () => {
    const res = await app.post(PATH, { intent: "import", csv: "  " }, { as: admin });
    expect(firstErrors((res.data as { result: never }).result).csv).toBe("Collez la liste des licences.");
  });
});

describe("licences.csv", () => {
  it("carries the licence form's fields, last season's number and the grade, safe for a spreadsheet", async () => {
    const res = await app.fetch("/espace-membre/saison/export/licences.csv", { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split("\r\n");
    const page = await app.get<{ columns: { title: string }[] }>(PATH, { as: admin });
    expect(lines[0]).toBe(page.data.columns.map((c) => c.title).join(";"));
    const grade = (await listGrades())[0]!;
    expect(lines).toContain(
      [
        "FK-2026-0100",
        "FK-2025-0042",
        "Nguyễn",
        "Lê",
        "Émma-Rose",
        "F",
        "09/07/2014",
        "Boulogne-Billancourt (92)",
        "française",
        // Formula neutralised, then quoted (it holds « ; » and quotes).
        `"'=HYPERLINK(""http://mal.example"");12 rue ""du"" Parc"`,
        "92100",
        "Boulogne-Billancourt",
        "06 11 22 33 44", // the account holder's phone
        "famille-le@exemple.fr",
        `${grade.vietnameseName} (${grade.frenchName})`,
        "Enfants (6-11 ans)",
        "en attente",
        "Attestation du questionnaire de santé à fournir",
        "Linh Lê",
      ].join(";"),
    );
    expect(lines.find((l) => l.startsWith("FK-2026-0007;"))).toBe(
      "FK-2026-0007;;Lê;Lê;Hugo;;31/01/2016;;;;;;06 11 22 33 44;famille-le@exemple.fr;;Enfants (6-11 ans);en attente;Attestation du questionnaire de santé à fournir;Linh Lê",
    );
    expect(lines).toHaveLength(4);
  });
});
