import sharp from "sharp";
import { assert, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { articles, comics, documents, media, users } from "#db/schema";
import { db } from "../core/db.server";
import { getBannerOverrides, resetBannerImage, setBannerImage } from "./banners.server";
import {
  deleteComic,
  deleteDocument,
  getBrochure,
  removeBrochure,
  saveBrochure,
  saveComic,
  saveDocument,
  settingsMediaUsages,
} from "./club-files.server";
import { seedDatabase } from "../core/seed.server";
import { getSetting } from "../club/settings.server";
import { firstErrors, parseSubmission } from "../http/forms";
import { comicCreateSchema, documentCreateSchema } from "./club-files-form";

function form(values: Record<string, string | File>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(values)) fd.set(k, v);
  return fd;
}
const errorsOf = (
  schema: typeof documentCreateSchema | typeof comicCreateSchema,
  values: Record<string, string | File>,
) => firstErrors(parseSubmission(form(values), schema).reply());

const userId = "files-admin";
const pdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], "fiche.pdf", {
    type: "application/pdf",
  });
let png: Buffer;

beforeAll(async () => {
  await seedDatabase();
  await db
    .insert(users)
    .values({ id: userId, email: "files-admin@exemple.fr", name: "Admin", prenom: "Ada", nom: "Admin" });
  png = await sharp({ create: { width: 640, height: 320, channels: 3, background: "#1d4ed8" } })
    .png()
    .toBuffer();
});

describe("registration documents", () => {
  it("refuses a missing file, a renamed non-PDF and an empty title, in French", async () => {
    expect(errorsOf(documentCreateSchema, { title: "" })).toEqual({
      title: "Indiquez le titre du document.",
      file: "Choisissez le fichier PDF du document.",
    });
    const fake = new File(["<html>pas un pdf</html>"], "faux.pdf", { type: "application/pdf" });
    await expect(
      saveDocument({ title: "Fiche", description: "", position: 0, file: fake }, userId),
    ).rejects.toMatchObject({
      field: "file",
      message: expect.stringMatching(/document PDF/),
    });
  });

  it("adds, edits with a version check, and blocks deletion while an article links to the PDF", async () => {
    const createdId = await saveDocument(
      { title: "Fiche d’inscription", description: "À remplir", position: 1, file: pdf() },
      userId,
    );
    const [doc] = await db.select().from(documents).where(eq(documents.id, createdId));
    assert(doc);
    expect(doc).toMatchObject({ createdBy: userId, version: 1 });
    const [m] = await db.select().from(media).where(eq(media.id, doc.mediaId!));
    assert(m);

    expect(
      await saveDocument({ id: doc.id, version: 1, title: "Fiche 2026", description: "", position: 0 }, userId),
    ).toBe(doc.id);
    await expect(
      saveDocument({ id: doc.id, version: 1, title: "Autre", description: "", position: 0 }, userId),
    ).rejects.toMatchObject({ status: 409 });

    const [article] = await db
      .insert(articles)
      .values({
        slug: "inscriptions",
        title: "Les inscriptions sont ouvertes",
        body: `<p><a href="/media/${m.storageKey}/document.pdf">la fiche</a></p>`,
      })
      .returning();
    assert(article);
    await expect(deleteDocument(doc.id)).rejects.toMatchObject({
      status: 409,
      message: expect.stringMatching(/encore utilisé par l’article « Les inscriptions sont ouvertes »/),
    });
    expect(await db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(1);

    await db.update(articles).set({ body: "<p>Plus de lien.</p>" }).where(eq(articles.id, article.id));
    expect(await deleteDocument(doc.id)).toEqual({ ok: true });
    expect(await db.select().from(media).where(eq(media.id, m.id))).toHaveLength(0);
  });

  it("refuses to delete a document or a strip that does not exist (a French 404, not success)", async () => {
    await expect(deleteDocument(999_999)).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/n’existe plus/),
    });
    await expect(deleteComic(999_999)).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/n’existe plus/),
    });
  });
});

describe("comic strips", () => {
  it("requires an alt text and an image", async () => {
    expect(errorsOf(comicCreateSchema, { title: "Planche", alt: " " })).toMatchObject({
      alt: expect.stringMatching(/texte alternatif obligatoire/),
      file: expect.stringMatching(/image/),
    });
  });

  it("adds a strip (image re-encoded), then deletes it with its image", async () => {
    const comicId = await saveComic(
      {
        title: "Le salut",
        alt: "Deux élèves se saluent, main sur le cœur.",
        position: 0,
        file: new File([new Uint8Array(png)], "salut.png"),
      },
      userId,
    );
    const [c] = await db.select().from(comics).where(eq(comics.id, comicId));
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
    await expect(saveBrochure({ title: "Brochure" }, userId)).rejects.toMatchObject({ field: "file" });
    await saveBrochure({ title: "Brochure 2026-2027", file: pdf() }, userId);
    const b1 = await getBrochure();
    expect(b1).toMatchObject({ title: "Brochure 2026-2027", fileName: "fiche.pdf" });
    expect(b1.href).toMatch(/^\/media\/pdf-.*\/document\.pdf$/);
    const firstId = (await getSetting("brochure")).mediaId ?? 0;
    expect(await settingsMediaUsages(firstId)).toEqual(["la brochure du club"]);

    await saveBrochure({ title: "Brochure", file: pdf() }, userId);
    // The replaced file is gone.
    expect(await db.select().from(media).where(eq(media.id, firstId))).toHaveLength(0);
    await removeBrochure(userId);
    expect((await getBrochure()).href).toBeNull();
  });

  it("overrides a section banner and resets it", async () => {
    expect(await getBannerOverrides()).toEqual({});
    await expect(
      setBannerImage("/pas-une-rubrique", new File([new Uint8Array(png)], "b.png"), userId),
    ).rejects.toMatchObject({ field: "section", message: expect.any(String) });
    await expect(setBannerImage("/la-vie-du-club", new File(["texte"], "b.png"), userId)).rejects.toMatchObject({
      field: "file",
      message: expect.any(String),
    });
    expect(await setBannerImage("/la-vie-du-club", new File([new Uint8Array(png)], "b.png"), userId)).toEqual({
      ok: true,
    });
    const overrides = await getBannerOverrides();
    expect(overrides["/la-vie-du-club"]).toMatch(/^\/media\/img-.*\/640\.webp$/);
    await resetBannerImage("/la-vie-du-club", userId);
    expect(await getBannerOverrides()).toEqual({});
  });
});
