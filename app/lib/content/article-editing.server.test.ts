import { eq } from "drizzle-orm";
import sharp from "sharp";
import { assert, describe, expect, it } from "vitest";
import { articles, media } from "#db/schema";
import { createUser } from "../../../tests/helpers/auth";
import { getPublishedArticle, listPublishedArticles } from "./articles.server";
import {
  CONFLICT_MESSAGE,
  bodyToHtml,
  deleteArticle,
  getArticleRow,
  saveArticle as saveParsedArticle,
  uploadBodyImage,
} from "./article-editing.server";
import { articleSchema, articleUpdateSchema } from "./article-form";
import { DomainError } from "../core/errors";
import { firstErrors, parseSubmission } from "../http/forms";
import { listArticlesForManagers } from "./manager-lists.server";
import { db } from "../core/db.server";
import { deleteMedia } from "./uploads.server";

function form(fields: Record<string, string | File>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.set(k, v);
  return fd;
}

/**
 * The form as the action handles it: parsed with its schema,
 * then saved; refusals read as `{ errors, values }` (the first error per field,
 * "_form" for the whole form, what was typed).
 */
async function saveArticle(id: number | null, fd: FormData, userId: string, options: { now?: Date } = {}) {
  const submission = parseSubmission(fd, id === null ? articleSchema : articleUpdateSchema);
  const values = Object.fromEntries(
    Object.entries(submission.payload).filter(([, v]) => typeof v === "string"),
  ) as Record<string, string>;
  const refused = (errors: Record<string, string>, conflict = false) => ({
    ok: false as const,
    errors,
    values,
    conflict,
  });
  if (submission.status !== "success") {
    const { "": form, ...fields } = firstErrors(submission.reply());
    return refused(form ? { ...fields, _form: form } : fields);
  }
  try {
    return { ok: true as const, article: await saveParsedArticle(id, submission.value, userId, options) };
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    return refused({ [err.field ?? "_form"]: err.message }, err.status === 409);
  }
}

async function pngFile(name = "photo.png") {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

async function manager() {
  return (await createUser({ roles: ["article_manager"], prenom: "Lan", nom: "Nguyen" })).user;
}

describe("article editing", () => {
  it("ten articles with one title saved at once all get their own slug (no 500)", async () => {
    const user = await manager();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        saveArticle(null, form({ title: "Course au titre", status: "brouillon" }), user.id),
      ),
    );
    const slugs = results.map((r) => (r.ok ? r.article.slug : "échec"));
    expect(new Set(slugs).size).toBe(10);
    expect(slugs).toContain("course-au-titre");
    expect(slugs).not.toContain("échec");
  });

  it("creates a draft with a slug without accents and records the author", async () => {
    const user = await manager();
    const res = await saveArticle(
      null,
      form({ title: "Stage d’été à Créteil", summary: "Un résumé", body: "<p>Texte</p>", status: "brouillon" }),
      user.id,
    );
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.article.slug).toBe("stage-d-ete-a-creteil");
    expect(res.article).toMatchObject({ createdBy: user.id, updatedBy: user.id, version: 1, publishedAt: null });
    expect(await getPublishedArticle(res.article.id)).toBeNull();
    const again = await saveArticle(null, form({ title: "Stage d'ete a Creteil", status: "brouillon" }), user.id);
    expect(again.ok && again.article.slug).toBe("stage-d-ete-a-creteil-2");

    const list = await listArticlesForManagers({ q: "CRETEIL" });
    expect(list.total).toBe(2); // case and accents ignored
    const list2 = await listArticlesForManagers({ q: "Stage", status: "brouillon" });
    expect(list2.total).toBe(2);
    expect(list2.items[0]?.author).toBe("Lan Nguyen");
  });

  it("refuses invalid input with French messages per field and keeps the values", async () => {
    const user = await manager();
    const res = await saveArticle(
      null,
      form({ title: "  ", summary: "x".repeat(501), body: "<p>Mon texte</p>", status: "programme", publishAt: "" }),
      user.id,
    );
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors.title).toBe("Le titre est obligatoire.");
    expect(res.errors.summary).toMatch(/500 caractères/);
    expect(res.errors.publishAt).toMatch(/date et l’heure de publication/);
    expect(res.values.body).toBe("<p>Mon texte</p>");

    const bad = await saveArticle(null, form({ title: "Ok", status: "n-importe" }), user.id);
    expect(!bad.ok && bad.errors.status).toMatch(/Choisissez un statut/);
    expect(await listArticlesForManagers({ q: "Ok" })).toMatchObject({ total: 0 });
  });

  it("sanitizes the body on save", async () => {
    const user = await manager();
    const res = await saveArticle(
      null,
      form({
        title: "Sécurité",
        status: "publie",
        body: '<p>Bonjour <strong>club</strong><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">lien</a></p><svg onload="alert(4)"></svg>',
      }),
      user.id,
    );
    expect(res.ok).toBe(true);
    const row = await getArticleRow(res.ok ? res.article.id : 0);
    expect(row!.body).toContain("<strong>club</strong>");
    expect(row!.body).not.toMatch(/script|onerror|javascript:|svg|onload|alert/);
  });

  it("turns a plain-text body (no JavaScript) into paragraphs", () => {
    expect(bodyToHtml("Premier paragraphe\nsuite\n\nDeuxième < 3")).toBe(
      "<p>Premier paragraphe<br>suite</p><p>Deuxième &lt; 3</p>",
    );
    expect(bodyToHtml("<p>Déjà du HTML</p>")).toBe("<p>Déjà du HTML</p>");
  });

  it("keeps a scheduled article invisible until its time (Paris time stored as UTC)", async () => {
    const user = await manager();
    const before = (await listPublishedArticles({ now: new Date("2030-06-20T16:29:00Z") })).total;
    const res = await saveArticle(
      null,
      form({ title: "Passage de grades", status: "programme", publishAt: "2030-06-20T18:30" }),
      user.id,
    );
    expect(res.ok).toBe(true);
    if (!res.ok) return;
    expect(res.article.publishedAt!.toISOString()).toBe("2030-06-20T16:30:00.000Z");
    expect(await getPublishedArticle(res.article.id, { now: new Date("2030-06-20T16:29:00Z") })).toBeNull();
    expect((await listPublishedArticles({ now: new Date("2030-06-20T16:29:00Z") })).total).toBe(before);
    expect(await getPublishedArticle(res.article.id, { now: new Date("2030-06-20T16:30:00Z") })).not.toBeNull();
    expect((await listPublishedArticles({ now: new Date("2030-06-21T00:00:00Z") })).total).toBe(before + 1);
  });

  it("refuses the second of two saves based on the same version, keeping the input", async () => {
    const a = await manager();
    const b = await manager();
    const created = await saveArticle(null, form({ title: "Version 1", status: "brouillon" }), a.id);
    if (!created.ok) throw new Error("create failed");
    const id = created.article.id;
    const first = await saveArticle(id, form({ title: "Modifié par A", status: "brouillon", version: "1" }), a.id);
    expect(first.ok).toBe(true);
    const second = await saveArticle(
      id,
      form({ title: "Modifié par B", status: "brouillon", version: "1", body: "<p>texte de B</p>" }),
      b.id,
    );
    expect(second.ok).toBe(false);
    if (second.ok) return;
    expect(second.conflict).toBe(true);
    expect(second.errors._form).toBe(CONFLICT_MESSAGE);
    expect(second.errors._form).toMatch(/^Cet article a été modifié par quelqu’un d’autre pendant que vous l’éditiez/);
    expect(second.values.title).toBe("Modifié par B");
    const row = await getArticleRow(id);
    expect(row).toMatchObject({ title: "Modifié par A", version: 2, updatedBy: a.id, createdBy: a.id });
    const third = await saveArticle(id, form({ title: "Modifié par B", status: "brouillon", version: "2" }), b.id);
    expect(third.ok && third.article).toMatchObject({ version: 3, updatedBy: b.id });
  });

  it("needs an alt text with a cover, refuses a renamed non-image, deletes the unused cover with the article", async () => {
    const user = await manager();
    const articleCount = (await db.select().from(articles)).length;
    const noAlt = await saveArticle(
      null,
      form({ title: "Avec image", status: "brouillon", cover: await pngFile() }),
      user.id,
    );
    expect(!noAlt.ok && noAlt.errors.coverAlt).toMatch(/texte alternatif/);
    expect(await db.select().from(media)).toHaveLength(0);

    const fake = new File([new TextEncoder().encode("pas une image")], "x.jpg", { type: "image/jpeg" });
    const bad = await saveArticle(
      null,
      form({ title: "Avec image", status: "brouillon", coverAlt: "Un texte", cover: fake }),
      user.id,
    );
    expect(!bad.ok && bad.errors.cover).toMatch(/JPEG, PNG ou WebP/);
    expect(await db.select().from(media)).toHaveLength(0);
    expect(await db.select().from(articles)).toHaveLength(articleCount);

    const ok = await saveArticle(
      null,
      form({ title: "Avec image", status: "publie", coverAlt: "Les élèves saluent", cover: await pngFile() }),
      user.id,
    );
    if (!ok.ok) throw new Error(JSON.stringify(ok.errors));
    expect(ok.article.coverImageId).not.toBeNull();
    const refused = await deleteMedia(ok.article.coverImageId!);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/encore utilisé par l’article « Avec image »/);

    // Keeping the cover while editing still requires its alt text.
    const keep = await saveArticle(
      ok.article.id,
      form({ title: "Avec image", status: "publie", version: "1", coverAlt: "" }),
      user.id,
    );
    expect(!keep.ok && keep.errors.coverAlt).toBeTruthy();

    expect(await deleteArticle(ok.article.id, user.id)).toBe(true);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("uploads an editor image with its required alt text; the body keeps it in use", async () => {
    const user = await manager();
    const noAlt = await uploadBodyImage(form({ image: await pngFile(), alt: " " }), user.id);
    expect(noAlt).toEqual({ ok: false, error: expect.stringMatching(/texte alternatif/) });
    const fake = await uploadBodyImage(
      form({ image: new File(["<svg onload=alert(1)>"], "x.png"), alt: "Un dessin" }),
      user.id,
    );
    expect(fake.ok).toBe(false);
    const img = await uploadBodyImage(form({ image: await pngFile(), alt: "Le salut" }), user.id);
    if (!img.ok) throw new Error(img.error);
    expect(img).toMatchObject({ alt: "Le salut", width: 800, height: 600 });
    expect(img.src).toMatch(/^\/media\/img-[a-z0-9-]+\/800\.webp$/);

    const saved = await saveArticle(
      null,
      form({
        title: "Avec une image dans le texte",
        status: "brouillon",
        body: `<p>Salut</p><img src="${img.src}" alt="Le salut">`,
      }),
      user.id,
    );
    if (!saved.ok) throw new Error("save failed");
    expect(saved.article.body).toContain(`src="${img.src}"`);
    const key = img.src.split("/")[2] ?? "";
    const [m] = await db.select().from(media).where(eq(media.storageKey, key));
    assert(m);
    expect((await deleteMedia(m.id)).ok).toBe(false);
    // Removing the image from the body frees it.
    const edited = await saveArticle(
      saved.article.id,
      form({ title: "Avec une image dans le texte", status: "brouillon", body: "<p>Salut</p>", version: "1" }),
      user.id,
    );
    expect(edited.ok).toBe(true);
    expect(await db.select().from(media).where(eq(media.storageKey, key))).toHaveLength(0);
  });
});
