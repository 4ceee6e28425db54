/**
 * The article management routes called directly (as a forged POST would be):
 * every action refuses the roles that may not manage content, and works for
 * article_manager and admin. Also: the manager preview at the public URL.
 */
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { articles } from "#db/schema";
import { createUser } from "../../../../tests/helpers/auth";
import { guardedArgs } from "../../../../tests/helpers/member-guard";
import { db } from "~/lib/core/db.server";
import * as articleRoute from "~/routes/club/article";
import * as editRoute from "./edit";
import * as listRoute from "./list";
import * as newRoute from "./new";

type AnyArgs = never;

function post(path: string, fields: Record<string, string>, cookie?: string): Request {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return new Request(`http://localhost:3000${path}`, { method: "POST", body, headers: { origin: "http://localhost:3000", ...(cookie ? { cookie } : {}) } });
}
function get(path: string, cookie?: string): Request {
  return new Request(`http://localhost:3000${path}`, { headers: cookie ? { cookie } : {} });
}
/** A public page's arguments (no member-area guard). */
function publicArgs(request: Request, params: Record<string, string> = {}): AnyArgs {
  return { request, params, context: new RouterContextProvider() } as unknown as AnyArgs;
}

/** Through the real guard (member layout and section middlewares). */
function args(request: Request, params: Record<string, string> = {}): Promise<AnyArgs> {
  return guardedArgs(request, params);
}
async function run(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof Response) return err;
    throw err;
  }
}
function payload(result: unknown): { data: Record<string, unknown>; status: number; headers: Headers } {
  const r = result as { data: Record<string, unknown>; init?: { status?: number; headers?: HeadersInit } };
  return { data: r.data, status: r.init?.status ?? 200, headers: new Headers(r.init?.headers) };
}

const cookies: Record<string, string> = {};
let draftId: number;

beforeAll(async () => {
  for (const role of ["article_manager", "admin", "membre", "user_manager", "pré-inscrit"]) {
    cookies[role] = (await createUser({ roles: [role] })).cookie;
  }
  const [row] = await db.insert(articles).values({ slug: "brouillon-secret", title: "Brouillon secret", status: "brouillon" }).returning();
  draftId = row.id;
});

const refused = ["membre", "user_manager", "pré-inscrit"];

describe("article routes: roles", () => {
  it("refuses every action to the roles that may not manage content, and to visitors", async () => {
    const count = (await db.select().from(articles)).length;
    for (const role of [...refused, null]) {
      const cookie = role ? cookies[role] : undefined;
      const attempts = [
        async () => newRoute.action(await args(post("/espace-membre/articles/ajouter", { title: "Pirate", status: "publie" }, cookie))),
        async () =>
          editRoute.action(
            await args(post(`/espace-membre/articles/modifier/${draftId}`, { title: "Pirate", status: "publie", version: "1" }, cookie), { id: String(draftId) }),
          ),
        async () => listRoute.action(await args(post("/espace-membre/articles", { intent: "delete", id: String(draftId) }, cookie))),
        async () => (newRoute.loader as (a: never) => Promise<unknown>)(await args(get("/espace-membre/articles/ajouter", cookie))),
        async () => listRoute.loader(await args(get("/espace-membre/articles", cookie))),
      ];
      for (const attempt of attempts) {
        const res = (await run(attempt)) as Response;
        expect(res).toBeInstanceOf(Response);
        if (role) expect(`${res.status} ${res.headers.get("location")}`).toBe("302 /espace-membre");
        else {
          expect(res.status).toBe(302);
          expect(res.headers.get("location")).toMatch(/^\/connexion\?redirectTo=/);
        }
      }
    }
    expect(await db.select().from(articles)).toHaveLength(count);
    const [row] = await db.select().from(articles);
    expect(row.title).toBe("Brouillon secret");
  });

  it("lets an article_manager and an admin create, edit and delete", async () => {
    for (const role of ["article_manager", "admin"]) {
      const created = (await run(async () =>
        newRoute.action(await args(post("/espace-membre/articles/ajouter", { title: `Par ${role}`, status: "brouillon", body: "<p>ok</p>" }, cookies[role]))),
      )) as Response;
      expect(created.status).toBe(302);
      const id = Number(created.headers.get("location")!.match(/modifier\/(\d+)/)![1]);
      const edited = (await run(async () =>
        editRoute.action(
          await args(post(`/espace-membre/articles/modifier/${id}`, { title: `Par ${role} (bis)`, status: "publie", version: "1" }, cookies[role]), { id: String(id) }),
        ),
      )) as Response;
      expect(edited.status).toBe(302);
      const deleted = (await run(async () => listRoute.action(await args(post("/espace-membre/articles", { intent: "delete", id: String(id) }, cookies[role]))))) as Response;
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("location")).toBe("/espace-membre/articles?supprime=1");
    }
  });

  it("answers validation errors and conflicts with the values kept", async () => {
    const bad = payload(await run(async () => newRoute.action(await args(post("/espace-membre/articles/ajouter", { title: "", status: "publie", summary: "Mon chapô" }, cookies.article_manager)))));
    expect(bad.status).toBe(400);
    expect((bad.data.errors as Record<string, string>).title).toBe("Le titre est obligatoire.");
    expect((bad.data.values as Record<string, string>).summary).toBe("Mon chapô");

    const path = `/espace-membre/articles/modifier/${draftId}`;
    const first = (await run(async () => editRoute.action(await args(post(path, { title: "Brouillon secret", status: "brouillon", version: "1" }, cookies.admin), { id: String(draftId) })))) as Response;
    expect(first.status).toBe(302);
    const second = payload(await run(async () => editRoute.action(await args(post(path, { title: "Autre titre", status: "brouillon", version: "1" }, cookies.article_manager), { id: String(draftId) }))));
    expect(second.status).toBe(409);
    expect((second.data.errors as Record<string, string>)._form).toMatch(/modifié par quelqu’un d’autre/);
    expect((second.data.values as Record<string, string>).title).toBe("Autre titre");
  });
});

describe("public article URL of a draft", () => {
  it("is 404 for visitors and members, a private preview for managers", async () => {
    const path = `/la-vie-du-club/actualites/${draftId}-brouillon-secret`;
    for (const cookie of [undefined, cookies.membre, cookies.user_manager]) {
      const res = (await run(async () => articleRoute.loader(publicArgs(get(path, cookie), { articleId: `${draftId}-brouillon-secret` })))) as Response;
      expect(res.status).toBe(404);
    }
    const preview = payload(await run(async () => articleRoute.loader(publicArgs(get(path, cookies.article_manager), { articleId: `${draftId}-brouillon-secret` }))));
    expect(preview.data.preview).toBe(true);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
  });
});
