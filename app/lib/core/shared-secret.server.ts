/**
 * The secret that signs session cookies, shared by every machine of one
 * PostgreSQL database. Without BETTER_AUTH_SECRET each machine generates its
 * own in its data folder: behind a load balancer a member signed in through
 * one machine would be signed out by the next. So, at start (after the
 * migrations, before anything signs), the first machine stores its secret in
 * `instance_secrets` and every machine uses the stored one.
 *
 * Rules: PostgreSQL only (the embedded database is one process); a
 * BETTER_AUTH_SECRET set in the environment always wins and is never stored;
 * the first secret stored stays (insert-if-absent, one statement), so an
 * existing single machine keeps its data folder's secret and its members'
 * sessions. The table is never copied into a backup (operations/archive-files.server.ts).
 */
import { eq } from "drizzle-orm";
import { instanceSecrets } from "#db/schema";
import { databaseDriver, db } from "./db.server";
import { shareGeneratedSecret } from "./env.server";

const NAME = "better-auth";

/** Uses the database's shared secret when the environment sets none (PostgreSQL only). */
export async function shareAuthSecret(): Promise<void> {
  if (databaseDriver() !== "postgres") return;
  await shareGeneratedSecret(async (local) => {
    await db.insert(instanceSecrets).values({ name: NAME, value: local }).onConflictDoNothing();
    const [row] = await db
      .select({ value: instanceSecrets.value })
      .from(instanceSecrets)
      .where(eq(instanceSecrets.name, NAME));
    return row?.value ?? local;
  });
}
