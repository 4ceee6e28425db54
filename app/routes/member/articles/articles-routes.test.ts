/**
 * The article management routes through the real request handler (as a
 * forged POST would arrive): every page and action refuses the roles that may
 * not manage content, and works for article_manager and admin. Also: the
 * manager preview at the public URL.
 */
import { assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles } from "#db/schema";
import { app, refusedByGuard } from "../../../../tests/helpers/app";
import { ARTICLE_GONE } from "~/lib/content/content-messages";
import { MAX_REQUEST_BYTES, REQUEST_TOO_LARGE } from "~/lib/content/upload-limits";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { createUser } from "../../../../tests/helpers/auth";
import { db } from "~/lib/core/db.server";

const cookies: Record<string, string> = {};
let draftId: number;

beforeAll(async () => {
  for (const role of ["article_manager", "admin", "membre", "user_manager", "pré-inscrit"]) {
    cookies[role] = (await createUser({ roles: [role] })).cookie;
  }
  const [row] = await db
    .insert(articles)
    .values({ slug: "brouillon-secret", title: "Brouillon secret", status: "brouillon" })
    .returning();
  assert(row);
  draftId = row.id;
});

const refused = ["membre", "user_manager", "pré-inscrit"];

describe("article routes: roles", () => {
  it("refuses every action to the roles that may not manage content, and to visitors", async () => {
    const count = (await db.select().from(articles)).length;
    for (const role of [...refused, null]) {
      const cookie = role ? cookies[role] : undefined;
      const attempts = [
        () => app.post("/espace-membre/articles/ajouter", { title: "Pirate", status: "publie" }, { as: cookie }),
        () =>
          app.post(
            `/espace-membre/articles/modifier/${draftId}`,
            { title: "Pirate", status: "publie", version: "1" },
            { as: cookie },
          ),
        () => app.post("/espace-membre/articles", { intent: "delete", id: String(draftId) }, { as: cookie }),
        () => app.get("/espace-membre/articles/ajouter", { as: cookie }),
        () => app.get("/espace-membre/articles", { as: cookie }),
      ];
      for (const attempt of attempts) {
        const res = await attempt();
        if (role) expect(refusedByGuard(res)).toBe(true);
        else expect(res.redirect).toMatch(/^\/connexion\?redirectTo=/);
      }
    }
    expect(await db.select().from(articles)).toHaveLength(count);
    const [row] = await db.select().from(articles);
    assert(row);
    expect(row.title).toBe("Brouillon secret");
  });

  it("lets an article_manager and an admin create, edit and delete", async () => {
    for (const role of ["article_manager", "admin"]) {
      const as = cookies[role];
      const created = await app.post(
        "/espace-membre/articles/ajouter",
        { title: `Par ${role}`, status: "brouillon", body: "<p>ok</p>" },
        { as },
      );
      expect(created.status).toBe(302);
      const id = Number(created.redirect!.match(/modifier\/(\d+)/)![1]);
      const edited = await app.post(
        `/espace-membre/articles/modifier/${id}`,
        { title: `Par ${role} (bis)`, status: "publie", version: "1" },
        { as },
      );
      expect(edited.status).toBe(302);
      const deleted = await app.post("/espace-membre/articles", { intent: "delete", id: String(id) }, { as });
      expect(deleted.status).toBe(302);
      expect(deleted.redirect).toBe("/espace-membre/articles?supprime=1");
    }
  });

  it("answers validation errors and conflicts with the values kept", async () => {
    const bad = await app.post(
      "/espace-membre/articles/ajouter",
      { title: "", status: "publie", summary: "Mon chapô" },
      { as: cookies.article_manager },
    );
    expect(bad.status).toBe(400);
    const badResult = bad.data.result as SubmissionResult<string[]>;
    expect(firstErrors(badResult).title).toBe("Le titre est obligatoire.");
    expect(badResult.initialValue?.summary).toBe("Mon chapô");

    const path = `/espace-membre/articles/modifier/${draftId}`;
    const first = await app.post(
      path,
      { title: "Brouillon secret", status: "brouillon", version: "1" },
      { as: cookies.admin },
    );
    expect(first.status).toBe(302);
    const second = await app.post(
      path,
      { title: "Autre titre", status: "brouillon", version: "1" },
      { as: cookies.article_manager },
    );
    expect(second.status).toBe(409);
    const secondResult = second.data.result as SubmissionResult<string[]>;
    expect(firstErrors(secondResult)[""]).toMatch(/modifié par quelqu’un d’autre/);
    expect(secondResult.initialValue?.title).toBe("Autre titre");
    expect(second.data.conflict).toBe(true);
  });
});

describe("refusals that must reach the page (issue 10)", () => {
  it("answers a French 404 when the article to delete does not exist, instead of success", async () => {
    const gone = await app.post<{ result: SubmissionResult<string[]> }>(
      "/espace-membre/articles",
      { intent: "delete", id: "999999" },
      { as: cookies.admin },
    );
    expect(gone.status).toBe(404);
    expect(firstErrors((gone.data ?? (gone.error as typeof gone.data)).result)[""]).toBe(ARTICLE_GONE);
  });

  it("answers an upload over the limit with the French error in the form (413), not a thrown page", async () => {
    const answer = await app.post<{ result: SubmissionResult<string[]> }>(
      "/espace-membre/articles/ajouter",
      { title: "Avec une trop grande image" },
      { as: cookies.article_manager, headers: { "content-length": String(MAX_REQUEST_BYTES + 1) } },
    );
    expect(answer.status).toBe(413);
    expect(firstErrors((answer.data ?? (answer.error as typeof answer.data)).result).cover).toBe(REQUEST_TOO_LARGE);
    expect(await db.select().from(articles).where(eq(articles.title, "Avec une trop grande image"))).toHaveLength(0);
  });
});

describe("a double-submitted new article (issue 11)", () => {
  it("is stored once: the page's one-time token makes the replay go where the first went", async () => {
    const page = await app.get("/espace-membre/articles/ajouter", { as: cookies.article_manager });
    const token = page.data.submissionToken as string;
    expect(token).toMatch(/^[\w-]{20,}$/);
    const fields = { title: "Envoyé deux fois", status: "brouillon", body: "<p>Double clic</p>", _envoi: token };
    const [a, b] = await Promise.all([
      app.post("/espace-membre/articles/ajouter", fields, { as: cookies.article_manager }),
      app.post("/espace-membre/articles/ajouter", fields, { as: cookies.article_manager }),
    ]);
    const again = await app.post("/espace-membre/articles/ajouter", fields, { as: cookies.article_manager });
    const rows = await db.select().from(articles).where(eq(articles.title, "Envoyé deux fois"));
    expect(rows).toHaveLength(1);
    const target = `/espace-membre/articles/modifier/${rows[0]?.id}?enregistre=cree`;
    expect([a.redirect, b.redirect, again.redirect]).toEqual([target, target, target]);
    // A new page (a new token) creates another article, even with the same title.
    const next = (await app.get("/espace-membre/articles/ajouter", { as: cookies.article_manager })).data
      .submissionToken as string;
    await app.post("/espace-membre/articles/ajouter", { ...fields, _envoi: next }, { as: cookies.article_manager });
    expect(await db.select().from(articles).where(eq(articles.title, "Envoyé deux fois"))).toHaveLength(2);
  });
});

describe("public article URL of a draft", () => {
  it("is 404 for visitors and members, a private preview for managers", async () => {
    const path = `/la-vie-du-club/actualites/${draftId}-brouillon-secret`;
    for (const cookie of [undefined, cookies.membre, cookies.user_manager]) {
      const res = await app.get(path, { as: cookie });
      expect(res.status).toBe(404);
    }
    const preview = await app.get(path, { as: cookies.article_manager });
    expect(preview.data.preview).toBe(true);
    expect(preview.headers.get("cache-control")).toBe("private, no-store");
  });
});
