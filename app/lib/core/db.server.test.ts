import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { todos } from "#db/schema";
import {
  afterCommit,
  db,
  explainFolderError,
  inlineCount,
  jsonRow,
  lockFolder,
  MAX_BUILT_READS,
  pingDatabase,
  preparedRead,
  transaction,
} from "./db.server";

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

  it("reads a row's fields as one JSON value (jsonRow): the same values, dates and timestamps as text", async () => {
    const [todo] = await db
      .insert(todos)
      .values({ title: "Tâche « JSON »", dueOn: "2026-12-24", doneAt: new Date("2026-12-02T08:30:00.250Z") })
      .returning({ id: todos.id });
    const [plain] = await db
      .select({ id: todos.id, title: todos.title, notes: todos.notes, dueOn: todos.dueOn, doneAt: todos.doneAt })
      .from(todos)
      .where(eq(todos.id, todo!.id));
    const [read] = await db
      .select({
        row: jsonRow<{
          id: number;
          title: string;
          notes: string;
          dueOn: string;
          doneAt: string;
          none: null;
          tags: string[];
        }>({
          id: todos.id,
          title: todos.title,
          notes: todos.notes,
          dueOn: todos.dueOn,
          doneAt: todos.doneAt,
          none: sql`null`,
          tags: sql`array['a', 'b']::text[]`,
        }),
      })
      .from(todos)
      .where(eq(todos.id, todo!.id));
    const row = read!.row;
    expect({ ...row, doneAt: new Date(row.doneAt) }).toEqual({ ...plain, none: null, tags: ["a", "b"] });
    expect(row.dueOn).toBe("2026-12-24");
    expect(() => jsonRow({ "x'); drop table todos; --": todos.id })).toThrow(/Clé JSON invalide/);
  });

  it("builds a read once per shape and runs it with each run's values; inside a transaction, on it", async () => {
    await db.insert(todos).values(["rouge", "vert", "bleu"].map((c) => ({ title: `Tâche préparée ${c}` })));
    let builds = 0;
    const titled = (title: string) =>
      preparedRead(
        "test-todo-by-title",
        (name) => {
          builds++;
          return db
            .select({ title: todos.title })
            .from(todos)
            .where(eq(todos.title, sql.placeholder("title")))
            .prepare(name);
        },
        { title },
      );
    expect(await titled("Tâche préparée rouge")).toEqual([{ title: "Tâche préparée rouge" }]);
    expect(await titled("Tâche préparée vert")).toEqual([{ title: "Tâche préparée vert" }]);
    expect(await titled("x' or '1'='1")).toEqual([]); // a value, never text of the statement
    expect(builds).toBe(1);

    // Inside a transaction the read is part of it: it sees the row not yet committed, which the
    // rollback then takes away; built on the transaction, it is not kept.
    await expect(
      transaction(async () => {
        await db.insert(todos).values({ title: "Tâche préparée en cours" });
        expect(await titled("Tâche préparée en cours")).toEqual([{ title: "Tâche préparée en cours" }]);
        throw new Error("annulée");
      }),
    ).rejects.toThrow("annulée");
    expect(builds).toBe(2);
    expect(await titled("Tâche préparée en cours")).toEqual([]);
    expect(builds).toBe(2);

    // At most MAX_BUILT_READS are kept: the least recently used is built again.
    for (let i = 0; i < MAX_BUILT_READS; i++) {
      await preparedRead(`test-other-${i}`, (name) =>
        db
          .select({ n: sql<number>`${i}::int` })
          .from(todos)
          .limit(inlineCount(1))
          .prepare(name),
      );
    }
    await titled("Tâche préparée bleu");
    expect(builds).toBe(3);
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
