/**
 * The member area's routes with real accounts and Better Auth sessions, through the real request
 * handler (the member guard runs): profiles, the selected profile, another account's profiles
 * refused, the RGPD export, e-mail and password changes, revision progress per profile.
 */
import { desc, eq } from "drizzle-orm";
import { assert, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outbox, profiles, revisionProgress, sessions, users } from "#db/schema";
import { createUser, signInCookie, type CreatedUser } from "../../../tests/helpers/auth";
import { gradesShown } from "../../../tests/helpers/grades-page";
import { signOut } from "~/lib/accounts/auth.server";
import { confirmEmailChange } from "~/lib/accounts/email-change.server";
import { db } from "~/lib/core/db.server";
import { listGrades } from "~/lib/members/grades.server";
import { resetRateLimits } from "~/lib/http/rate-limit.server";
import { seedDatabase } from "~/lib/core/seed.server";
import { getSessionUser } from "~/lib/accounts/session.server";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import type * as gradesRoute from "./grades";
import type * as homeRoute from "./home";
import type * as profileRoute from "./profile";
import type * as revisionRoute from "./revision";
import { app, BASE, type AppResponse } from "../../../tests/helpers/app";

/** A request carrying a session cookie (to read the session directly). */
function get(path: string, cookie: string): Request {
  return new Request(`${BASE}${path}`, { headers: { cookie } });
}

/** A form posted through the real request handler (the guard runs). */
function send(path: string, fields: Record<string, string>, cookie: string, referer?: string): Promise<AppResponse> {
  return app.post(path, fields, { as: cookie, headers: referer ? { referer: `${BASE}${referer}` } : {} });
}

/** A page's loader data through the real request handler; a refusal (403, 404) is thrown as a Response. */
async function page<L extends (...args: never[]) => unknown>(
  path: string,
  cookie: string,
): Promise<Awaited<ReturnType<L>>> {
  const res = await app.get<Awaited<ReturnType<L>>>(path, { as: cookie });
  if (res.status >= 300) throw new Response(null, { status: res.status });
  return res.data;
}

/** A file route (the RGPD export) as the browser gets it. */
function download(path: string, cookie: string): Promise<Response> {
  return app.fetch(path, { headers: { cookie } });
}

/** Runs a call; a thrown Response is returned. */
async function run<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}

/** An action's answer: `ok` when Conform's answer has no error, `errors` the first per field ("" for the form). */
function payload(result: unknown): Record<string, unknown> & { ok: boolean; errors: Record<string, string> } {
  const res = result as AppResponse;
  const body = (res.data ?? res.error) as Record<string, unknown> | undefined;
  const conform = body?.result as SubmissionResult<string[]> | undefined;
  return { ...body, ok: conform?.status !== "error", errors: firstErrors(conform) };
}

/** The HTTP status of an answer. */
function status(result: unknown): number {
  return (result as { status: number }).status;
}

async function addChild(member: CreatedUser, prenom: string) {
  const res = await run(async () =>
    send(
      "/espace-membre/profil",
      { intent: "add-family", prenom, nom: "Martin", dateOfBirth: "2016-05-04", relationship: "enfant" },
      member.cookie,
    ),
  );
  expect(payload(res).ok).toBe(true);
  const [child] = await db.select().from(profiles).where(eq(profiles.prenom, prenom));
  return child;
}

async function select(member: CreatedUser, profileId: number, from = "/espace-membre/grades") {
  return send(
    "/espace-membre/profil-actif",
    { intent: "select", profileId: String(profileId), redirectTo: from },
    member.cookie,
  );
}

async function gradesData(cookie: string) {
  return await page<typeof gradesRoute.loader>("/espace-membre/grades", cookie);
}

let parent: CreatedUser;
let other: CreatedUser;

beforeAll(async () => {
  await seedDatabase();
  parent = await createUser({ roles: ["membre"], prenom: "Claire", nom: "Martin" });
  other = await createUser({ roles: ["membre"], prenom: "Hugo", nom: "Bernard" });
});

beforeEach(() => resetRateLimits());

describe("family profiles through the profile page", () => {
  it("adds, edits (with a validation error) and removes a child", async () => {
    const bad = await run(async () =>
      send("/espace-membre/profil", { intent: "add-family", prenom: "", relationship: "enfant" }, parent.cookie),
    );
    expect(payload(bad).ok).toBe(false);
    expect(payload(bad).errors.prenom).toBe("Le prénom est obligatoire");

    const child = await addChild(parent, "Inès");
    assert(child);
    const edit = await run(async () =>
      send(
        "/espace-membre/profil",
        {
          intent: "edit-family",
          profileId: String(child.id),
          prenom: "Inès",
          nom: "Martin-Roux",
          dateOfBirth: "",
          relationship: "enfant",
        },
        parent.cookie,
      ),
    );
    expect(payload(edit).ok).toBe(true);
    const loaded = await page<typeof profileRoute.loader>("/espace-membre/profil", parent.cookie);
    expect(loaded.family).toEqual([expect.objectContaining({ id: child.id, nom: "Martin-Roux" })]);

    await run(async () =>
      send("/espace-membre/profil", { intent: "remove-family", profileId: String(child.id) }, parent.cookie),
    );
    expect(await db.select().from(profiles).where(eq(profiles.id, child.id))).toHaveLength(0);

    // The own profile cannot be removed.
    const [own] = await db.select().from(profiles).where(eq(profiles.ownerId, parent.user.id));
    assert(own);
    const refused = await run(async () =>
      send("/espace-membre/profil", { intent: "remove-family", profileId: String(own.id) }, parent.cookie),
    );
    expect(status(refused)).toBe(400);
  });

  it("edits the own information with a validation error, then successfully", async () => {
    const bad = await run(async () =>
      send("/espace-membre/profil", { intent: "info", prenom: "Claire", nom: "", phone: "abc" }, parent.cookie),
    );
    const errors = payload(bad).errors;
    expect(errors.nom).toBe("Le nom est obligatoire");
    expect(errors.phone).toMatch(/Numéro de téléphone invalide/);
    const ok = await run(async () =>
      send(
        "/espace-membre/profil",
        {
          intent: "info",
          prenom: "Claire",
          nom: "Martin",
          phone: "06 12 34 56 78",
          dateOfBirth: "1984-02-03",
          emergencyContact: "Paul Martin, 06 00 00 00 00",
        },
        parent.cookie,
      ),
    );
    expect(payload(ok).ok).toBe(true);
    const [own] = await db.select().from(profiles).where(eq(profiles.ownerId, parent.user.id));
    assert(own);
    expect(own.phone).toBe("06 12 34 56 78");
  });
});

describe("selected profile", () => {
  it("persists across requests, and is reset by a new sign-in and by sign-out", async () => {
    const child = await addChild(parent, "Jules");
    assert(child);
    const res = await select(parent, child.id);
    expect(res.status).toBe(302);
    expect(res.redirect).toBe("/espace-membre/grades");

    // Two later requests of the same session show the child.
    expect((await gradesData(parent.cookie)).profile.name).toBe("Jules Martin");
    expect((await gradesData(parent.cookie)).selector.selectedId).toBe(child.id);

    // Clearing goes back to the own profile.
    await run(async () =>
      send("/espace-membre/profil-actif", { intent: "clear" }, parent.cookie, "/espace-membre/revision"),
    );
    expect((await gradesData(parent.cookie)).profile.isSelf).toBe(true);

    // A new sign-in starts on the own profile, whatever the other session selected.
    await select(parent, child.id);
    const second = await signInCookie(parent.email, parent.password);
    expect((await gradesData(second)).profile.isSelf).toBe(true);
    expect((await gradesData(parent.cookie)).profile.name).toBe("Jules Martin");

    // Sign-out ends the session: its selection is gone with it.
    const before = await getSessionUser(get("/", parent.cookie));
    await signOut(new Headers({ cookie: parent.cookie }));
    expect(await db.select().from(sessions).where(eq(sessions.id, before!.sessionId))).toHaveLength(0);
    parent = { ...parent, cookie: await signInCookie(parent.email, parent.password) };
    expect((await gradesData(parent.cookie)).profile.isSelf).toBe(true);
  });

  it("refuses to select, edit or remove another account's profile", async () => {
    const hisChild = await addChild(other, "Léon");
    assert(hisChild);
    expect((await select(parent, hisChild.id)).status).toBe(404);
    const edit = await run(async () =>
      send(
        "/espace-membre/profil",
        {
          intent: "edit-family",
          profileId: String(hisChild.id),
          prenom: "Pirate",
          nom: "",
          dateOfBirth: "",
          relationship: "autre",
        },
        parent.cookie,
      ),
    );
    expect(status(edit)).toBe(404);
    const remove = await run(async () =>
      send("/espace-membre/profil", { intent: "remove-family", profileId: String(hisChild.id) }, parent.cookie),
    );
    expect(status(remove)).toBe(404);
    const [still] = await db.select().from(profiles).where(eq(profiles.id, hisChild.id));
    assert(still);
    expect(still.prenom).toBe("Léon");
    // Nothing of his shows on her pages.
    const data = await gradesData(parent.cookie);
    expect(data.selector.profiles.map((p) => p.id)).not.toContain(hisChild.id);
  });
});

describe("grades and revision", () => {
  it("shows a child without history the first grade as next, and keeps progress per profile", async () => {
    const table = await listGrades();
    const [child] = await db.select().from(profiles).where(eq(profiles.prenom, "Jules"));
    assert(child);
    await select(parent, child.id);
    const g = gradesShown(await gradesData(parent.cookie));
    expect(g.current).toBeNull();
    expect(g.next).toBe(table[0]?.vietnameseName);
    expect(g.table.filter((row) => row.mark).map((row) => [row.vietnamese, row.mark])).toEqual([
      [table[0]?.vietnameseName, "prochain"],
    ]);

    const rev = await page<typeof revisionRoute.loader>("/espace-membre/revision", parent.cookie);
    expect(rev.shown?.id).toBe(table[0]?.id);
    const item = rev.material!.categories[0]?.items[0];
    assert(item);
    await send(
      "/espace-membre/revision",
      { gradeId: String(table[0]?.id), itemType: item.type, itemId: String(item.id), done: "1" },
      parent.cookie,
    );
    const after = await page<typeof revisionRoute.loader>("/espace-membre/revision", parent.cookie);
    expect(after.material!.done).toBe(1);
    expect(after.material!.percent).toBe(Math.floor(100 / after.material!.total));
    const rows = await db.select().from(revisionProgress).where(eq(revisionProgress.profileId, child.id));
    expect(rows).toHaveLength(1);

    // The parent's own profile has its own (empty) progress.
    await run(async () => send("/espace-membre/profil-actif", { intent: "clear" }, parent.cookie));
    const own = await page<typeof revisionRoute.loader>("/espace-membre/revision", parent.cookie);
    expect(own.material!.done).toBe(0);

    // Beyond the next grade: refused.
    const beyond = await run(async () =>
      page<typeof revisionRoute.loader>(`/espace-membre/revision?grade=${table[3]?.id}`, parent.cookie),
    );
    expect((beyond as Response).status).toBe(403);
    const tick = await run(async () =>
      send(
        "/espace-membre/revision",
        { gradeId: String(table[3]?.id), itemType: "technique", itemId: "1", done: "1" },
        parent.cookie,
      ),
    );
    expect((tick as Response).status).toBe(403);
  });

  it("shows the status and the upcoming events on the home page", async () => {
    const home = await page<typeof homeRoute.loader>("/espace-membre", parent.cookie);
    if (!home.member) throw new Error("expected the member home");
    expect(home.status.cotisation.paid).toBe(false);
    expect(home.feed.https).toMatch(/\/calendrier\/membre\/[a-f0-9]{40}\.ics$/);
    const pre = await createUser({ roles: ["pré-inscrit"] });
    const status = await page<typeof homeRoute.loader>("/espace-membre", pre.cookie);
    expect(status.member).toBe(false);
  });
});

describe("RGPD export", () => {
  it("contains exactly the user's own data, no secret and nothing of another account", async () => {
    const res = await download("/espace-membre/profil/donnees", parent.cookie);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="mes-donnees-/);
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.user.id).toBe(parent.user.id);
    expect(data.user.email).toBe(parent.email);
    const ownIds = (await db.select().from(profiles).where(eq(profiles.ownerId, parent.user.id)))
      .map((p) => p.id)
      .sort();
    expect(data.profiles.map((p: { id: number }) => p.id).sort()).toEqual(ownIds);
    expect(data.revisionProgress).toHaveLength(1);
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain(other.email);
    expect(text).not.toContain("Léon");
    expect(text).not.toMatch(/"password"|"token"|scrypt|"accessToken"|"idToken"/);
    expect(text).not.toContain(parent.password);
  });
});

describe("e-mail and password", () => {
  it("changes the e-mail only with the right password, once the new address confirms", async () => {
    const wrong = await run(async () =>
      send(
        "/espace-membre/profil",
        { intent: "email", newEmail: "claire.nouvelle@exemple.fr", password: "pas le bon" },
        parent.cookie,
      ),
    );
    expect(payload(wrong).errors.password).toBe("Mot de passe incorrect.");
    const taken = await run(async () =>
      send(
        "/espace-membre/profil",
        { intent: "email", newEmail: other.email, password: parent.password },
        parent.cookie,
      ),
    );
    expect(payload(taken).errors.newEmail).toMatch(/déjà utilisée/);
    const ok = await run(async () =>
      send(
        "/espace-membre/profil",
        { intent: "email", newEmail: "Claire.Nouvelle@exemple.fr", password: parent.password },
        parent.cookie,
      ),
    );
    expect(payload(ok).ok).toBe(true);
    const [before] = await db.select().from(users).where(eq(users.id, parent.user.id));
    expect(before?.email).toBe(parent.email);
    const [mail] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.to, "claire.nouvelle@exemple.fr"))
      .orderBy(desc(outbox.id));
    await confirmEmailChange(new URL(mail!.text.match(/https?:\/\/\S+jeton=\S+/)![0]).searchParams.get("jeton")!);
    const [u] = await db.select().from(users).where(eq(users.id, parent.user.id));
    assert(u);
    expect(u.email).toBe("claire.nouvelle@exemple.fr");
    parent = { ...parent, email: "claire.nouvelle@exemple.fr" };
    // The new address signs in.
    expect(await signInCookie(parent.email, parent.password)).toContain("better-auth.session_token=");
  });

  it("changes the password and ends the other sessions", async () => {
    const otherDevice = await signInCookie(parent.email, parent.password);
    const result = await run(async () =>
      send(
        "/espace-membre/profil",
        {
          intent: "password",
          currentPassword: parent.password,
          newPassword: "une toute nouvelle phrase secrète",
          confirmPassword: "une toute nouvelle phrase secrète",
        },
        parent.cookie,
      ),
    );
    expect(payload(result).ok).toBe(true);
    expect(await getSessionUser(get("/", otherDevice))).toBeNull();
    const fresh = await signInCookie(parent.email, "une toute nouvelle phrase secrète");
    expect(await getSessionUser(get("/", fresh))).not.toBeNull();
  });

  it("refuses to unlink Google when it is not linked", async () => {
    const res = await run(async () => send("/espace-membre/profil", { intent: "unlink-google" }, other.cookie));
    expect(payload(res).errors[""]).toBe("Aucun compte Google n'est associé.");
  });
});

describe("pré-inscrits and their RGPD rights", () => {
  it("opens the profile page, the export and the deletion to a pré-inscrit", async () => {
    const pre = await createUser({ roles: ["pré-inscrit"], prenom: "Lina" });
    const profilePage = await run(async () => page<typeof profileRoute.loader>("/espace-membre/profil", pre.cookie));
    expect(profilePage).not.toBeInstanceOf(Response);
    expect((profilePage as Awaited<ReturnType<typeof profileRoute.loader>>).email).toBe(pre.email);
    const saved = await run(async () =>
      send("/espace-membre/profil", { intent: "info", prenom: "Lina", nom: "Petit" }, pre.cookie),
    );
    expect(payload(saved).ok).toBe(true);
    const exported = await download("/espace-membre/profil/donnees", pre.cookie);
    expect(exported.headers.get("content-disposition")).toMatch(/attachment/);
    expect(JSON.parse(await exported.text()).user.id).toBe(pre.user.id);
    const deleted = await send("/espace-membre/profil", { intent: "delete-account", confirm: "oui" }, pre.cookie);
    expect(deleted.redirect).toBe("/compte-supprime");
    expect(await db.select().from(users).where(eq(users.id, pre.user.id))).toHaveLength(0);
  });
});

describe("what a refused form sends back", () => {
  it("keeps the typed e-mail but never a password", async () => {
    const res = await run(async () =>
      send(
        "/espace-membre/profil",
        { intent: "email", newEmail: "pas-une-adresse", password: "mon secret" },
        other.cookie,
      ),
    );
    expect(status(res)).toBe(400);
    const result = payload(res).result as SubmissionResult<string[]>;
    expect(result.initialValue?.newEmail).toBe("pas-une-adresse");
    expect(JSON.stringify(result)).not.toContain("mon secret");
    const pwd = await run(async () =>
      send(
        "/espace-membre/profil",
        { intent: "password", currentPassword: "mon secret", newPassword: "court", confirmPassword: "autre" },
        other.cookie,
      ),
    );
    expect(payload(pwd).errors.newPassword).toMatch(/au moins 8 caractères/);
    expect(payload(pwd).errors.confirmPassword).toBe("Les deux mots de passe ne sont pas identiques");
    expect(JSON.stringify(payload(pwd).result)).not.toMatch(/mon secret|court|autre/);
  });
});

describe("account deletion", () => {
  it("asks for confirmation, then deletes an account without membership at once and signs it out", async () => {
    const leaving = await createUser({ roles: ["membre"], prenom: "Zoé" });
    const unconfirmed = await run(async () =>
      send("/espace-membre/profil", { intent: "delete-account" }, leaving.cookie),
    );
    expect(payload(unconfirmed).errors.confirm).toMatch(/Cochez la case/);
    const res = await send("/espace-membre/profil", { intent: "delete-account", confirm: "oui" }, leaving.cookie);
    expect(res.status).toBe(302);
    expect(res.redirect).toBe("/compte-supprime");
    expect(res.headers.get("set-cookie")).toContain("better-auth.session_token=");
    expect(await db.select().from(users).where(eq(users.id, leaving.user.id))).toHaveLength(0);
    expect(await getSessionUser(get("/", leaving.cookie))).toBeNull();
  });
});
