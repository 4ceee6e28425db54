/**
 * PGlite makes no fsync of its own: the durability pass syncs the files a
 * commit changed (WAL first), and the last pass runs when the database closes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";
import { startDurabilitySync, syncDataFolder } from "./durability.server";

const root = mkdtempSync(path.join(os.tmpdir(), "durability-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("durability of the embedded database", () => {
  it("syncs the write-ahead log and data files changed by a commit, and nothing when idle", async () => {
    const dir = path.join(root, "pglite");
    const client = await PGlite.create(dir);
    try {
      // A long interval: the test calls the passes itself (no dependency on time).
      const sync = startDurabilitySync(dir, 3_600_000);
      await client.exec(
        "create table messages (id serial primary key, texte text); insert into messages (texte) values ('bonjour')",
      );
      const first = await sync.pass();
      const wal = (first?.files ?? []).filter((f) => f.includes(`${path.sep}pg_wal${path.sep}`));
      expect(wal.length).toBeGreaterThan(0);
      // Nothing written since: the next pass has nothing to do.
      expect(await sync.pass()).toBeNull();
      await client.exec("insert into messages (texte) values ('encore')");
      // Off the request thread, and never two passes at once: the second call finds one running.
      const [running, skipped] = [sync.pass(), sync.pass()];
      expect(await skipped).toBeNull();
      expect((await running)?.files.some((f) => f.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      await sync.stop();
    } finally {
      await client.close();
    }
    // Files modified "in the future" only: nothing to sync.
    expect((await syncDataFolder(dir, Date.now() + 60_000)).files).toEqual([]);
  });
});
