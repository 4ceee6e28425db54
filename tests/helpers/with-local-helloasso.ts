/**
 * Vitest helper: a local HelloAsso (tests/helpers/local-helloasso.ts) for the
 * test file, with the app's environment pointed at it (HELLOASSO_*), as
 * tests/helpers/local-google.ts does for Google.
 */
import { afterAll, beforeAll } from "vitest";
import { env, setEnvForTests } from "~/lib/core/env.server";
import { LOCAL_CLIENT_ID, LOCAL_CLIENT_SECRET, LOCAL_ORGANIZATION, LocalHelloAsso } from "./local-helloasso";

/**
 * Starts a local HelloAsso for the test file and points the app's
 * environment at it (HELLOASSO_*), as tests/helpers/local-google.ts does.
 */
export function withLocalHelloAsso(): LocalHelloAsso {
  const ha = new LocalHelloAsso();
  beforeAll(async () => {
    await ha.start();
    const current = env();
    setEnvForTests({
      NODE_ENV: "test",
      DATA_DIR: current.DATA_DIR,
      BASE_URL: current.BASE_URL,
      BETTER_AUTH_SECRET: current.BETTER_AUTH_SECRET,
      DATABASE_URL: current.DATABASE_URL ?? "",
      SMTP_URL: "",
      LOG_LEVEL: "error",
      HELLOASSO_CLIENT_ID: LOCAL_CLIENT_ID,
      HELLOASSO_CLIENT_SECRET: LOCAL_CLIENT_SECRET,
      HELLOASSO_ORGANIZATION: LOCAL_ORGANIZATION,
      HELLOASSO_API_URL: ha.apiUrl,
    });
  });
  afterAll(async () => {
    await ha.stop();
  });
  return ha;
}
