import sharp from "sharp";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, comics, documents, media, users } from "#db/schema";
import { db } from "../core/db.server";
import { getBannerOverrides, resetBannerImage, setBannerImage } from "./banners.server";
import { deleteComic, deleteDocument, getBrochure, removeBrochure, saveBrochure, saveComic, saveDocument, settingsMediaUsages } from "./club-files.server";
import { seedDatabase } from "../core/seed.server";

const userId = "files-admin";
const pdf = () => new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], "fiche.pdf", { type: "application/pdf" });
let png: Buffer;

beforeAll(async () => {
  await seedDatabase();
  await db.insert(users).values({ id: userId, email: "files-admin@exemple.fr", name: "Admin", prenom: "Ada", nom: "Admin" });
  png = await sharp({ create: { width: 640, height: 320, channels: 3, background: "#1d4ed8" } }).png().toBuffer();
});

describe("registration documents", () => {
  it("refuses a missing file, a renamed non-PDF and an empty title, in French", async () => {
    expect(await saveDocument({ values: { title: "" }, file: null }, userId)).toMatchObject({
      ok: false,
      errors: { title: "Indiquez le titre du document.", file: "Choisissez le fichier PDF du document." },
    });
    const fake = new File(["<html>pas un pdf</html>"], "faux.pdf", { type: "application/pdf" });
    const res = await saveDocument({ values: { title: "Fiche" }, file: fake }, userId);
    expect(res).toMatchObject({ ok: false, errors: { file: expect.stringMatching(/document PDF/) } });
  });

  it("adds, edits with a version check, and blocks deletion while an article links to the PDF", async () => {
    const created = await saveDocument({ values: { title: "Fiche d’inscription", description: "À remplir", position: "1" }, file: pdf() }, userId);
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const [doc] = await db.select().from(documents).where(eq(documents.id, created.id));
    assert(doc);
    expect(doc).toMatchObject({ createdBy: userId, version: 1 });
    const [m] = await db.select().from(media).where(eq(media.id, doc.mediaId!));
    assert(m);

    expect(await saveDocument({ id: doc.id, version: 1, values: { title: "Fiche 2026" }, file: null }, userId)).toEqual({ ok: true, id: doc.id });
    const late = await saveDocument({ id: doc.id, version: 1, values: { title: "Autre" }, file: null }, userId);
    expect(late).toMatchObject({ ok: false, status: 409 });

    const [article] = await db
      .insert(articles)
      .values({ slug: "inscriptions", title: "Les inscriptions sont ouvertes", body: `<p><a href="/media/${m.storageKey}/document.pdf">la fiche</a></p>` })
      .returning();
    assert(article);
    await expect(deleteDocument(doc.id)).rejects.toMatchObject({ status: 409, message: expect.stringMatching(/encore utilisé par l’article « Les inscriptions sont ouvertes »/) });
    expect(await db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(1);

    await db.update(articles).set({ body: "<p>Plus de lien.</p>" }).where(eq(articles.id, article.id));
    expect(await deleteDocument(doc.id)).toEqual({ ok: true });
    expect(await db.select().from(media).where(eq(media.id, m.id))).toHaveLength(0);
  });

  it("refuses to delete a document or a strip that does not exist (a French 404, not success)", async () => {
    await expect(deleteDocument(999_999)).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/n’existe plus/) });
    await expect(deleteComic(999_999)).rejects.toMatchObject({ status: 404, message: expect.stringMatching(/n’existe plus/) });
  });
});

describe("comic strips", () => {
  it("requires an alt text and an image", async () => {
    const res = await saveComic({ values: { title: "Planche", alt: " " }, file: null }, userId);
    expect(res).toMatchObject({ ok: false, errors: { alt: expect.stringMatching(/texte alternatif obligatoire/), file: expect.stringMatching(/image/) } });
  });

  it("adds a strip (image re-encoded), then deletes it with its image", async () => {
    const res = await saveComic({ values: { title: "Le salut", alt: "Deux élèves se saluent, main sur le cœur." }, file: new File([new Uint8Array(png)], "salut.png") }, userId);
    if (!res.ok) throw new Error(JSON.stringify(res.errors));
    const [c] = await db.select().from(comics).where(eq(comics.id, res.id));
    assert(c);
    const [m] = await db.select().from(media).where(eq(media.id, c.mediaId!));
    assert(m);
    expect(m).toMatchObject({ kind: "image", alt: "Deux élèves se saluent, main sur le cœur.", width: 640 });
    expect(await deleteComic(c.id)).toEqual({ ok: true });
    expect(await db.select().from(media).where(eq(media.id, m.id))).toHaveLength(0);
  });
});

describe("brochure and banners (settings)", () => {
  it("stores the brochure, replaces it and removes it", async () => {
    expect(await saveBrochure({ title: "Brochure" }, null, userId)).toMatchObject({ ok: false, errors: { file: expect.any(String) } });
    const first = await saveBrochure({ title: "Brochure 2026-2027" }, pdf(), userId);
    expect(first.ok).toBe(true);
    const b1 = await getBrochure();
    expect(b1).toMatchObject({ title: "Brochure 2026-2027", fileName: "fiche.pdf" });
    expect(b1.href).toMatch(/^\/media\/pdf-.*\/document\.pdf$/);
    const firstId = first.ok ? first.id : 0;
    expect(await settingsMediaUsages(firstId)).toEqual(["la brochure du club"]);

    await saveBrochure({ title: "Brochure" }, pdf(), userId);
    // The replaced file is gone.
    expect(await db.select().from(media).where(eq(media.id, firstId))).toHaveLength(0);
    await removeBrochure(userId);
    expect((await getBrochure()).href).toBeNull();
  });

  it("overrides a section banner and resets it", async () => {
    expect(await getBannerOverrides()).toEqual({});
    await expect(setBannerImage("/pas-une-rubrique", new File([new Uint8Array(png)], "b.png"), userId)).rejects.toMatchObject({ field: "section", message: expect.any(String) });
    await expect(setBannerImage("/la-vie-du-club", new File(["texte"], "b.png"), userId)).rejects.toMatchObject({ field: "file", message: expect.any(String) });
    expect(await setBannerImage("/la-vie-du-club", new File([new Uint8Array(png)], "b.png"), userId)).toEqual({ ok: true });
    const overrides = await getBannerOverrides();
    expect(overrides["/la-vie-du-club"]).toMatch(/^\/media\/img-.*\/640\.webp$/);
    await resetBannerImage("/la-vie-du-club", userId);
    expect(await getBannerOverrides()).toEqual({});
  });
});
