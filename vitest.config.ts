/**
 * Vitest projects (docs/decisions/0012-test-harness.md):
 * - "pure": `*.pure.test.ts(x)` files, no database at all (opening one fails:
 *   `db` throws "database not open"). Run once, whatever the database.
 * - "pglite": the database tests, each file on its own copy of a database
 *   migrated once per run (tests/setup/global-database.ts).
 * - "postgres": the same files on the TEST_DATABASE_URL server (CI sets it).
 *
 * Rules: without TEST_DATABASE_URL (a developer's machine) every database test runs on PGlite.
 * With it (CI), every database test runs on PostgreSQL, and PGlite runs the tests of what
 * differs between the engines: the database layer and the server's lifecycle (app/lib/core,
 * server/), backups, restores and the scripts (app/lib/operations, scripts/, tests/deploy/), and
 * the files that name an engine's behaviour (ENGINE_FILES). What the domain code reads back is
 * the same on both: db.server.test.ts proves that the two drivers give the same types.
 * Two workers: the tests wait on the database as much as they compute.
 */
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const roots = ["app/**/", "server/**/", "scripts/**/", "tests/integration/**/", "tests/deploy/**/"];
const pure = roots.map((r) => `${r}*.pure.test.{ts,tsx}`);
const include = roots.map((r) => `${r}*.test.{ts,tsx}`);
const ENGINE_FILES = [
  "app/lib/core/**/*.test.ts",
  "app/lib/operations/**/*.test.ts",
  "server/**/*.test.ts",
  "scripts/**/*.test.ts",
  "tests/deploy/**/*.test.ts",
  "app/lib/http/rate-limit.server.test.ts",
  "app/lib/http/submissions.server.test.ts",
  "app/lib/accounts/sign-up-races.server.test.ts",
  "tests/integration/data-access.test.ts",
  "tests/integration/user-search-large.test.ts",
];
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);
const database = {
  exclude: pure,
  globalSetup: ["tests/setup/global-database.ts"],
  setupFiles: ["tests/setup/database.ts"],
};

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "pure", include: pure } },
      { extends: true, test: { name: "pglite", include: withPostgres ? ENGINE_FILES : include, ...database } },
      ...(withPostgres
        ? [
            {
              extends: true as const,
              test: { name: "postgres", include, ...database, env: { TEST_DB_DRIVER: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
