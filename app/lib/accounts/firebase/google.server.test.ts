/**
 * An account imported from Firebase with a Google link signs in with Google
 * (real OIDC flow against a local OIDC server) and lands on the same account.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { users } from "#db/schema";
import { cookieFromSetCookie } from "../../../../tests/helpers/auth";
import { withLocalGoogle } from "../../../../tests/helpers/local-google";
import { db } from "../../core/db.server";
import { getAuth } from "../auth.server";
import { startGoogleSignIn } from "../auth-operations.server";
import { getSessionUser } from "../session.server";
import { readImportFiles } from "./files.server";
import { importFirebase } from "./import.server";

const { setClaims } = withLocalGoogle();

it("a Google-linked imported account signs in with Google onto the same account", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "firebase-google-"));
  const auth = path.join(dir, "users.json");
  writeFileSync(
    auth,
    JSON.stringify({
      users: [
        {
          localId: "fbGoogleOnly1",
          email: "linh.pham@exemple.fr",
          emailVerified: true,
          createdAt: "1600000000000",
          displayName: "Linh Pham",
          providerUserInfo: [{ providerId: "google.com", rawId: "109876543210", email: "linh.pham@exemple.fr" }],
        },
      ],
    }),
  );
  await importFirebase(readImportFiles({ auth }));

  setClaims({ email: "linh.pham@exemple.fr", email_verified: true, name: "Linh Pham", sub: "109876543210" });
  // A refusal throws (AuthFailure): the test fails with its message.
  const start = await startGoogleSignIn({ redirectTo: "/espace-membre", ip: "127.0.0.1" });
  const authorize = await fetch(start.url, { redirect: "manual" });
  const callback = authorize.headers.get("location")!;
  const res = await getAuth().handler(
    new Request(callback, { headers: { cookie: cookieFromSetCookie(start.headers) } }),
  );
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/espace-membre");
  const session = await getSessionUser(
    new Request("http://localhost:3000/", { headers: { cookie: cookieFromSetCookie(res.headers) } }),
  );
  expect(session).toMatchObject({ id: "fbGoogleOnly1", prenom: "Linh", nom: "Pham" });
  expect(await db.select().from(users).where(eq(users.email, "linh.pham@exemple.fr"))).toHaveLength(1);
});
