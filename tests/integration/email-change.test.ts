/**
 * E-mail change confirmed by the new address, and a mail after every password
 * change or reset, through the real routes (request
 * harness) and the outbox.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, outbox, users } from "#db/schema";
import { app } from "../helpers/app";
import { createUser, signInCookie, type CreatedUser } from "../helpers/auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { resetRateLimits } from "~/lib/http/rate-limit.server";

type Answer = { result?: SubmissionResult<string[]> | null; confirmed?: string };

beforeAll(() => seedDatabase());
beforeEach(() => resetRateLimits());
afterEach(() => vi.useRealTimers());

async function mailsTo(to: string) {
  return db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));
}

async function askChange(member: CreatedUser, newEmail: string) {
  return app.post("/espace-membre/profil", { intent: "email", newEmail, password: member.password }, { as: member });
}

async function linkTokenFor(newEmail: string): Promise<string> {
  const [mail] = await mailsTo(newEmail);
  const link = mail?.text.match(/https?:\/\/\S+\/confirmer-email\?jeton=\S+/)?.[0];
  if (!link) throw new Error("no confirmation link");
  return new URL(link).searchParams.get("jeton")!;
}

async function emailOf(id: string) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, id));
  return row?.email;
}

describe("e-mail change", () => {
  it("takes effect only once the new address confirms; the old one is told at once", async () => {
    const member = await createUser({ prenom: "Linh", email: "linh.ancienne@exemple.fr" });
    const asked = await askChange(member, "Linh.Nouvelle@exemple.fr");
    expect(asked.status).toBe(200);
    expect(JSON.stringify(asked.data)).toContain("Un lien de confirmation a été envoyé à linh.nouvelle@exemple.fr");
    // Nothing has changed yet: the old address still signs in.
    expect(await emailOf(member.user.id)).toBe("linh.ancienne@exemple.fr");
    expect(await signInCookie("linh.ancienne@exemple.fr", member.password)).toContain("session_token");

    const [notice] = await mailsTo("linh.ancienne@exemple.fr");
    expect(notice?.subject).toBe("Demande de changement de votre adresse e-mail");
    expect(notice?.text).toContain("par linh.nouvelle@exemple.fr");
    expect(notice?.text).not.toContain("jeton=");
    const [confirmation] = await mailsTo("linh.nouvelle@exemple.fr");
    expect(confirmation?.subject).toBe("Confirmez votre nouvelle adresse e-mail");

    const token = await linkTokenFor("linh.nouvelle@exemple.fr");
    // Opening the link shows the address and changes nothing (mail scanners open links).
    const page = await app.get<{ newEmail: string | null }>(`/confirmer-email?jeton=${token}`);
    expect(page.data.newEmail).toBe("linh.nouvelle@exemple.fr");
    expect(await emailOf(member.user.id)).toBe("linh.ancienne@exemple.fr");

    const confirmed = await app.post<Answer>("/confirmer-email", { jeton: token });
    expect(confirmed.data.confirmed).toBe("linh.nouvelle@exemple.fr");
    expect(await emailOf(member.user.id)).toBe("linh.nouvelle@exemple.fr");
    expect(await signInCookie("linh.nouvelle@exemple.fr", member.password)).toContain("session_token");
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.user.id), eq(auditLog.action, "user.email-changed")));
    expect(audit?.summary).toBe("Adresse e-mail confirmée\u00a0: linh.ancienne@exemple.fr → linh.nouvelle@exemple.fr");

    // Single use.
    const again = await app.post<Answer>("/confirmer-email", { jeton: token });
    expect(again.status).toBe(400);
    expect(firstErrors(again.data.result ?? undefined)[""]).toMatch(/n'est plus valable/);
  });

  it("refuses a link older than 24 hours, and a newer request replaces the older link", async () => {
    const member = await createUser({ email: "bao.delai@exemple.fr" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.UTC(2026, 10, 24, 9, 0));
    await askChange(member, "bao.premier@exemple.fr");
    const first = await linkTokenFor("bao.premier@exemple.fr");
    await askChange(member, "bao.second@exemple.fr");
    const second = await linkTokenFor("bao.second@exemple.fr");
    expect((await app.post<Answer>("/confirmer-email", { jeton: first })).status).toBe(400);
    vi.setSystemTime(Date.UTC(2026, 10, 25, 9, 1));
    expect((await app.get<{ newEmail: string | null }>(`/confirmer-email?jeton=${second}`)).data.newEmail).toBeNull();
    expect((await app.post<Answer>("/confirmer-email", { jeton: second })).status).toBe(400);
    expect(await emailOf(member.user.id)).toBe("bao.delai@exemple.fr");
  });

  it("refuses the confirmation when another account took the address meanwhile", async () => {
    const member = await createUser({ email: "an.course@exemple.fr" });
    await askChange(member, "an.convoitee@exemple.fr");
    const token = await linkTokenFor("an.convoitee@exemple.fr");
    await createUser({ email: "an.convoitee@exemple.fr" });
    const res = await app.post<Answer>("/confirmer-email", { jeton: token });
    expect(res.status).toBe(409);
    expect(await emailOf(member.user.id)).toBe("an.course@exemple.fr");
  });
});

describe("mail after a password change", () => {
  it("mails the account after a change from the profile", async () => {
    const member = await createUser({ prenom: "Mai", email: "mai.motdepasse@exemple.fr" });
    const res = await app.post(
      "/espace-membre/profil",
      {
        intent: "password",
        currentPassword: member.password,
        newPassword: "une toute nouvelle phrase",
        confirmPassword: "une toute nouvelle phrase",
      },
      { as: member },
    );
    expect(res.status).toBe(200);
    const [mail] = await mailsTo("mai.motdepasse@exemple.fr");
    expect(mail?.subject).toBe("Votre mot de passe a été modifié");
    expect(mail?.text).toContain("Bonjour Mai,");
    expect(mail?.text).toContain("«\u00a0Mot de passe oublié\u00a0»");
  });

  it("mails the account after a reset by link", async () => {
    const member = await createUser({ email: "tuan.reset@exemple.fr" });
    await app.post("/mot-de-passe-oublie", { email: member.email });
    const [resetMail] = await mailsTo(member.email);
    const link = resetMail?.text.match(/https?:\/\/\S+reinitialiser-mot-de-passe\?token=\S+/)?.[0];
    const token = new URL(link!).searchParams.get("token")!;
    const res = await app.post("/reinitialiser-mot-de-passe", { token, password: "encore une autre phrase" });
    expect(res.redirect).toBe("/connexion?reinitialise=1");
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toBe("Votre mot de passe a été modifié");
    expect(mail?.text).toContain("lien de réinitialisation");
  });
});
