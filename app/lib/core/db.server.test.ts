import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todos } from "#db/schema";
import { db, lockFolder, pingDatabase, transaction } from "./db.server";

const root = mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("database", () => {
  it("answers a health ping", async () => {
    expect(await pingDatabase()).toBe(true);
  });

  it("lets one process own a PGlite folder", async () => {
    const dir = path.join(root, "pglite");
    const lockFile = path.join(root, "pglite.lock");
    // Another live process holds the lock.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"]);
    try {
      writeFileSync(lockFile, String(other.pid));
      expect(() => lockFolder(dir)).toThrow(/déjà utilisée par le processus/);
    } finally {
      other.kill();
      await new Promise((r) => other.once("exit", r));
    }
    // Its owner is gone: the stale lock is taken over, then released.
    const unlock = lockFolder(dir);
    expect(readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    unlock();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("sends every query made through db inside a transaction to that transaction, rolled back with it", async () => {
    const title = "Tâche dans une transaction annulée";
    let seenInside = 0;
    const attempt = db.transaction(async () => {
      // No `tx` here: the shared `db` must reach the transaction, not the outer connection
      // (on PGlite the outer connection would wait for the transaction forever).
      await db.insert(todos).values({ title });
      seenInside = (await db.select().from(todos).where(eq(todos.title, title))).length;
      throw new Error("annulée");
    });
    await expect(attempt).rejects.toThrow("annulée");
    expect(seenInside).toBe(1);
    expect(await db.select().from(todos).where(eq(todos.title, title))).toHaveLength(0);
  }, 10_000);

  it("nests a transaction as a savepoint of the outer one", async () => {
    const kept = "Tâche gardée";
    const undone = "Tâche du point de sauvegarde";
    await transaction(async () => {
      await db.insert(todos).values({ title: kept });
      await expect(
        db.transaction(async () => {
          await db.insert(todos).values({ title: undone });
          throw new Error("point de sauvegarde annulé");
        }),
      ).rejects.toThrow("point de sauvegarde annulé");
    });
    expect(await db.select().from(todos).where(eq(todos.title, kept))).toHaveLength(1);
    expect(await db.select().from(todos).where(eq(todos.title, undone))).toHaveLength(0);
  }, 10_000);
});
