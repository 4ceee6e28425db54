/**
 * Creating an account for someone through the real request handler: no password, a
 * single-use link by e-mail to choose one, French errors next to the fields, and a
 * double-submitted form that creates one account.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { accounts, outbox, profiles, users } from "#db/schema";
import { signInCookie } from "../../../../tests/helpers/auth";
import { dataOf, errorsOf, get, post, statusOf, usersCast } from "../../../../tests/helpers/users-admin";
import { isResetTokenValid, resetPassword } from "~/lib/accounts/auth-operations.server";
import { AuthFailure } from "~/lib/accounts/auth-errors";
import { db } from "~/lib/core/db.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";

type Account = Awaited<ReturnType<typeof usersCast>>["admin"];
let admin: Account;
let manager: Account;
let membre: Account;

beforeAll(async () => {
  ({ admin, manager, membre } = await usersCast());
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
