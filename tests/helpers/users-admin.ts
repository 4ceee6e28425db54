/**
 * The user management tests' shared pieces: requests through the real request handler
 * (tests/helpers/app.ts) as a signed-in account, what they answered, the account's row and
 * the edit form's fields, and the four accounts the tests act as.
 */
import { assert } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { app, BASE, type AppResponse } from "./app";
import { createUser } from "./auth";
import { db } from "~/lib/core/db.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";

/** A bare request carrying a session cookie (to read the session directly). */
export function request(path: string, cookie?: string): Request {
  return new Request(`${BASE}${path}`, { headers: cookie ? { cookie } : {} });
}

export function get(path: string, cookie?: string): Promise<AppResponse> {
  return app.get(path, { as: cookie });
}

export function post(path: string, fields: Record<string, string | string[]>, cookie?: string): Promise<AppResponse> {
  return app.post(path, fields, { as: cookie });
}

export function statusOf(result: AppResponse): number {
  return result.status;
}

/** What the loader or action answered (returned, or thrown with a status). */
export function dataOf<T = Record<string, unknown>>(result: AppResponse): T {
  return (result.data ?? result.error) as T;
}

/** The first error of each field of a refused form ("" is the form itself). */
export function errorsOf(result: AppResponse): Record<string, string> {
  return firstErrors(dataOf<{ result: SubmissionResult<string[]> }>(result).result);
}

export async function userRow(id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function version(id: string): Promise<string> {
  return String((await userRow(id))?.updatedAt.getTime());
}

export async function accountFields(id: string, overrides: Record<string, string | string[]> = {}) {
  const u = await userRow(id);
  assert(u);
  return {
    intent: "account",
    version: String(u.updatedAt.getTime()),
    prenom: u.prenom,
    nom: u.nom,
    email: u.email,
    roles: u.roles,
    ...(u.active ? { active: "on" } : {}),
    ...overrides,
  };
}

export const editPath = (id: string) => `/espace-membre/utilisateurs/modifier/${id}`;

/** The seeded club and the accounts the tests act as: an admin, a user_manager, a membre, an article_manager. */
export async function usersCast() {
  await seedDatabase();
  return {
    admin: await createUser({ roles: ["admin"], prenom: "Alice", nom: "Admin" }),
    manager: await createUser({ roles: ["user_manager"], prenom: "Marc", nom: "Gestion" }),
    membre: await createUser({ roles: ["membre"], prenom: "Mélanie", nom: "Membre" }),
    articleManager: await createUser({ roles: ["article_manager"], prenom: "Arthur", nom: "Rédaction" }),
  };
}
