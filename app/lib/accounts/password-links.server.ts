/**
 * Password links (the 30-minute reset link and the 7-day welcome link) are
 * Better Auth "reset-password" verification rows whose value is the user id.
 *
 * Rules: one live link per account. Issuing a link deletes the account's
 * other links; using one (a successful reset) deletes them all. So an older
 * mail in a shared inbox can never set the password after a newer one.
 */
import { and, eq, ne } from "drizzle-orm";
import { verifications } from "#db/schema";
import { db } from "../core/db.server";

/** Deletes the password links of `userId`, except the row `keepId` (the link just issued). */
export async function revokePasswordLinks(userId: string, keepId?: string): Promise<void> {
  await db
    .delete(verifications)
    .where(
      keepId ? and(eq(verifications.value, userId), ne(verifications.id, keepId)) : eq(verifications.value, userId),
    );
}
