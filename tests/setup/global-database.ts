/**
 * Vitest global setup: migrate ONCE per run, then every test file starts from
 * a copy of that migrated database (tests/setup/database.ts).
 *
 * - pglite: an in-memory PGlite is migrated and its data folder dumped to a
 *   tarball; each file loads it (`loadDataDir`) instead of migrating again.
 * - postgres: a template database `test_tpl_<pid>` is migrated on the
 *   TEST_DATABASE_URL server; each file runs `CREATE DATABASE … TEMPLATE` it.
 *   The template is dropped at teardown.
 *
 * Rules: nothing here imports app code (this runs in Vitest's main process);
 * the location of the copy is handed to the test files with `provide`.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

declare module "vitest" {
  export interface ProvidedContext {
    /** pglite: path of the migrated data folder's tarball. */
    pgliteTemplate: string;
    /** postgres: name of the migrated template database. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_DB_DRIVER === "postgres") return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create();
  await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder });
  const dump = await client.dumpDataDir("none");
  await client.close();
  const dir = mkdtempSync(path.join(os.tmpdir(), "club-template-"));
  const file = path.join(dir, "pglite.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is required for the postgres project");
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const name = `test_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const run = async (statement: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await migrate(drizzle(client, { casing: "snake_case" }), { migrationsFolder });
  } finally {
    await client.end();
  }
  project.provide("postgresTemplate", name);
  return () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
