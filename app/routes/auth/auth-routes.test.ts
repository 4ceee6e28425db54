/**
 * The account pages' actions on the forms convention, through
 * the real actions, Better Auth and the test database: refused submissions
 * answer Conform's result (400, French message next to the field, what was
 * typed kept) and never send a password back; catalogue errors keep their
 * code for the page's help links.
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { seedDatabase } from "~/lib/core/seed.server";
import { requestInfoContext } from "~/lib/http/context";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { resetRateLimits } from "~/lib/http/rate-limit.server";
import * as forgotRoute from "./forgot-password";
import * as resetRoute from "./reset-password";
import * as signInRoute from "./sign-in";
import * as signUpRoute from "./sign-up";

const BASE = "http://localhost:3000";

type Answer = { result?: SubmissionResult<string[]>; code?: string | null; sent?: string };

async function send(
  route: { action: (args: never) => Promise<unknown> },
  path: string,
  fields: Record<string, string>,
  origin = BASE,
): Promise<{ status: number; body: Answer; response?: Response }> {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const request = new Request(`${BASE}${path}`, { method: "POST", body, headers: { origin } });
  const context = new RouterContextProvider(new Map([[requestInfoContext, { ip: "10.9.0.1", nonce: "" }]]));
  let out: unknown;
  try {
    out = await route.action({ request, context, params: {} } as never);
  } catch (thrown) {
    out = thrown;
  }
  if (out instanceof Response) return { status: out.status, body: {}, response: out };
  const wrapped = out as { type?: string; data?: Answer; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit")
    return { status: wrapped.init?.status ?? 200, body: wrapped.data ?? {} };
  return { status: 200, body: out as Answer };
}

let member: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  member = await createUser({ roles: ["membre"], email: "camille.formulaires@exemple.fr" });
});

beforeEach(() => resetRateLimits());

describe("sign-in", () => {
  it("refuses a malformed e-mail next to the field, keeps it, and never sends the password back", async () => {
    const { status, body } = await send(signInRoute, "/connexion", {
      email: "camille@",
      password: "mon secret",
      intent: "password",
    });
    expect(status).toBe(400);
    expect(firstErrors(body.result).email).toMatch(/n'est pas valide/);
    expect(body.result?.initialValue?.email).toBe("camille@");
    expect(JSON.stringify(body)).not.toContain("mon secret");
  });

  it("answers a wrong password with the catalogue message for the whole form, e-mail kept", async () => {
    const { status, body } = await send(signInRoute, "/connexion", {
      email: member.email,
      password: "pas le bon",
      intent: "password",
    });
    expect(status).toBe(401);
    expect(body.code).toBe("auth/invalid-credential");
    expect(firstErrors(body.result)[""]).toBe("E-mail ou mot de passe incorrect.");
    expect(body.result?.initialValue?.email).toBe(member.email);
    expect(JSON.stringify(body)).not.toContain("pas le bon");
  });

  it("refuses a form posted from another site (CSRF)", async () => {
    const { status, body } = await send(
      signInRoute,
      "/connexion",
      { email: member.email, password: member.password },
      "https://pirate.example",
    );
    expect(status).toBe(403);
    expect(body.code).toBe("auth/invalid-origin");
  });

  it("signs in and goes back to the page asked for", async () => {
    const { status, response } = await send(signInRoute, "/connexion", {
      email: member.email,
      password: member.password,
      intent: "password",
      redirectTo: "/espace-membre/grades",
    });
    expect(status).toBe(302);
    expect(response?.headers.get("location")).toBe("/espace-membre/grades");
  });
});

describe("sign-up", () => {
  it("gives each missing field its French message and keeps the names typed", async () => {
    const { status, body } = await send(signUpRoute, "/inscription", {
      prenom: "Léa",
      nom: "",
      email: "",
      password: "court",
    });
    expect(status).toBe(400);
    const errors = firstErrors(body.result);
    expect(errors.nom).toBe("Saisissez votre nom.");
    expect(errors.email).toBe("Saisissez votre adresse e-mail.");
    expect(errors.password).toMatch(/au moins 8 caractères/);
    expect(body.result?.initialValue?.prenom).toBe("Léa");
    expect(JSON.stringify(body)).not.toContain("court");
  });

  it("refuses a common password next to the field (checked on the server)", async () => {
    const { status, body } = await send(signUpRoute, "/inscription", {
      prenom: "Léa",
      nom: "Roux",
      email: "lea.roux@exemple.fr",
      password: "motdepasse",
    });
    expect(status).toBe(400);
    expect(firstErrors(body.result).password).toMatch(/fait partie des plus courants/);
    expect(body.code).toBeNull();
  });

  it("answers an e-mail already used with its catalogue code (the page adds the links)", async () => {
    const { body } = await send(signUpRoute, "/inscription", {
      prenom: "Léa",
      nom: "Roux",
      email: member.email,
      password: "une phrase assez longue",
    });
    expect(body.code).toBe("auth/email-already-in-use");
    expect(firstErrors(body.result)[""]).toMatch(/Un compte existe déjà avec cette adresse e-mail/);
  });
});

describe("forgot and reset password", () => {
  it("validates the e-mail, then gives the same answer whether the account exists or not", async () => {
    const bad = await send(forgotRoute, "/mot-de-passe-oublie", { email: "pas-une-adresse" });
    expect(bad.status).toBe(400);
    expect(firstErrors(bad.body.result).email).toMatch(/n'est pas valide/);
    const known = await send(forgotRoute, "/mot-de-passe-oublie", { email: member.email });
    const unknown = await send(forgotRoute, "/mot-de-passe-oublie", { email: "personne@exemple.fr" });
    expect(known.body.sent).toBe(member.email);
    expect(unknown.body.sent).toBe("personne@exemple.fr");
  });

  it("refuses an unknown reset link with its catalogue code, without sending the password back", async () => {
    const { body } = await send(resetRoute, "/reinitialiser-mot-de-passe", {
      token: "inconnu",
      password: "une phrase assez longue",
    });
    expect(body.code).toBe("auth/invalid-reset-token");
    expect(JSON.stringify(body)).not.toContain("une phrase assez longue");
  });
});
