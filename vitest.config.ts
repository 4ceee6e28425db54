import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

const include = ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"];

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: "pglite", include, setupFiles: ["tests/setup/database.ts"] },
      },
      // The same tests on a real PostgreSQL server when TEST_DATABASE_URL is set (CI sets it).
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include,
                setupFiles: ["tests/setup/database.ts"],
                env: { TEST_DB_DRIVER: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
