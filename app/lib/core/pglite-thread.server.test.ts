/**
 * PGlite in its own thread (pglite-thread.server.ts): what Drizzle and our code
 * get back is what PGlite in process gave (rows, types, errors, transactions, locks), and the
 * thread never keeps a finished script alive. Each test starts its own thread on memory.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openPgliteThread, type PgliteThread } from "./pglite-thread.server";

const opened: PgliteThread[] = [];
afterEach(async () => {
  for (const thread of opened.splice(0)) await thread.close();
});
const root = mkdtempSync(path.join(os.tmpdir(), "pglite-thread-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function thread(): Promise<PgliteThread> {
  const t = await openPgliteThread({ dir: "memory://" });
  opened.push(t);
  await t.query("create table t (id int primary key, label text not null unique)");
  return t;
}

/** Drizzle's own options: rows as arrays, dates and timestamps kept as their text. */
const asText = (value: string) => value;
const drizzleOptions = { rowMode: "array" as const, parsers: { 1082: asText, 1114: asText, 1184: asText } };

describe.skipIf(process.env.TEST_DB_DRIVER === "postgres")("PGlite in its own thread", () => {
  it("answers rows with PGlite's types: arrays, JSON, numbers, booleans, bytes; Drizzle's dates stay text", async () => {
    const t = await thread();
    const { rows, fields } = await t.query<Record<string, unknown>>(
      "select array['a', 'b']::text[] as roles, '{\"a\": 1}'::jsonb as doc, $1::int4 as n, true as yes, '\\x0102'::bytea as bytes",
      [12],
    );
    expect(rows).toEqual([{ roles: ["a", "b"], doc: { a: 1 }, n: 12, yes: true, bytes: new Uint8Array([1, 2]) }]);
    expect(fields.map((f) => f.name)).toEqual(["roles", "doc", "n", "yes", "bytes"]);
    const dated = await t.query(
      "select '2026-12-24'::date as d, '2026-12-02 08:30:00+00'::timestamptz as at",
      [],
      drizzleOptions,
    );
    expect(dated.rows).toEqual([["2026-12-24", "2026-12-02 08:30:00+00"]]);
    // Its parser table was trimmed in the thread: an array of a type
    // none of our queries reads comes back as PostgreSQL's text.
    const { rows: intervals } = await t.query<{ i: unknown }>("select array['1 day'::interval] as i");
    expect(intervals[0]?.i).toBe('{"1 day"}');
  });

  it("throws a failed statement's error with PostgreSQL's fields (a unique violation is 23505)", async () => {
    const t = await thread();
    await t.query("insert into t values (1, 'un')");
    const err = await t.query("insert into t values (2, 'un')").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: "23505", constraint: "t_label_key", detail: "Key (label)=(un) already exists." });
    expect((err as Error).message).toMatch(/duplicate key/);
  });

  it("commits a transaction's statements together, rolls them all back when it throws", async () => {
    const t = await thread();
    await t.transaction(async (tx) => {
      await tx.query("insert into t values (1, 'un')");
      await tx.query("insert into t values (2, 'deux')");
    });
    const failure = new Error("annulé");
    await expect(
      t.transaction(async (tx) => {
        await tx.query("insert into t values (3, 'trois')");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await t.query<{ id: number }>("select id from t order by id")).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it("makes a statement outside a transaction wait for the transaction in progress, as PGlite does", async () => {
    const t = await thread();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const begun = new Promise<void>((r) => (inserted = r));
    const order: string[] = [];
    const inside = t.transaction(async (tx) => {
      await tx.query("insert into t values (1, 'un')");
      inserted();
      await held;
      order.push("transaction ends");
    });
    await begun;
    // Sent while the transaction is open: it reaches the thread before the transaction's end.
    const outside = t.query<{ n: number }>("select count(*)::int as n from t").then((r) => {
      order.push("read answered");
      return r.rows[0]?.n;
    });
    release();
    await inside;
    // Had it run at once, it would have counted 0 (the insert was not committed yet).
    expect(await outside).toBe(1);
    expect(order).toEqual(["transaction ends", "read answered"]);
  });

  it("refuses a statement sent through a transaction that has ended", async () => {
    const t = await thread();
    let kept: { query: (text: string) => Promise<unknown>; closed: boolean } | undefined;
    await t.transaction(async (tx) => {
      kept = tx;
    });
    expect(kept?.closed).toBe(true);
    await expect(kept!.query("select 1")).rejects.toThrow(/closed/);
  });

  it("refuses, in French, query options a function would have to cross threads for", async () => {
    const t = await thread();
    await expect(t.query("select 1", [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(
      /seul un analyseur qui rend le texte tel quel/,
    );
    await expect(t.query("select 1", [], { blob: new Blob([]) })).rejects.toThrow(/« blob »/);
  });

  it("says why a data folder cannot be opened (PGlite's own reason, not an empty object)", async () => {
    const file = path.join(root, "pas-un-dossier");
    writeFileSync(file, "x");
    await expect(openPgliteThread({ dir: file })).rejects.toThrow(/Program terminated with exit\(1\)/);
  });

  it("refuses every statement once closed, in French", async () => {
    const t = await openPgliteThread({ dir: "memory://" });
    await t.close();
    await expect(t.query("select 1")).rejects.toThrow(/fermée/);
  });

  it("does not keep a script alive once its statements are answered, even left open", async () => {
    const script = path.join(root, "left-open.mts");
    writeFileSync(
      script,
      `import { openPgliteThread } from ${JSON.stringify(path.resolve("app/lib/core/pglite-thread.server.ts"))};\n` +
        `const t = await openPgliteThread({ dir: "memory://" });\n` +
        `console.log(JSON.stringify((await t.query("select 41 + 1 as n")).rows));\n`,
    );
    const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: process.cwd() });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    expect(out.trim()).toBe('[{"n":42}]');
    expect(code).toBe(0);
  });
});
