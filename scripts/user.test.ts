/**
 * `npm run user` follows the rules of the management pages: role names
 * normalised, "pré-inscrit" alone, the last active administrator keeps the
 * role, an audit-log entry naming the command line; and, while the server
 * holds the embedded database, it says so in French and touches nothing.
 * Commands run in-process on the test database (already open), except the
 * last one, which is the real command in a child process.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users } from "#db/schema";
import { createUser } from "../tests/helpers/auth";
import { db, lockFolder } from "~/lib/core/db.server";
import { parseRoleName } from "~/lib/accounts/roles";
import { runUserCommand } from "./user";

const alreadyOpen = { open: async () => {} };

async function rolesOf(email: string) {
  const [row] = await db.select({ roles: users.roles }).from(users).where(eq(users.email, email));
  return row?.roles;
}

describe("npm run user -- set-role", () => {
  it("reads role names in any case, with or without accents, or as their French label", async () => {
    expect(parseRoleName("pre-inscrit")).toBe("pré-inscrit");
    expect(parseRoleName(" ADMIN ")).toBe("admin");
    expect(parseRoleName("user-manager")).toBe("user_manager");
    expect(parseRoleName("Gestionnaire des contenus")).toBe("article_manager");
    expect(parseRoleName("chef")).toBeNull();
    const { email } = await createUser({ roles: ["pré-inscrit"] });
    await runUserCommand(["set-role", "--email", email.toUpperCase(), "--role", "Membre, USER-MANAGER"], alreadyOpen);
    expect(await rolesOf(email)).toEqual(["user_manager", "membre"]);
  });

  it("refuses pré-inscrit combined with another role, as the edit page does, and changes nothing", async () => {
    const { email } = await createUser({ roles: ["membre"] });
    await expect(
      runUserCommand(["set-role", "--email", email, "--role", "pré-inscrit,admin"], alreadyOpen),
    ).rejects.toThrow(/Un pré-inscrit n'a pas d'autre rôle/);
    expect(await rolesOf(email)).toEqual(["membre"]);
  });

  it("refuses pré-inscrit combined with another role when adding an account too", async () => {
    await expect(
      runUserCommand(
        [
          "add",
          "--email",
          "melange@exemple.fr",
          "--password",
          "une phrase de passe assez longue",
          "--prenom",
          "Léa",
          "--role",
          "pre-inscrit,admin",
        ],
        alreadyOpen,
      ),
    ).rejects.toThrow(/Un pré-inscrit n'a pas d'autre rôle/);
    expect(await rolesOf("melange@exemple.fr")).toBeUndefined();
  });

  it("refuses to take the role from the last active administrator, then allows it once another exists", async () => {
    const first = await createUser({ roles: ["admin"] });
    await expect(runUserCommand(["set-role", "--email", first.email, "--role", "membre"], alreadyOpen)).rejects.toThrow(
      /au moins un administrateur actif/,
    );
    expect(await rolesOf(first.email)).toEqual(["admin"]);
    const second = await createUser({ roles: ["membre"] });
    await runUserCommand(["set-role", "--email", second.email, "--role", "admin"], alreadyOpen);
    await runUserCommand(["set-role", "--email", first.email, "--role", "membre"], alreadyOpen);
    expect(await rolesOf(first.email)).toEqual(["membre"]);
  });

  it("writes the change to the audit log with the command line as author", async () => {
    const { email, user } = await createUser({ roles: ["membre"] });
    await runUserCommand(["set-role", "--email", email, "--role", "article_manager,membre"], alreadyOpen);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetUserId, user.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: null,
      actorName: `Ligne de commande (npm run user -- set-role --email ${email} --role article_manager,membre)`,
      action: "user.update",
    });
    expect(entry?.summary).toBe("rôles\u00a0: Membre → Gestionnaire des contenus, Membre");
  });

  it("refuses an unknown account in French", async () => {
    await expect(
      runUserCommand(["set-role", "--email", "personne@exemple.fr", "--role", "membre"], alreadyOpen),
    ).rejects.toThrow("Aucun compte n'a l'adresse personne@exemple.fr.");
  });
});

describe("npm run user while the server holds the embedded database", () => {
  it("says so in French, with what to do instead, and exits without opening it", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-cli-"));
    // The lock the server takes: this (live) test process plays the server.
    const unlock = await lockFolder(path.join(dataDir, "pglite"));
    try {
      mkdirSync(path.join(dataDir, "pglite"));
      const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
        const child = spawn(path.resolve("node_modules/.bin/tsx"), ["scripts/user.ts", "list"], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: "",
            BASE_URL: "http://localhost:3000",
            LOG_LEVEL: "error",
          },
        });
        let stderr = "";
        child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
        child.on("close", (status) => resolve({ status, stderr }));
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain("Le serveur utilise la base embarquée");
      expect(result.stderr).toContain("depuis l'espace membre (Utilisateurs)");
      expect(result.stderr).toContain("arrêtez le serveur le temps de la commande");
    } finally {
      await unlock();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
