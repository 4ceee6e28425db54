/**
 * One way to reach the database: data functions take no
 * connection parameter; called inside `transaction()` they use `db`, which is
 * that transaction. So they see its uncommitted rows (on PostgreSQL the outer
 * pool would not; on PGlite it would wait for the transaction forever), and
 * their writes are undone by its rollback. Runs on PGlite and PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "#db/schema";
import { createOwnProfile } from "~/lib/accounts/auth.server";
import { db, transaction } from "~/lib/core/db.server";
import { listProfiles } from "~/lib/members/profiles.server";
import { isSeasonStarted, startSeason } from "~/lib/members/seasons.server";
import { getUser } from "~/lib/members/users-detail.server";
import { audit } from "~/lib/core/audit.server";
import { lockUser } from "~/lib/members/users-rules.server";

function newAccount() {
  const id = `acces-${randomUUID().slice(0, 8)}`;
  return { id, name: "Lan Tran", email: `${id}@exemple.fr`, prenom: "Lan", nom: "Tran" };
}

const auditRows = (userId: string) => db.select().from(auditLog).where(eq(auditLog.targetUserId, userId));

describe("data functions inside a transaction", () => {
  it("see the transaction's uncommitted rows without being handed it, and their writes go with its rollback", async () => {
    const account = newAccount();
    const seen: string[] = [];
    await expect(
      transaction(async () => {
        await db.insert(users).values(account);
        // Reads: the row exists only inside this transaction.
        if ((await getUser(account.id))?.email === account.email) seen.push("getUser");
        if ((await lockUser(account.id)).id === account.id) seen.push("lockUser");
        // Writes, then a read of what they wrote.
        await createOwnProfile(account);
        await audit(null, "essai.acces", "Écriture annulée avec la transaction.", { userId: account.id });
        if ((await listProfiles(account.id)).length === 1) seen.push("listProfiles");
        if ((await auditRows(account.id)).length === 1) seen.push("audit");
        throw new Error("annulée");
      }),
    ).rejects.toThrow("annulée");
    expect(seen).toEqual(["getUser", "lockUser", "listProfiles", "audit"]);
    expect(await getUser(account.id)).toBeNull();
    expect(await listProfiles(account.id)).toEqual([]);
    expect(await auditRows(account.id)).toEqual([]);
  }, 15_000);

  it("keep their writes once the transaction commits", async () => {
    const account = newAccount();
    await transaction(async () => {
      await db.insert(users).values(account);
      await createOwnProfile(account);
      await audit(null, "essai.acces", "Écriture gardée avec la transaction.", { userId: account.id });
    });
    expect((await getUser(account.id))?.id).toBe(account.id);
    expect(await listProfiles(account.id)).toHaveLength(1);
    expect(await auditRows(account.id)).toHaveLength(1);
  }, 15_000);

  it("make a function that opens its own transaction a savepoint of the caller's, undone with it", async () => {
    const season = "2090-2091";
    const now = new Date(Date.UTC(2026, 10, 24, 12));
    await expect(
      transaction(async () => {
        expect((await startSeason(season, null, now)).started).toBe(true);
        expect(await isSeasonStarted(season)).toBe(true);
        throw new Error("annulée");
      }),
    ).rejects.toThrow("annulée");
    expect(await isSeasonStarted(season)).toBe(false);
  }, 15_000);
});
