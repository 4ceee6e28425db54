/**
 * Import from the former Firebase site: a realistic export made here (accounts
 * hashed with Firebase's modified scrypt from known parameters, Google-linked
 * and disabled accounts, Firestore documents with each role), imported, then
 * the members sign in through the real sign-in form with their old passwords.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { accounts, auditLog, profiles, seasonStatuses, users } from "#db/schema";
import { app } from "../../../../tests/helpers/app";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "../../core/db.server";
import { resetRateLimits } from "../../http/rate-limit.server";
import { getSessionUser } from "../session.server";
import { ImportInputError, readImportFiles } from "./files.server";
import { formatReport, importFirebase, mapRole } from "./import.server";
import { firebaseScryptHash, isFirebaseHash, type FirebaseHashParams } from "./scrypt.server";

const params: FirebaseHashParams = {
  signerKey: randomBytes(64).toString("base64"),
  saltSeparator: "Bw==",
  rounds: 8,
  memCost: 14,
};
const hashConfig = {
  algorithm: "SCRYPT",
  base64_signer_key: params.signerKey,
  base64_salt_separator: params.saltSeparator,
  rounds: params.rounds,
  mem_cost: params.memCost,
};

const dir = mkdtempSync(path.join(os.tmpdir(), "firebase-export-"));
function write(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
  return file;
}

async function passwordUser(localId: string, email: string, password: string, extra: Record<string, unknown> = {}) {
  const salt = randomBytes(12).toString("base64");
  return {
    localId,
    email,
    emailVerified: true,
    passwordHash: await firebaseScryptHash(password, salt, params),
    salt,
    createdAt: "1568208000000",
    lastSignedInAt: "1700000000000",
    disabled: false,
    displayName: "",
    providerUserInfo: [{ providerId: "password", rawId: email, email, displayName: "" }],
    ...extra,
  };
}

let files: { auth: string; hashConfig: string; firestore: string };

beforeAll(async () => {
  const exportUsers = [
    await passwordUser("fbAdmin0001", "Presidence@Exemple.fr", "ancien-Mot-de-passe-1", {
      providerUserInfo: [
        { providerId: "password", rawId: "presidence@exemple.fr" },
        {
          providerId: "google.com",
          rawId: "google-sub-admin",
          email: "presidence@exemple.fr",
          displayName: "Marie Dupont",
        },
      ],
    }),
    await passwordUser("fbMembre0002", "thao.nguyen@exemple.fr", "Lotus-du-matin-42"),
    await passwordUser("fbManager003", "gestion@exemple.fr", "Gestion-Club-2019"),
    await passwordUser("fbArticle004", "redaction@exemple.fr", "Plume-Bleue-77"),
    await passwordUser("fbPreIns0005", "nouveau@exemple.fr", "Nouvel-Eleve-2024"),
    await passwordUser("fbDisabl0006", "ancien@exemple.fr", "Parti-Depuis-2020", { disabled: true }),
    {
      localId: "fbGoogle0007",
      email: "kim.tran@exemple.fr",
      emailVerified: true,
      createdAt: "1600000000000",
      displayName: "Kim Tran",
      providerUserInfo: [
        { providerId: "google.com", rawId: "google-sub-kim", email: "kim.tran@exemple.fr", displayName: "Kim Tran" },
      ],
    },
  ];
  const firestore = {
    fbAdmin0001: {
      prenom: "Marie",
      nom: "Dupont",
      email: "presidence@exemple.fr",
      role: "admin",
      createdAt: "2019-09-11T18:00:00.000Z",
      aPayeCotisation: true,
      certificatMedicalFourni: true,
    },
    fbMembre0002: {
      prenom: "Thảo",
      nom: "Nguyễn",
      email: "thao.nguyen@exemple.fr",
      role: "membre",
      createdAt: { _seconds: 1600000000, _nanoseconds: 0 },
      aPayeCotisation: true,
      certificatMedicalFourni: false,
    },
    fbManager003: { prenom: "Luc", nom: "Bernard", role: ["user_manager", "membre"] },
    fbArticle004: { prenom: "Inès", nom: "Moreau", role: "Article_Manager" },
    fbPreIns0005: { prenom: "Hugo", nom: "Petit", role: "pré-inscrit" },
    fbDisabl0006: { prenom: "Paul", nom: "Durand", role: "trésorier" },
    fbGoogle0007: { prenom: "Kim", nom: "Tran", role: "membre" },
    fbOrphan0099: { prenom: "Sans", nom: "Compte", role: "membre" },
  };
  files = {
    auth: write("users.json", { users: exportUsers }),
    hashConfig: write("hash.json", hashConfig),
    firestore: write("utilisateurs.json", firestore),
  };
});

async function signInThroughForm(email: string, password: string) {
  await resetRateLimits();
  const result = await app.post("/connexion", { email, password, redirectTo: "/espace-membre" });
  if (result.redirect) {
    const cookie = result.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return getSessionUser(new Request("http://localhost:3000/", { headers: { cookie } }));
  }
  return null;
}

const count = async (
  table: typeof users | typeof accounts | typeof profiles | typeof auditLog | typeof seasonStatuses,
) => Number((await db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n ?? 0);

async function counts() {
  return {
    users: await count(users),
    accounts: await count(accounts),
    profiles: await count(profiles),
    audit: await count(auditLog),
    statuses: await count(seasonStatuses),
  };
}

describe("Firebase import", () => {
  it("a dry run reports what would happen and writes nothing", async () => {
    const before = await counts();
    const report = await importFirebase(readImportFiles(files), { dryRun: true });
    expect(report).toMatchObject({
      created: 7,
      updated: 0,
      unchanged: 0,
      passwords: 6,
      google: 2,
      disabled: 1,
      aborted: false,
    });
    expect(report.notes.join("\n")).toContain("rôle « trésorier » inconnu");
    expect(report.notes.join("\n")).toContain("utilisateurs/fbOrphan0099 ne correspond à aucun compte");
    expect(formatReport(report)).toContain("Simulation (--dry-run) : rien n'a été écrit.");
    expect(await counts()).toEqual(before);
  });

  it("imports every account with its id, roles, dates, Google link, disabled state and season status", async () => {
    const progress: number[] = [];
    const report = await importFirebase(readImportFiles(files), { onProgress: (done) => progress.push(done) });
    expect(report).toMatchObject({ created: 7, aborted: false });
    expect(progress.at(-1)).toBe(7);

    const admin = (await db.select().from(users).where(eq(users.id, "fbAdmin0001")))[0];
    expect(admin).toMatchObject({
      email: "presidence@exemple.fr",
      prenom: "Marie",
      nom: "Dupont",
      roles: ["admin"],
      emailVerified: true,
      active: true,
      aPayeCotisation: true,
      certificatMedicalFourni: true,
    });
    expect(admin?.createdAt.toISOString()).toBe("2019-09-11T18:00:00.000Z");
    const thao = (await db.select().from(users).where(eq(users.id, "fbMembre0002")))[0];
    expect(thao).toMatchObject({
      prenom: "Thảo",
      nom: "Nguyễn",
      roles: ["membre"],
      aPayeCotisation: true,
      certificatMedicalFourni: false,
    });
    expect(thao?.createdAt.toISOString()).toBe(new Date(1600000000 * 1000).toISOString());
    expect((await db.select().from(users).where(eq(users.id, "fbManager003")))[0]?.roles).toEqual([
      "user_manager",
      "membre",
    ]);
    expect((await db.select().from(users).where(eq(users.id, "fbArticle004")))[0]?.roles).toEqual(["article_manager"]);
    expect((await db.select().from(users).where(eq(users.id, "fbPreIns0005")))[0]?.roles).toEqual(["pré-inscrit"]);
    const disabled = (await db.select().from(users).where(eq(users.id, "fbDisabl0006")))[0];
    expect(disabled).toMatchObject({ active: false, roles: ["pré-inscrit"] });
    expect((await db.select().from(users).where(eq(users.id, "fbGoogle0007")))[0]).toMatchObject({
      prenom: "Kim",
      nom: "Tran",
    });

    const adminAccounts = await db.select().from(accounts).where(eq(accounts.userId, "fbAdmin0001"));
    expect(adminAccounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
    expect(adminAccounts.find((a) => a.providerId === "google")?.accountId).toBe("google-sub-admin");
    expect(isFirebaseHash(adminAccounts.find((a) => a.providerId === "credential")?.password)).toBe(true);
    const kimAccounts = await db.select().from(accounts).where(eq(accounts.userId, "fbGoogle0007"));
    expect(kimAccounts.map((a) => a.providerId)).toEqual(["google"]);

    // Own profile for everyone; this season's status for the paid / certified.
    const own = await db.select().from(profiles).where(eq(profiles.ownerId, "fbMembre0002"));
    expect(own).toMatchObject([{ isSelf: true, prenom: "Thảo", nom: "Nguyễn" }]);
    const status = await db.select().from(seasonStatuses).where(eq(seasonStatuses.profileId, own[0]!.id));
    expect(status).toHaveLength(1);
    expect(status[0]?.cotisationPaidOn).toBeTruthy();
    expect(status[0]?.healthDocumentReceivedOn).toBeNull();
    expect(await db.select().from(auditLog).where(eq(auditLog.targetUserId, "fbAdmin0001"))).toMatchObject([
      { action: "user.import", actorName: "Import de l'ancien site (ligne de commande)" },
    ]);
  });

  it("members sign in through the sign-in form with their old passwords; the Firebase hash is then replaced", async () => {
    const session = await signInThroughForm("thao.nguyen@exemple.fr", "Lotus-du-matin-42");
    expect(session).toMatchObject({ id: "fbMembre0002", prenom: "Thảo", roles: ["membre"] });
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, "fbMembre0002"));
    expect(isFirebaseHash(credential?.password)).toBe(false);
    expect(credential?.password).toBeTruthy();
    // The same password still works with the new hash; a wrong one never did.
    expect(await signInThroughForm("thao.nguyen@exemple.fr", "Lotus-du-matin-42")).toMatchObject({
      id: "fbMembre0002",
    });
    expect(await signInThroughForm("thao.nguyen@exemple.fr", "Lotus-du-matin-43")).toBeNull();
    expect(await signInThroughForm("PRESIDENCE@exemple.fr", "ancien-Mot-de-passe-1")).toMatchObject({
      id: "fbAdmin0001",
      isAdmin: true,
    });
    expect(await signInThroughForm("gestion@exemple.fr", "Gestion-Club-2019")).toMatchObject({
      roles: ["user_manager", "membre"],
    });
  });

  it("a disabled account stays unable to sign in", async () => {
    expect(await signInThroughForm("ancien@exemple.fr", "Parti-Depuis-2020")).toBeNull();
  });

  it("a second run changes nothing", async () => {
    const before = await counts();
    const report = await importFirebase(readImportFiles(files));
    expect(report).toMatchObject({ created: 0, updated: 0, unchanged: 7, conflicts: [], aborted: false });
    expect(await counts()).toEqual(before);
    // The password converted at the first sign-in is not brought back to the Firebase hash.
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, "fbMembre0002"));
    expect(isFirebaseHash(credential?.password)).toBe(false);
  });

  it("an e-mail already used on the site by another account is a conflict: nothing is written unless asked", async () => {
    await createUser({ email: "deja.la@exemple.fr" });
    const auth = write("conflict-users.json", {
      users: [
        await passwordUser("fbConflit010", "deja.la@exemple.fr", "Conflit-Mot-2020"),
        await passwordUser("fbNouveau011", "arrivee@exemple.fr", "Arrivee-Tardive-2021"),
      ],
    });
    const before = await counts();
    const refused = await importFirebase(readImportFiles({ auth, hashConfig: files.hashConfig }));
    expect(refused.aborted).toBe(true);
    expect(refused.conflicts.join("\n")).toContain("L'adresse deja.la@exemple.fr est déjà utilisée sur le site");
    expect(formatReport(refused)).toContain("Import annulé : rien n'a été écrit.");
    expect(await counts()).toEqual(before);

    const forced = await importFirebase(readImportFiles({ auth, hashConfig: files.hashConfig }), {
      skipConflicts: true,
    });
    expect(forced).toMatchObject({ created: 1, aborted: false });
    expect(await signInThroughForm("arrivee@exemple.fr", "Arrivee-Tardive-2021")).toMatchObject({ id: "fbNouveau011" });
  });
});

describe("Firebase import: bad input is refused with a French message, nothing written", () => {
  function problems(f: () => unknown): string {
    try {
      f();
    } catch (err) {
      if (err instanceof ImportInputError) return err.problems.join("\n");
      throw err;
    }
    throw new Error("no ImportInputError");
  }

  it("malformed JSON", () => {
    const auth = write("broken.json", '{"users": [ {"localId": "x", ');
    expect(problems(() => readImportFiles({ auth }))).toMatch(/broken\.json n'est pas un fichier JSON valide/);
  });

  it("an unexpected shape", () => {
    const auth = write("shape.json", { comptes: [] });
    expect(problems(() => readImportFiles({ auth }))).toMatch(/format inattendu, attendu \{ "users": \[ … \] \}/);
  });

  it("password accounts without the hash parameters", async () => {
    const auth = write("nohash.json", { users: [await passwordUser("a1", "a1@exemple.fr", "Mot-De-Passe-A1")] });
    expect(problems(() => readImportFiles({ auth }))).toMatch(
      /1 compte a un mot de passe : indiquez les paramètres de hachage/,
    );
  });

  it("an unknown hash algorithm", () => {
    const hash = write("bcrypt.json", { ...hashConfig, algorithm: "BCRYPT" });
    expect(problems(() => readImportFiles({ auth: files.auth, hashConfig: hash }))).toMatch(
      /algorithme « BCRYPT » inconnu/,
    );
  });

  it("duplicate e-mails and accounts without e-mail", () => {
    const auth = write("dups.json", {
      users: [
        { localId: "d1", email: "double@exemple.fr" },
        { localId: "d2", email: "Double@Exemple.fr" },
        { localId: "p3", phoneNumber: "+33600000000" },
      ],
    });
    const text = problems(() => readImportFiles({ auth }));
    expect(text).toMatch(/l'adresse double@exemple\.fr est utilisée par plusieurs comptes \(d1, d2\)/);
    expect(text).toMatch(/le compte p3 n'a pas d'adresse e-mail/);
  });

  it("a missing file", () => {
    expect(problems(() => readImportFiles({ auth: path.join(dir, "absent.json") }))).toMatch(
      /absent\.json est introuvable/,
    );
  });

  it("role values: the spec's, whatever the case; anything else is not guessed", () => {
    expect(mapRole(" Membre ")).toBe("membre");
    expect(mapRole("user manager")).toBe("user_manager");
    expect(mapRole("Pré-inscrit")).toBe("pré-inscrit");
    expect(mapRole("administrateur")).toBeNull();
    expect(mapRole("pre-inscrit")).toBeNull();
  });
});
