/**
 * User management through the real request handler (tests/helpers/app.ts),
 * with real accounts and sessions: who may use the pages (the guard), the
 * admin rules, the last admin, deactivation, validation e-mail, optimistic concurrency.
 * Account creation, season status and grades, and the list with its export: users-create,
 * users-season and users-list.test.ts.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, desc, eq } from "drizzle-orm";
import { auditLog, outbox, profiles, sessions, users } from "#db/schema";
import { app, BASE, refusedByGuard as refused } from "../../../../tests/helpers/app";
import {
  accountFields,
  dataOf,
  editPath,
  errorsOf,
  get,
  post,
  request,
  statusOf,
  userRow,
  usersCast,
  version,
} from "../../../../tests/helpers/users-admin";
import { createUser, signInCookie } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";
import { getSessionUser } from "~/lib/accounts/session.server";
import { currentSeasonAt } from "~/lib/members/seasons.server";
import { updateUserAccount, deleteUser } from "~/lib/members/users-admin.server";
import { USERS_ADMIN_MESSAGES as MESSAGES } from "~/lib/members/users-admin-labels";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";

type Account = Awaited<ReturnType<typeof usersCast>>["admin"];
let admin: Account;
let manager: Account;
let membre: Account;
let articleManager: Account;

beforeAll(async () => {
  ({ admin, manager, membre, articleManager } = await usersCast());
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
