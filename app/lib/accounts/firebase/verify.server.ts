/**
 * Password verification for Better Auth (emailAndPassword.password.verify):
 * the site's own scrypt hashes as usual, and the hashes imported from Firebase
 * (./scrypt.server.ts). A Firebase hash that matches is replaced at once by a
 * hash of the site's own scheme: the old hash is erased at the first sign-in.
 */
import { and, eq } from "drizzle-orm";
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { accounts } from "#db/schema";
import { db } from "../../core/db.server";
import { log } from "../../core/log.server";
import { isFirebaseHash, verifyFirebaseHash } from "./scrypt.server";

export { hashPassword };

export async function verifyStoredPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  if (!isFirebaseHash(hash)) return verifyPassword({ hash, password });
  if (!(await verifyFirebaseHash(hash, password))) return false;
  const fresh = await hashPassword(password);
  const updated = await db
    .update(accounts)
    .set({ password: fresh, updatedAt: new Date() })
    .where(and(eq(accounts.providerId, "credential"), eq(accounts.password, hash)))
    .returning({ userId: accounts.userId });
  for (const row of updated) log.info("imported Firebase password re-hashed", { userId: row.userId });
  return true;
}
