import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lockFolder, pingDatabase } from "./db.server";

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
});
