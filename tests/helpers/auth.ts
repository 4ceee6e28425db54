/**
 * Vitest helper: real accounts and real sessions on the test database.
 *
 *   const { user, cookie } = await createUser({ roles: ["membre"] });
 *   const res = await loader({ request: new Request(url, { headers: { cookie } }), … });
 *
 * The account is created through Better Auth (scrypt hash, own profile, the
 * same hooks as a sign-up) and signed in with its password: `cookie` is a
 * valid Cookie header for that session.
 */
import { randomUUID } from "node:crypto";
import { createPasswordUser, getAuth } from "~/lib/accounts/auth.server";
import { getSessionUser, type SessionUser } from "~/lib/accounts/session.server";

export interface CreateUserOptions {
  roles?: string[];
  email?: string;
  password?: string;
  prenom?: string;
  nom?: string;
}

export interface CreatedUser {
  user: SessionUser;
  cookie: string;
  email: string;
  password: string;
}

/** "a=1; Path=/; HttpOnly" headers -> "a=1; b=2" (a request Cookie header). */
export function cookieFromSetCookie(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !/=$/.test(c))
    .join("; ");
}

/** Signs an existing account in and returns the Cookie header of the new session. */
export async function signInCookie(email: string, password: string): Promise<string> {
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    headers: new Headers({ "x-club-client-ip": "127.0.0.1" }),
    returnHeaders: true,
  });
  return cookieFromSetCookie(headers);
}

export async function createUser(options: CreateUserOptions = {}): Promise<CreatedUser> {
  const email = (options.email ?? `membre-${randomUUID().slice(0, 8)}@exemple.fr`).toLowerCase();
  const password = options.password ?? `Essai-${randomUUID()}`;
  await createPasswordUser({
    email,
    password,
    prenom: options.prenom ?? "Camille",
    nom: options.nom ?? "Martin",
    roles: options.roles ?? ["membre"],
  });
  const cookie = await signInCookie(email, password);
  const user = await getSessionUser(new Request("http://localhost:3000/", { headers: { cookie } }));
  if (!user) throw new Error("createUser: the new session is not readable");
  return { user, cookie, email, password };
}
