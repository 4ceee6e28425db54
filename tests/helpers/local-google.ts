/**
 * Vitest helper: a local OIDC issuer standing in for Google (oauth2-mock-server),
 * with the app's environment pointed at it for the file. Call
 * `withLocalGoogle()` at the top of a test file; `setClaims()` sets the ID
 * token's claims (email, sub, name…) of the next sign-in.
 */
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll } from "vitest";
import { resetAuthForTests } from "~/lib/accounts/auth.server";
import { env, setEnvForTests } from "~/lib/core/env.server";

export function withLocalGoogle() {
  const oidc = new OAuth2Server();
  let claims: Record<string, unknown> = {};
  beforeAll(async () => {
    await oidc.issuer.keys.generate("RS256");
    oidc.service.on("beforeTokenSigning", (token) => Object.assign(token.payload, claims));
    await oidc.start(0, "localhost");
    const current = env();
    setEnvForTests({
      NODE_ENV: "test",
      DATA_DIR: current.DATA_DIR,
      BASE_URL: current.BASE_URL,
      BETTER_AUTH_SECRET: current.BETTER_AUTH_SECRET,
      DATABASE_URL: current.DATABASE_URL ?? "",
      SMTP_URL: "",
      LOG_LEVEL: "error",
      GOOGLE_CLIENT_ID: "club-test-client",
      GOOGLE_CLIENT_SECRET: "club-test-secret",
      GOOGLE_ISSUER: oidc.issuer.url!,
    });
    resetAuthForTests();
  });
  afterAll(async () => {
    await oidc.stop();
    resetAuthForTests();
  });
  return {
    oidc,
    setClaims: (next: Record<string, unknown>) => {
      claims = next;
    },
  };
}
