import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todos } from "#db/schema";
import { afterCommit, db, explainFolderError, inlineCount, lockFolder, pingDatabase, transaction } from "./db.server";

const root = mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("database", () => {
  it("answers a health ping", async () => {
    expect(await pingDatabase()).toBe(true);
  });

  it("writes a LIMIT and an OFFSET into the statement, and refuses what is not a count", async () => {
    await db.insert(todos).values([1, 2, 3, 4].map((n) => ({ title: `Tâche limite ${n}` })));
    const query = db
      .select({ title: todos.title })
      .from(todos)
      .where(sql`${todos.title} like 'Tâche limite %'`)
      .orderBy(todos.title)
      .limit(inlineCount(2))
      .offset(inlineCount(1));
    const { sql: text, params } = query.toSQL();
    expect(text).toMatch(/ limit 2 offset 1$/);
    expect(params).toEqual([]);
    expect((await query).map((r) => r.title)).toEqual(["Tâche limite 2", "Tâche limite 3"]);
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])
      expect(() => inlineCount(bad)).toThrow(RangeError);
  });

  it("reads arrays, JSON, numbers and booleans back typed", async () => {
    const result = await db.execute(
      sql`select array['a', 'b']::text[] as roles, array[1, 2]::int4[] as ids, '{"a": 1}'::jsonb as doc, 12::int4 as n, true as yes, array[true, false] as flags`,
    );
    const { rows } = result as { rows: Array<Record<string, unknown>> };
    expect(rows[0]).toEqual({ roles: ["a", "b"], ids: [1, 2], doc: { a: 1 }, n: 12, yes: true, flags: [true, false] });
    // PGlite's trimmed parser table is in its thread: pglite-thread.server.test.ts.
  });

  it("reads counts, sums, numerics, dates and timestamps back as the same types on both engines", async () => {
    const result = await db.execute(
      sql`select count(*) as c, sum(x) as s, coalesce(sum(x), 0) as z, 2.5::numeric as n, '2026-12-08'::date as d, '2026-12-08 10:00:00+00'::timestamptz as t from (values (1), (2)) v(x)`,
    );
    const { rows } = result as { rows: Array<Record<string, unknown>> };
    expect(rows[0]).toEqual({ c: 2, s: 3, z: 3, n: "2.5", d: "2026-12-08", t: "2026-12-08 10:00:00+00" });
  });

  it("runs after-commit work once the outermost transaction commits, never after a rollback", async () => {
    const seen: string[] = [];
    await transaction(async () => {
      afterCommit(() => seen.push("outer"));
      await transaction(async () => {
        afterCommit(() => seen.push("savepoint"));
      });
      expect(seen).toEqual([]); // nothing before the commit, even after the savepoint ended
    });
    expect(seen).toEqual(["outer", "savepoint"]);
    await expect(
      transaction(async () => {
        afterCommit(() => seen.push("rolled back"));
        throw new Error("annulé");
      }),
    ).rejects.toThrow("annulé");
    afterCommit(() => seen.push("no transaction"));
    expect(seen).toEqual(["outer", "savepoint", "no transaction"]);
  });

  it.runIf(process.env.TEST_DB_DRIVER === "postgres")(
    "keeps serving when PostgreSQL closes its idle connections (no unhandled error stops the process)",
    async () => {
      // Several pooled connections, then all but one closed by the server (as a restart would).
      await Promise.all([1, 2, 3].map(() => db.execute(sql`select pg_sleep(0.05)`)));
      await db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      await new Promise((r) => setTimeout(r, 200));
      const answers = await Promise.all([1, 2, 3].map(() => pingDatabase()));
      expect(answers).toEqual([true, true, true]);
    },
  );

  it("lets one live process own a PGlite folder, whatever is left by a dead one", async () => {
    const dir = path.join(root, "pglite");
    const lockFile = path.join(root, "pglite.lock");
    // Another live process holds the lock (a listener on the socket), then dies by kill -9.
    const other = spawn(process.execPath, [
      "-e",
      `require("node:net").createServer().listen(${JSON.stringify(lockFile)}, () => console.log("ready"))`,
    ]);
    try {
      await new Promise((r) => other.stdout.once("data", r));
      await expect(lockFolder(dir)).rejects.toThrow(/déjà utilisée par un autre processus/);
    } finally {
      other.kill("SIGKILL");
      await new Promise((r) => other.once("exit", r));
    }
    expect(existsSync(lockFile)).toBe(true); // left behind by the dead owner
    const unlock = await lockFolder(dir);
    await expect(lockFolder(dir)).rejects.toThrow(/déjà utilisée/);
    await unlock();
    expect(existsSync(lockFile)).toBe(false);
  });

  it("is never blocked by an old PID file, even with a live or impossible PID", async () => {
    const dir = path.join(root, "pglite-pid");
    const lockFile = path.join(root, "pglite-pid.lock");
    for (const pid of ["-1", String(process.ppid), "1"]) {
      writeFileSync(lockFile, pid);
      const unlock = await lockFolder(dir);
      await unlock();
    }
  });

  it("explains a read-only data folder in French", () => {
    const err = Object.assign(new Error("EROFS: read-only file system, mkdir '/data/pglite'"), { code: "EROFS" });
    const explained = explainFolderError(err, "/data") as Error;
    expect(explained.message).toBe(
      "Le dossier de données /data est en lecture seule\u00a0: le site doit pouvoir y écrire (vérifiez DATA_DIR et le montage du disque).",
    );
    expect(explained.cause).toBe(err);
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
