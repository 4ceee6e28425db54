/**
 * Authorisation on the server: the capabilities of permissions.ts, enforced.
 *
 * Rules:
 *  - A loader or action that needs a capability beyond its section's calls
 *    `authorize(user, capability)`: without it, the project's 403 answer (`forbidden()`).
 *  - A query for the accounts that hold a capability (the managers to notify, the active admins)
 *    reads it with `holdsCapability(capability)`; a query for a role as a fact of the account
 *    (pending, instructor) with `holdsRole(role)`. Neither writes a role's name.
 */
import { sql, type SQL } from "drizzle-orm";
import { users } from "#db/schema";
import { forbidden } from "../http/responses";
import { can, rolesWith, type Capability } from "./capabilities";
import type { Role } from "./roles";

/** Stops with 403 unless the account holds the capability. */
export function authorize(user: { roles: readonly string[] } | null | undefined, capability: Capability): void {
  if (!can(user, capability)) forbidden();
}

/** SQL condition on `users`: the account holds one of the roles with this capability. */
export function holdsCapability(capability: Capability): SQL {
  const roles = rolesWith(capability);
  return sql`${users.roles} && ARRAY[${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )}]::text[]`;
}

/** SQL condition on `users`: the account holds this role. */
export function holdsRole(role: Role): SQL {
  return sql`${role} = any(${users.roles})`;
}
