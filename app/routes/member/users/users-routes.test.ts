/**
 * User management through the real request handler (tests/helpers/app.ts),
 * with real accounts and sessions: who may use the pages (the guard), the
 * admin rules, the last admin, deactivation, validation e-mail, account creation with the welcome link,
 * season status and grades, optimistic concurrency, CSV export.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import {
  accounts,
  auditLog,
  gradeHistory,
  grades,
  outbox,
  profiles,
  seasonStatuses,
  sessions,
  users,
} from "#db/schema";
import { app, BASE, refusedByGuard as refused, type AppResponse } from "../../../../tests/helpers/app";
import { usersListRows } from "../../../../tests/helpers/markup";
import { createUser, signInCookie } from "../../../../tests/helpers/auth";
import { isResetTokenValid, resetPassword } from "~/lib/accounts/auth-operations.server";
import { AuthFailure } from "~/lib/accounts/auth-errors";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { getSessionUser } from "~/lib/accounts/session.server";
import { currentSeasonAt } from "~/lib/members/seasons.server";
import { updateUserAccount, deleteUser } from "~/lib/members/users-admin.server";
import { USERS_ADMIN_MESSAGES as MESSAGES } from "~/lib/members/users-admin-labels";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";

/** A bare request carrying a session cookie (to read the session directly). */
function request(path: string, cookie?: string): Request {
  return new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

function get(path: string, cookie?: string): Promise<AppResponse> {
  return app.get(path, { as: cookie });
}

function post(path: string, fields: Record<string, string | string[]>, cookie?: string): Promise<AppResponse> {
  return app.post(path, fields, { as: cookie });
}

function statusOf(result: AppResponse): number {
  return result.status;
}

/** What the loader or action answered (returned, or thrown with a status). */
function dataOf<T = Record<string, unknown>>(result: AppResponse): T {
  return (result.data ?? result.error) as T;
}

/** The first error of each field of a refused form ("" is the form itself). */
function errorsOf(result: AppResponse): Record<string, string> {
  return firstErrors(dataOf<{ result: SubmissionResult<string[]> }>(result).result);
}

async function userRow(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

async function version(id: string): Promise<string> {
  return String((await userRow(id))?.updatedAt.getTime());
}

async function accountFields(id: string, overrides: Record<string, string | string[]> = {}) {
  const u = await userRow(id);
  assert(u);
  return {
    intent: "account",
    version: String(u.updatedAt.getTime()),
    prenom: u.prenom,
    nom: u.nom,
    email: u.email,
    roles: u.roles,
    ...(u.active ? { active: "on" } : {}),
    ...overrides,
  };
}

const editPath = (id: string) => `/espace-membre/utilisateurs/modifier/${id}`;

let admin: Awaited<ReturnType<typeof createUser>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let membre: Awaited<ReturnType<typeof createUser>>;
let articleManager: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  await seedDatabase();
  admin = await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" });
  manager = await createUser({ roles: ["user_manager"], prenom: "Marc", nom: "Gestion" });
  membre = await createUser({ roles: ["membre"], prenom: "Mélanie", nom: "Membre" });
  articleManager = await createUser({ roles: ["article_manager"], prenom: "Arthur", nom: "Rédaction" });
});

describe("who may use the user management", () => {
  it("refuses membre and article_manager on every loader and action, and user_manager on the to-do page", async () => {
    for (const who of [membre, articleManager]) {
      expect(refused(await get("/espace-membre/utilisateurs", who.cookie))).toBe(true);
      expect(refused(await app.fetch("/espace-membre/utilisateurs/export.csv", { as: who.cookie }))).toBe(true);
      expect(refused(await get("/espace-membre/utilisateurs/ajouter", who.cookie))).toBe(true);
      const created = await post(
        "/espace-membre/utilisateurs/ajouter",
        { prenom: "X", nom: "Y", email: "x.y@exemple.fr", roles: "membre" },
        who.cookie,
      );
      expect(refused(created)).toBe(true);
      expect(refused(await get(editPath(membre.user.id), who.cookie))).toBe(true);
      const edit = await post(
        editPath(manager.user.id),
        await accountFields(manager.user.id, { roles: ["admin"] }),
        who.cookie,
      );
      expect(refused(edit)).toBe(true);
      expect(refused(await get("/espace-membre/todo", who.cookie))).toBe(true);
    }
    expect(refused(await get("/espace-membre/todo", manager.cookie))).toBe(true);
    expect((await userRow(manager.user.id))?.roles).toEqual(["user_manager"]);
    const [none] = await db.select().from(users).where(eq(users.email, "x.y@exemple.fr"));
    expect(none).toBeUndefined();
  });

  it("redirects a signed-out visitor to the sign-in page", async () => {
    const result = await get("/espace-membre/utilisateurs");
    expect(statusOf(result)).toBe(302);
    expect(result.redirect).toContain("/connexion?redirectTo=");
  });

  it("lets admin and user_manager open the list, the add page and the edit page", async () => {
    for (const who of [admin, manager]) {
      const list = await get("/espace-membre/utilisateurs", who.cookie);
      expect(statusOf(list)).toBe(200);
      expect(dataOf<{ total: number }>(list).total).toBeGreaterThanOrEqual(4);
      expect(statusOf(await get(editPath(membre.user.id), who.cookie))).toBe(200);
    }
  });
});

describe("rules between user_manager and admin", () => {
  it("a user_manager cannot grant the admin role", async () => {
    const result = await post(
      editPath(membre.user.id),
      await accountFields(membre.user.id, { roles: ["admin", "membre"] }),
      manager.cookie,
    );
    expect(statusOf(result)).toBe(403);
    expect(errorsOf(result).roles).toBe(MESSAGES.adminOnlyRole);
    expect((await userRow(membre.user.id))?.roles).toEqual(["membre"]);
  });

  it("a user_manager cannot create an admin", async () => {
    const result = await post(
      "/espace-membre/utilisateurs/ajouter",
      { prenom: "Paul", nom: "Pouvoir", email: "paul.pouvoir@exemple.fr", roles: ["admin"] },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(403);
    const [none] = await db.select().from(users).where(eq(users.email, "paul.pouvoir@exemple.fr"));
    expect(none).toBeUndefined();
  });

  it("a user_manager cannot edit an admin (name, roles, deactivation, status, deletion)", async () => {
    const before = await userRow(admin.user.id);
    assert(before);
    const rename = await post(
      editPath(admin.user.id),
      await accountFields(admin.user.id, { prenom: "Pirate" }),
      manager.cookie,
    );
    expect(statusOf(rename)).toBe(403);
    expect(firstErrors(dataOf<{ result: SubmissionResult<string[]> }>(rename).result)[""]).toBe(MESSAGES.adminOnlyEdit);
    const remove = await post(
      editPath(admin.user.id),
      await accountFields(admin.user.id, { roles: ["membre"] }),
      manager.cookie,
    );
    expect(statusOf(remove)).toBe(403);
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, admin.user.id), eq(profiles.isSelf, true)));
    assert(own);
    const season = await currentSeasonAt();
    const status = await post(
      editPath(admin.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(status)).toBe(403);
    const del = await post(editPath(admin.user.id), { intent: "delete", confirm: "on" }, manager.cookie);
    expect(statusOf(del)).toBe(403);
    const after = await userRow(admin.user.id);
    assert(after);
    expect(after.prenom).toBe(before.prenom);
    expect(after.roles).toEqual(["admin"]);
    // The page itself is read-only for them.
    const page = dataOf<{ canEdit: boolean }>(await get(editPath(admin.user.id), manager.cookie));
    expect(page.canEdit).toBe(false);
  });

  it("an admin can grant and remove the admin role", async () => {
    const target = await createUser({ roles: ["membre"], prenom: "Bruno", nom: "Bis" });
    const grant = await post(
      editPath(target.user.id),
      await accountFields(target.user.id, { roles: ["membre", "admin"] }),
      admin.cookie,
    );
    expect(statusOf(grant)).toBe(302);
    expect((await userRow(target.user.id))?.roles).toEqual(["admin", "membre"]);
    const remove = await post(
      editPath(target.user.id),
      await accountFields(target.user.id, { roles: ["membre"] }),
      admin.cookie,
    );
    expect(statusOf(remove)).toBe(302);
    expect((await userRow(target.user.id))?.roles).toEqual(["membre"]);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, target.user.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    assert(entry);
    expect(entry.actorId).toBe(admin.user.id);
    expect(entry.actorName).toBe("Alice Admin");
    expect(entry.summary).toContain("rôles");
  });
});

describe("the last admin", () => {
  it("cannot lose the admin role", async () => {
    const result = await post(
      editPath(admin.user.id),
      await accountFields(admin.user.id, { roles: ["membre"] }),
      admin.cookie,
    );
    expect(statusOf(result)).toBe(409);
    expect(errorsOf(result).roles).toBe(MESSAGES.lastAdmin);
    expect((await userRow(admin.user.id))?.roles).toEqual(["admin"]);
  });

  it("cannot be deactivated nor deleted, even by another admin's request", async () => {
    const otherAdmin = { id: "ops", prenom: "Opérateur", nom: "", roles: ["admin"] };
    await expect(
      updateUserAccount(otherAdmin, admin.user.id, { ...(await accountFieldsPlain(admin.user.id)), active: false }),
    ).rejects.toThrow(MESSAGES.lastAdmin);
    await expect(deleteUser(otherAdmin, admin.user.id)).rejects.toThrow(MESSAGES.lastAdmin);
    const row = await userRow(admin.user.id);
    assert(row);
    expect(row.active).toBe(true);
  });

  it("can step down once another active admin exists", async () => {
    const second = await createUser({ roles: ["admin"], prenom: "Sophie", nom: "Second" });
    const result = await post(
      editPath(second.user.id),
      await accountFields(second.user.id, { roles: ["membre"] }),
      second.cookie,
    );
    expect(statusOf(result)).toBe(302);
    expect((await userRow(second.user.id))?.roles).toEqual(["membre"]);
  });

  it("a deactivated admin does not count", async () => {
    const second = await createUser({ roles: ["admin"], prenom: "Denis", nom: "Désactivé" });
    const off = await post(editPath(second.user.id), await accountFields(second.user.id, { active: "" }), admin.cookie);
    expect(statusOf(off)).toBe(302);
    const result = await post(
      editPath(admin.user.id),
      await accountFields(admin.user.id, { roles: ["membre"] }),
      admin.cookie,
    );
    expect(statusOf(result)).toBe(409);
  });
});

async function accountFieldsPlain(id: string) {
  const u = await userRow(id);
  assert(u);
  return {
    prenom: u.prenom,
    nom: u.nom,
    email: u.email,
    roles: u.roles,
    active: u.active,
    version: u.updatedAt.getTime(),
  };
}

describe("deactivation", () => {
  it("ends every session of the user at once", async () => {
    const target = await createUser({ roles: ["membre"], prenom: "Denise", nom: "Départ" });
    const secondCookie = await signInCookie(target.email, target.password);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(2);
    const result = await post(
      editPath(target.user.id),
      await accountFields(target.user.id, { active: "" }),
      manager.cookie,
    );
    expect(statusOf(result)).toBe(302);
    expect((await userRow(target.user.id))?.active).toBe(false);
    expect(await db.select().from(sessions).where(eq(sessions.userId, target.user.id))).toHaveLength(0);
    expect(await getSessionUser(request("/", target.cookie))).toBeNull();
    expect(await getSessionUser(request("/", secondCookie))).toBeNull();
    await expect(signInCookie(target.email, target.password)).rejects.toThrow();
  });

  it("nobody deactivates their own account", async () => {
    const result = await post(
      editPath(manager.user.id),
      await accountFields(manager.user.id, { active: "" }),
      manager.cookie,
    );
    expect(statusOf(result)).toBe(403);
    expect((await userRow(manager.user.id))?.active).toBe(true);
  });
});

describe("validation of a pré-inscrit", () => {
  it("moves them to membre and queues the French e-mail with the member-area link", async () => {
    const pending = await createUser({ roles: ["pré-inscrit"], prenom: "Hélène", nom: "Nouvelle" });
    const result = await post(
      editPath(pending.user.id),
      { intent: "validate", version: await version(pending.user.id) },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(302);
    expect(result.redirect).toContain("ok=valide");
    expect((await userRow(pending.user.id))?.roles).toEqual(["membre"]);
    const mails = await db.select().from(outbox).where(eq(outbox.to, pending.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Votre inscription au club est validée");
    expect(mails[0]?.text).toContain("Bonjour Hélène,");
    expect(mails[0]?.text).toContain("votre inscription au club");
    expect(mails[0]?.text).toContain(`${BASE}/espace-membre`);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, pending.user.id), eq(auditLog.action, "user.validate")));
    assert(entry);
    expect(entry.actorId).toBe(manager.user.id);
  });

  it("also through the roles (pré-inscrit unticked, membre ticked), and refuses pré-inscrit mixed with another role", async () => {
    const pending = await createUser({ roles: ["pré-inscrit"], prenom: "Ivan", nom: "Inscrit" });
    const mixed = await post(
      editPath(pending.user.id),
      await accountFields(pending.user.id, { roles: ["pré-inscrit", "membre"] }),
      manager.cookie,
    );
    expect(statusOf(mixed)).toBe(400);
    const ok = await post(
      editPath(pending.user.id),
      await accountFields(pending.user.id, { roles: ["membre"] }),
      manager.cookie,
    );
    expect(statusOf(ok)).toBe(302);
    expect(await db.select().from(outbox).where(eq(outbox.to, pending.email))).toHaveLength(1);
  });
});

describe("optimistic concurrency", () => {
  it("refuses an edit made from an outdated page", async () => {
    const target = await createUser({ roles: ["membre"], prenom: "Victor", nom: "Version" });
    const stale = await accountFields(target.user.id, { prenom: "Premier" });
    const first = await post(editPath(target.user.id), stale, admin.cookie);
    expect(statusOf(first)).toBe(302);
    const second = await post(editPath(target.user.id), { ...stale, prenom: "Second" }, manager.cookie);
    expect(statusOf(second)).toBe(409);
    expect(errorsOf(second)[""]).toBe(MESSAGES.stale);
    // The form then shows the fresh values, not the outdated ones typed.
    expect(dataOf<{ result: SubmissionResult<string[]> }>(second).result.initialValue).toBeNull();
    expect((await userRow(target.user.id))?.prenom).toBe("Premier");
  });
});

describe("creating an account for someone", () => {
  it("creates it without a password and mails a single-use link to choose one", async () => {
    const result = await post(
      "/espace-membre/utilisateurs/ajouter",
      { prenom: "Léa", nom: "Nguyễn", email: "Lea.Nguyen@Exemple.fr", roles: ["membre"] },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(302);
    const [created] = await db.select().from(users).where(eq(users.email, "lea.nguyen@exemple.fr"));
    assert(created);
    expect(created.roles).toEqual(["membre"]);
    expect(created.aPayeCotisation).toBe(false);
    expect(await db.select().from(accounts).where(eq(accounts.userId, created.id))).toHaveLength(0);
    expect(
      await db
        .select()
        .from(profiles)
        .where(and(eq(profiles.ownerId, created.id), eq(profiles.isSelf, true))),
    ).toHaveLength(1);

    const [mail] = await db.select().from(outbox).where(eq(outbox.to, "lea.nguyen@exemple.fr"));
    assert(mail);
    expect(mail.text).toContain("Un compte a été créé pour vous");
    expect(mail.text).not.toMatch(/mot de passe\s*:\s*\S/);
    const token = decodeURIComponent(/reinitialiser-mot-de-passe\?token=([^\s]+)/.exec(mail.text)?.[1] ?? "");
    expect(await isResetTokenValid(token)).toBe(true);

    const set = await resetPassword({ token, newPassword: "Un-mot-de-passe-solide-42", ip: "127.0.0.1" }).then(
      () => ({ ok: true }),
      (err: unknown) => {
        if (err instanceof AuthFailure) return { ok: false };
        throw err;
      },
    );
    expect(set.ok).toBe(true);
    expect(await signInCookie("lea.nguyen@exemple.fr", "Un-mot-de-passe-solide-42")).toContain("session_token");
    // Single use.
    expect(await isResetTokenValid(token)).toBe(false);
    const again = await resetPassword({ token, newPassword: "Autre-mot-de-passe-77", ip: "127.0.0.1" }).then(
      () => ({ ok: true }),
      (err: unknown) => {
        if (err instanceof AuthFailure) return { ok: false };
        throw err;
      },
    );
    expect(again.ok).toBe(false);
  });

  it("shows French errors next to the fields and keeps what was typed", async () => {
    const result = await post(
      "/espace-membre/utilisateurs/ajouter",
      { prenom: "", nom: "Sans", email: "pas-une-adresse", roles: ["membre"] },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(400);
    const errors = firstErrors(dataOf<{ result: SubmissionResult<string[]> }>(result).result);
    expect(errors.prenom).toBe("Indiquez le prénom.");
    expect(errors.email).toMatch(/n'est pas valide/);
    expect(dataOf<{ result: SubmissionResult<string[]> }>(result).result.initialValue?.nom).toBe("Sans");
    const dup = await post(
      "/espace-membre/utilisateurs/ajouter",
      { prenom: "Mélanie", nom: "Bis", email: membre.email, roles: ["membre"] },
      manager.cookie,
    );
    expect(statusOf(dup)).toBe(409);
    expect(errorsOf(dup).email).toContain("existe déjà");
  });
});

describe("season status and grades", () => {
  it("records a cotisation and a certificate, computes the validity and syncs the user's flags", async () => {
    const target = await createUser({ roles: ["membre"], prenom: "Chloé", nom: "Cotisante" });
    const [own] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, target.user.id), eq(profiles.isSelf, true)));
    assert(own);
    const season = await currentSeasonAt();
    const bad = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "180",
        cotisationMeans: "",
        healthKind: "certificat",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(bad)).toBe(400);
    const errors = errorsOf(bad);
    expect(errors.cotisationPaidOn).toBe("Indiquez la date du paiement");
    expect(errors.cotisationMeans).toBe("Choisissez le moyen de paiement");
    expect(errors.healthReceivedOn).toBe("Indiquez la date de réception");

    const start = `${season.slice(0, 4)}-09-15`;
    const ok = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: start,
        cotisationAmount: "180,50",
        cotisationMeans: "pass-sport",
        healthKind: "certificat",
        healthReceivedOn: start,
      },
      manager.cookie,
    );
    expect(statusOf(ok)).toBe(302);
    const [row] = await db
      .select()
      .from(seasonStatuses)
      .where(and(eq(seasonStatuses.profileId, own.id), eq(seasonStatuses.season, season)));
    assert(row);
    expect(row.cotisationAmountCents).toBe(18050);
    expect(row.cotisationMeans).toBe("pass-sport");
    // 3 seasons by default: valid until the end of August, two years after the season's end year.
    expect(row.healthDocumentValidUntil).toBe(`${Number(season.slice(0, 4)) + 3}-08-31`);
    expect(row.updatedBy).toBe(manager.user.id);
    const flags = await userRow(target.user.id);
    assert(flags);
    expect(flags.aPayeCotisation).toBe(true);
    expect(flags.certificatMedicalFourni).toBe(true);

    // An outdated form (version 0 while the row exists) is refused.
    const stale = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(stale)).toBe(409);

    // A questionnaire is valid for the season only; clearing the cotisation resets the flag.
    const questionnaire = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(own.id),
        season,
        version: String(row.version),
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "questionnaire",
        healthReceivedOn: start,
      },
      manager.cookie,
    );
    expect(statusOf(questionnaire)).toBe(302);
    const [row2] = await db.select().from(seasonStatuses).where(eq(seasonStatuses.id, row.id));
    assert(row2);
    expect(row2.healthDocumentValidUntil).toBe(`${Number(season.slice(0, 4)) + 1}-08-31`);
    expect((await userRow(target.user.id))?.aPayeCotisation).toBe(false);
  });

  it("refuses a profile that belongs to another account", async () => {
    const [other] = await db
      .select()
      .from(profiles)
      .where(and(eq(profiles.ownerId, membre.user.id), eq(profiles.isSelf, true)));
    assert(other);
    const target = await createUser({ roles: ["membre"] });
    const season = await currentSeasonAt();
    const result = await post(
      editPath(target.user.id),
      {
        intent: "status",
        profileId: String(other.id),
        season,
        version: "0",
        cotisationPaidOn: "",
        cotisationAmount: "",
        cotisationMeans: "",
        healthKind: "",
        healthReceivedOn: "",
      },
      manager.cookie,
    );
    expect(statusOf(result)).toBe(404);
  });

  it("adds and deletes grade history entries of a family profile", async () => {
    const parent = await createUser({ roles: ["membre"], prenom: "Paul", nom: "Parent" });
    const [child] = await db
      .insert(profiles)
      .values({ ownerId: parent.user.id, prenom: "Tom", nom: "Parent", relationship: "enfant" })
      .returning();
    assert(child);
    const [grade] = await db.select().from(grades).orderBy(grades.position).limit(1);
    assert(grade);
    const add = await post(
      editPath(parent.user.id),
      {
        intent: "grade-add",
        profileId: String(child.id),
        gradeId: String(grade.id),
        awardedOn: "2026-06-20",
        note: "Passage de grade de juin",
      },
      manager.cookie,
    );
    expect(statusOf(add)).toBe(302);
    const [entry] = await db.select().from(gradeHistory).where(eq(gradeHistory.profileId, child.id));
    assert(entry);
    expect(entry.note).toBe("Passage de grade de juin");
    expect(entry.createdBy).toBe(manager.user.id);
    const page = dataOf<{ detail: { profiles: Array<{ id: number; grades: unknown[] }> } }>(
      await get(editPath(parent.user.id), manager.cookie),
    );
    expect(page.detail.profiles.find((p) => p.id === child.id)!.grades).toHaveLength(1);
    const del = await post(
      editPath(parent.user.id),
      { intent: "grade-delete", profileId: String(child.id), entryId: String(entry.id) },
      manager.cookie,
    );
    expect(statusOf(del)).toBe(302);
    expect(await db.select().from(gradeHistory).where(eq(gradeHistory.profileId, child.id))).toHaveLength(0);
  });
});

describe("CSV export", () => {
  it("exports the filtered list for a French spreadsheet: BOM, ';', CRLF, quoting, accents", async () => {
    await createUser({
      roles: ["membre"],
      prenom: "Zoé",
      nom: 'Dupont; dite "la Grande"',
      email: "zoe.export@exemple.fr",
    });
    await createUser({ roles: ["membre"], prenom: "=HYPERLINK", nom: "Formule", email: "formule.export@exemple.fr" });
    const res = await app.fetch("/espace-membre/utilisateurs/export.csv?q=export&tri=prenom", { as: manager.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="utilisateurs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith("\uFEFFPrénom;Nom;E-mail;Rôles;Compte actif;")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    expect(lines).toHaveLength(4); // header, 2 users, final empty string
    expect(lines[1]?.startsWith("'=HYPERLINK;Formule;formule.export@exemple.fr;Membre;oui;")).toBe(true);
    expect(lines[2]?.startsWith('Zoé;"Dupont; dite ""la Grande""";zoe.export@exemple.fr;Membre;oui;')).toBe(true);
    expect(lines[2]).toContain(";non payée;");
    expect(lines[2]?.split(";").length).toBeGreaterThan(10);
  });

  it("applies the filters of the page (pré-inscrits only)", async () => {
    await createUser({
      roles: ["pré-inscrit"],
      prenom: "Pierre",
      nom: "Préinscrit",
      email: "pierre.filtre@exemple.fr",
    });
    const res = await app.fetch("/espace-membre/utilisateurs/export.csv?statut=pre-inscrits", { as: admin.cookie });
    const text = await res.text();
    expect(text).toContain("pierre.filtre@exemple.fr");
    expect(text).not.toContain(membre.email);
  });
});

describe("list search, filters, sort and pages", () => {
  it("finds by name without accents, by e-mail, by role", async () => {
    const rows = async (path: string) =>
      usersListRows(dataOf<{ table: string }>(await get(path, manager.cookie)).table);
    const byName = await rows("/espace-membre/utilisateurs?q=melanie");
    expect(byName.map((i) => i.email)).toEqual([membre.email]);
    const byEmail = await rows(`/espace-membre/utilisateurs?q=${encodeURIComponent(articleManager.email)}`);
    expect(byEmail.map((i) => i.email)).toEqual([articleManager.email]);
    const byRole = await rows("/espace-membre/utilisateurs?role=user_manager");
    expect(byRole.map((i) => i.email)).toEqual([manager.email]);
    const inactive = await rows("/espace-membre/utilisateurs?statut=inactifs&tri=-nom");
    expect(inactive.length).toBeGreaterThan(0);
    expect(inactive.every((i) => !i.active)).toBe(true);
  });

  it("paginates 20 per page", async () => {
    for (let i = 0; i < 21; i++)
      await db.insert(users).values({
        id: `page-${i}`,
        name: `P ${i}`,
        email: `page-${i}@exemple.fr`,
        prenom: "Page",
        nom: `Zz${String(i).padStart(2, "0")}`,
        roles: ["membre"],
      });
    const first = dataOf<{ table: string; pages: number }>(
      await get("/espace-membre/utilisateurs?q=page-&tri=-nom", manager.cookie),
    );
    expect(usersListRows(first.table)).toHaveLength(20);
    expect(usersListRows(first.table)[0]?.name).toBe("ZZ20 Page");
    expect(first.pages).toBe(2);
    // The page links are in the table's block, as shown.
    const next = /<a [^>]*href="([^"]+)"[^>]*>Page suivante<\/a>/.exec(first.table)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toBe("/espace-membre/utilisateurs?q=page-&tri=-nom&page=2");
    const second = dataOf<{ table: string; page: number }>(await get(next!, manager.cookie));
    expect(second.page).toBe(2);
    expect(usersListRows(second.table).map((i) => i.name)).toEqual(["ZZ00 Page"]);
    expect(second.table).toContain("Page précédente");
    expect(second.table).not.toContain("Page suivante");
  });
});

describe("a double-submitted new account (issue 11)", () => {
  it("creates one account and one welcome mail; the replay goes to the same account", async () => {
    const page = await get("/espace-membre/utilisateurs/ajouter", admin.cookie);
    const fields = {
      prenom: "Double",
      nom: "Clic",
      email: "double.clic@exemple.fr",
      roles: "membre",
      _envoi: page.data.submissionToken as string,
    };
    const answers = await Promise.all(
      [1, 2, 3].map(() => post("/espace-membre/utilisateurs/ajouter", fields, admin.cookie)),
    );
    const rows = await db.select().from(users).where(eq(users.email, "double.clic@exemple.fr"));
    expect(rows).toHaveLength(1);
    expect(answers.map((a) => a.redirect)).toEqual(
      Array(3).fill(`/espace-membre/utilisateurs/modifier/${rows[0]?.id}?ok=cree`),
    );
    expect(await db.select().from(outbox).where(eq(outbox.to, "double.clic@exemple.fr"))).toHaveLength(1);
  });
});
