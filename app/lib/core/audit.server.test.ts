/**
 * The audit log's one writer: the actor named one way (an account, a process, a scheduled
 * job), the target and the date kept, several entries at once, a rolled-back change leaves
 * no entry.
 */
import { desc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "#db/schema";
import { actorName, audit, auditMany } from "./audit.server";
import { db, transaction } from "./db.server";

async function latest(n = 1) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(n);
}

describe("the audit log", () => {
  it("names an account by its names, else its e-mail, a process by its name, nobody as a scheduled job", () => {
    expect(actorName({ id: "u1", prenom: "Emma", nom: "Martin" })).toBe("Emma Martin");
    expect(actorName({ id: "u1", prenom: "", nom: "", email: "emma@example.org" })).toBe("emma@example.org");
    expect(actorName({ id: "u1", prenom: "", nom: "" })).toBe("u1");
    expect(actorName({ process: "Ligne de commande (npm run user)" })).toBe("Ligne de commande (npm run user)");
    expect(actorName(null)).toBe("Tâche automatique");
  });

  it("keeps who, what, about whom and when", async () => {
    const at = new Date("2026-10-01T08:00:00Z");
    await audit({ process: "Import" }, "user.import", "Compte repris.", { at });
    const [entry] = await latest();
    expect(entry).toMatchObject({
      actorId: null,
      actorName: "Import",
      action: "user.import",
      summary: "Compte repris.",
    });
    expect(entry?.at.toISOString()).toBe(at.toISOString());
    await auditMany(null, [
      { action: "a.one", summary: "Un.", profileId: 1 },
      { action: "a.two", summary: "Deux.", profileId: 2 },
    ]);
    const two = await latest(2);
    expect(two.map((e) => [e.action, e.actorName, e.targetProfileId])).toEqual([
      ["a.two", "Tâche automatique", 2],
      ["a.one", "Tâche automatique", 1],
    ]);
  });

  it("writes nothing for a change that is rolled back", async () => {
    const before = (await latest())[0]?.id ?? 0;
    await expect(
      transaction(async () => {
        await audit(null, "x.fail", "Ne doit pas rester.");
        throw new Error("refusé");
      }),
    ).rejects.toThrow("refusé");
    expect((await latest())[0]?.id ?? 0).toBe(before);
  });
});
