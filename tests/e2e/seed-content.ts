/**
 * Browser-test data for the news, the calendar, its feed and home's blocks, written by the
 * global setup before the server starts (like the fixture accounts): the site itself publishes
 * no news and no event, so the specs that read them get the sample content of
 * tests/helpers/sample-content.ts, and assert on its titles (`SAMPLE`).
 * Run with tsx, DATA_DIR set: `tsx tests/e2e/seed-content.ts`.
 */
import path from "node:path";
import { closeDatabase, openDatabase } from "~/lib/core/db.server";
import { env } from "~/lib/core/env.server";
import { publishSampleContent } from "../helpers/sample-content";

async function main() {
  await openDatabase({ url: "", pgliteDir: path.join(env().DATA_DIR, "pglite") });
  await publishSampleContent();
  await closeDatabase();
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
