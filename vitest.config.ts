/**
 * Vitest projects (docs/decisions/0012-test-harness.md):
 * - "pure": `*.pure.test.ts(x)` files, no database at all (opening one fails:
 *   `db` throws "database not open"). Run once, whatever the database.
 * - "pglite": every other test file, each on its own copy of a database
 *   migrated once per run (tests/setup/global-database.ts).
 * - "postgres": the same files on the TEST_DATABASE_URL server (CI sets it).
 */
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const roots = ["app/**/", "server/**/", "scripts/**/", "tests/integration/**/", "tests/deploy/**/"];
const pure = roots.map((r) => `${r}*.pure.test.{ts,tsx}`);
const include = roots.map((r) => `${r}*.test.{ts,tsx}`);
const database = {
  include,
  exclude: pure,
  globalSetup: ["tests/setup/global-database.ts"],
  setupFiles: ["tests/setup/database.ts"],
};

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "pure", include: pure } },
      { extends: true, test: { name: "pglite", ...database } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: { name: "postgres", ...database, env: { TEST_DB_DRIVER: "postgres" } },
            },
          ]
        : []),
    ],
  },
});
