/**
 * The data-access lint rule (eslint/data-access.js): no function
 * takes a database or transaction parameter; code uses `db`, which is the
 * transaction inside transaction(). Linted with the project's own
 * configuration, on virtual contents given to files of the tree.
 */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const RULE = "data-access/no-connection-parameters";
/** The first lint builds the TypeScript program of the project (type-aware rules): slow on a busy machine. */
const SLOW = 120_000;
const eslint = new ESLint({ cwd: process.cwd() });

/** The lines the rule reports in `code` linted as `file`. */
async function reported(file: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === RULE).map((m) => m.line);
}

describe("no connection parameters", () => {
  it(
    "refuses a database or transaction parameter, in every shape a function takes",
    async () => {
      const code = [
        'import { db, type Queryable, type Transaction as Tx } from "../core/db.server";', // 1
        "export async function one(id: string, q: Queryable = db) {", // 2
        "  return q.execute(id);",
        "}",
        "export const two = async (tx: Tx, id: string) => tx.execute(id);", // 5
        "export function three(deleteRow: (tx: Tx) => Promise<void>) {", // 6
        "  return deleteRow;",
        "}",
        'export function four(q: import("../core/db.server").Database | null) {', // 9
        "  return q;",
        "}",
        "",
      ].join("\n");
      expect(await reported("app/lib/members/profiles.server.ts", code)).toEqual([2, 5, 6, 9]);
      // The message points to the convention.
      const [result] = await eslint.lintText(code, { filePath: path.resolve("app/lib/members/profiles.server.ts") });
      expect(result?.messages.find((m) => m.ruleId === RULE)?.message).toMatch(/use `db`.*0012/);
    },
    SLOW,
  );

  it(
    "refuses it in scripts and tests too",
    async () => {
      const code =
        'import type { Database } from "~/lib/core/db.server";\nexport async function seedLarge(db: Database) {\n  return db;\n}\n';
      expect(await reported("scripts/seed-large.ts", code)).toEqual([2]);
      expect(await reported("tests/helpers/app.ts", code)).toEqual([2]);
    },
    SLOW,
  );

  it(
    "lets through a connection factory, another module's Transaction type, and db.server itself",
    async () => {
      const factory =
        'import { db, type Database } from "../core/db.server";\nexport function limits(database: () => Database = () => db) {\n  return database;\n}\n';
      expect(await reported("app/lib/http/rate-limit.server.ts", factory)).toEqual([]);
      const editor =
        'import type { Transaction } from "@tiptap/pm/state";\nexport function onChange(tr: Transaction) {\n  return tr.docChanged;\n}\n';
      expect(await reported("app/components/rich-text-editor.tsx", editor)).toEqual([]);
      const core =
        'import type { Transaction } from "./db.server";\nexport function run(fn: (tx: Transaction) => Promise<void>) {\n  return fn;\n}\n';
      expect(await reported("app/lib/core/db.server.ts", core)).toEqual([]);
      expect(await reported("app/lib/core/jobs.server.ts", core)).toEqual([2]);
    },
    SLOW,
  );
});

describe("LIMIT and OFFSET written into the statement", () => {
  const LIMIT_RULE = "data-access/inline-limit";
  async function limitsReported(file: string, code: string): Promise<number[]> {
    const [result] = await eslint.lintText(code, { filePath: path.resolve(file) });
    return (result?.messages ?? []).filter((m) => m.ruleId === LIMIT_RULE).map((m) => m.line);
  }

  it(
    "refuses a query's limit or offset given as a number, and lets inlineCount() through",
    async () => {
      const code = [
        'import { desc } from "drizzle-orm";', // 1
        'import { articles } from "#db/schema";',
        'import { db, inlineCount } from "../core/db.server";',
        "export async function page(n: number) {",
        "  await db.select().from(articles).orderBy(desc(articles.id)).limit(20).offset(n * 20);", // 5
        "  await db.select().from(articles).limit(inlineCount(20)).offset(inlineCount(n * 20));", // 6
        "  return db.select().from(articles).limit(1);", // 7
        "}",
        "",
      ].join("\n");
      // Line 5 twice: its limit and its offset.
      expect(await limitsReported("app/lib/content/articles.server.ts", code)).toEqual([5, 5, 7]);
      expect(await limitsReported("scripts/seed-large.ts", code)).toEqual([5, 5, 7]);
      // Tests build their queries as they like.
      expect(await limitsReported("app/lib/content/articles.server.test.ts", code)).toEqual([]);
      // A module that builds no query may have its own `.limit()`.
      expect(
        await limitsReported(
          "app/lib/core/other.ts",
          "export const x = (r: { limit(n: number): void }) => r.limit(3);\n",
        ),
      ).toEqual([]);
    },
    SLOW,
  );
});
