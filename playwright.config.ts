import { defineConfig } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium (/usr/bin/chromium); the global setup
 * starts the production build on a free port with its own data folder, a local
 * SMTP server that stores every message, and exports their addresses.
 */
export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./tests/e2e/global-setup.ts",
  // The axe walks load several pages each (42-48 s on this 2-core machine beside another test worker).
  timeout: 90_000,
  // An expectation waits for the page: on the loaded 2-core CI machine a server answer beside
  // another worker's axe walk has taken more than 10 s (the contact refusal, stop 28's last CI run).
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  // One retry (decision 0049): on the busy 2-core CI machine a few tests failed once, a different
  // one each run, none reproduced here. A retried test is listed as "flaky": read it as a fault to find.
  retries: 1,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results/e2e",
  use: {
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
});
