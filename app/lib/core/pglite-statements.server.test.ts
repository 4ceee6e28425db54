/**
 * PGlite's queries as prepared statements answered in one call,
 * on a PGlite of their own: the same answers and errors as PGlite's own path,
 * one statement per text, transactions kept apart, stale plans prepared again,
 * a bounded number of statements.
 */
import { PGlite, parse, protocol } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STATEMENTS, prepareStatements } from "./pglite-statements.server";

let plain: PGlite;
let prepared: PGlite;

beforeAll(async () => {
  [plain, prepared] = await Promise.all([PGlite.create(), PGlite.create()]);
  prepareStatements(prepared, { parse, protocol });
  for (const pg of [plain, prepared])
    await pg.exec(`
      create table licences (
        id serial primary key,
        email text not null unique,
        roles text[] not null default '{}',
        details jsonb,
        paid_at timestamptz,
        amount bigint,
        active boolean not null default true,
        photo bytea
      );`);
}, 60_000);

afterAll(async () => {
  await Promise.all([plain.close(), prepared.close()]);
});

async function statementCount(pg: PGlite): Promise<number> {
  const { rows } = await pg.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements");
  return rows[0]!.n;
}

describe("queries as prepared statements", () => {
  it("answer exactly as PGlite's own path: every type, nulls, array rows", async () => {
    const insert =
      "insert into licences (email, roles, details, paid_at, amount, active, photo) values ($1, $2, $3, $4, $5, $6, $7) returning *";
    const params = [
      "parent@exemple.fr",
      ["membre", "parent"],
      { famille: "Nguyễn", enfants: 2 },
      new Date("2026-09-12T08:30:00.000Z"),
      12_000_000_000n,
      false,
      new Uint8Array([1, 2, 3]),
    ];
    const withNulls = ["enfant@exemple.fr", [], null, null, null, true, null];
    for (const p of [params, withNulls]) {
      const [a, b] = await Promise.all([plain.query(insert, p), prepared.query(insert, p)]);
      expect(b.rows).toEqual(a.rows);
      expect(b.fields).toEqual(a.fields);
      expect(b.affectedRows).toBe(a.affectedRows);
    }
    const select = "select email, roles, amount from licences where active = $1 order by id";
    const [a, b] = await Promise.all([
      plain.query(select, [true], { rowMode: "array" }),
      prepared.query(select, [true], { rowMode: "array" }),
    ]);
    expect(b.rows).toEqual([["enfant@exemple.fr", [], null]]);
    expect(b.rows).toEqual(a.rows);
  });

  it("prepare each text once, then reuse it", async () => {
    const before = await statementCount(prepared);
    const text = "select count(*)::int as n from licences where email like $1";
    for (let i = 0; i < 5; i++) expect((await prepared.query(text, ["%@exemple.fr"])).rows).toEqual([{ n: 2 }]);
    // The text above, plus the count's own statement the first time it ran.
    expect(await statementCount(prepared)).toBeLessThanOrEqual(before + 2);
    const { rows } = await prepared.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements where statement = $1",
      [text],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("throw PostgreSQL's error with its code and query, and keep answering", async () => {
    const dup = prepared.query("insert into licences (email) values ($1)", ["parent@exemple.fr"]);
    await expect(dup).rejects.toMatchObject({ code: "23505", query: "insert into licences (email) values ($1)" });
    await expect(prepared.query("selec 1")).rejects.toMatchObject({ code: "42601" });
    expect((await prepared.query("select 1 as un")).rows).toEqual([{ un: 1 }]);
  });

  it("keep a transaction apart: its writes roll back, queries outside wait for it", async () => {
    const order: string[] = [];
    const tx = prepared
      .transaction(async (t) => {
        await t.query("insert into licences (email) values ($1)", ["annule@exemple.fr"]);
        order.push("tx wrote");
        const inside = await t.query<{ n: number }>("select count(*)::int as n from licences where email = $1", [
          "annule@exemple.fr",
        ]);
        expect(inside.rows).toEqual([{ n: 1 }]);
        await t.query("insert into licences (email) values ($1)", ["parent@exemple.fr"]); // unique violation
      })
      .catch((err: { code?: string }) => err.code);
    const outside = prepared
      .query<{ n: number }>("select count(*)::int as n from licences where email = $1", ["annule@exemple.fr"])
      .then((r) => {
        order.push("outside read");
        return r.rows;
      });
    expect(await tx).toBe("23505");
    expect(await outside).toEqual([{ n: 0 }]);
    expect(order).toEqual(["tx wrote", "outside read"]);
    // A statement first prepared in that rolled-back transaction still works.
    expect(
      (await prepared.query("select count(*)::int as n from licences where email = $1", ["parent@exemple.fr"])).rows,
    ).toEqual([{ n: 1 }]);
  });

  it("prepare again a statement whose table changed", async () => {
    const text = "select * from licences where id = $1";
    const first = await prepared.query<Record<string, unknown>>(text, [1]);
    expect(Object.keys(first.rows[0]!)).not.toContain("grade");
    await prepared.exec("alter table licences add column grade text");
    const again = await prepared.query<Record<string, unknown>>(text, [1]);
    expect(again.rows[0]).toMatchObject({ email: "parent@exemple.fr", grade: null });
  });

  it(`hold at most ${MAX_STATEMENTS} statements`, async () => {
    for (let i = 0; i < MAX_STATEMENTS + 20; i++) await prepared.query(`select $1::int + ${i} as n`, [1]);
    expect((await prepared.query(`select $1::int + 3 as n`, [1])).rows).toEqual([{ n: 4 }]);
    expect(await statementCount(prepared)).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
  });
});
