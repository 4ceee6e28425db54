/**
 * Vitest setup: every test file gets its own fresh, migrated database — a
 * copy of the one migrated once by tests/setup/global-database.ts: an
 * in-memory PGlite loaded from its dump, or (project "postgres") a new
 * database created from the migrated template, dropped afterwards. The test
 * club's facts are written into it (tests/helpers/test-club.ts): the code's
 * defaults hold no club's facts.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { setEnvForTests } from "~/lib/core/env.server";
import { clearSettingsCache } from "~/lib/club/settings.server";
import { setUpTestClub } from "../helpers/test-club";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-test-"));
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  setEnvForTests({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    BASE_URL: "http://localhost:3000",
    SMTP_URL: "",
    DATABASE_URL: "",
    LOG_LEVEL: "error",
  });
  clearSettingsCache();
  if (process.env.TEST_DB_DRIVER === "postgres") {
    const admin = process.env.TEST_DATABASE_URL!;
    const { default: pg } = await import("pg");
    const name = `test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${inject("postgresTemplate")}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    await openDatabase({ url: url.toString(), migrate: false });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dump = new Blob([readFileSync(inject("pgliteTemplate"))]);
    await openDatabase({ pgliteDir: "memory://", pgliteData: dump, migrate: false });
  }
  await setUpTestClub();
  clearSettingsCache();
});

afterAll(async () => {
  await closeDatabase();
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});
