/**
 * One live password link per account: issuing a reset or welcome link ends
 * the older ones, and using a link ends every other link of the account.
 */
import { desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { outbox } from "#db/schema";
import { db } from "../core/db.server";
import { resetRateLimits } from "../http/rate-limit.server";
import { sendWelcomeLink } from "../members/users-admin.server";
import { getAuth } from "./auth.server";
import { isResetTokenValid, requestPasswordReset, resetPassword } from "./auth-operations.server";
import { createUser } from "../../../tests/helpers/auth";

beforeEach(() => resetRateLimits());

async function lastToken(to: string): Promise<string> {
  const [mail] = await db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id)).limit(1);
  const link = mail?.text.match(/https?:\/\/\S+reinitialiser-mot-de-passe\?token=\S+/)?.[0];
  if (!link) throw new Error("no link");
  return new URL(link).searchParams.get("token")!;
}

describe("password links", () => {
  it("a newer reset link ends the older one", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    await requestPasswordReset({ email, ip: "10.1.0.1" });
    const first = await lastToken(email);
    await requestPasswordReset({ email, ip: "10.1.0.2" });
    const second = await lastToken(email);
    expect(first).not.toBe(second);
    expect(await isResetTokenValid(first)).toBe(false);
    expect(await isResetTokenValid(second)).toBe(true);
  });

  it("a reset link ends the 7-day welcome link, and a new welcome link ends the reset link", async () => {
    const { user, email } = await createUser({ roles: ["membre"] });
    await sendWelcomeLink({ id: user.id, email, prenom: "Camille" });
    const welcome = await lastToken(email);
    await requestPasswordReset({ email, ip: "10.1.0.3" });
    const reset = await lastToken(email);
    expect(await isResetTokenValid(welcome)).toBe(false);
    await sendWelcomeLink({ id: user.id, email, prenom: "Camille" });
    expect(await isResetTokenValid(reset)).toBe(false);
    expect(await isResetTokenValid(await lastToken(email))).toBe(true);
  });

  it("using a link ends the account's other links", async () => {
    const { user, email } = await createUser({ roles: ["membre"] });
    await requestPasswordReset({ email, ip: "10.1.0.4" });
    const used = await lastToken(email);
    // A second live link, as issued before this rule existed.
    const ctx = await getAuth().$context;
    await ctx.internalAdapter.createVerificationValue({
      identifier: "reset-password:older-link-token",
      value: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    expect(await isResetTokenValid("older-link-token")).toBe(true);
    await resetPassword({ token: used, newPassword: "une phrase de passe neuve", ip: "10.1.0.4" });
    expect(await isResetTokenValid("older-link-token")).toBe(false);
  });
});
