/**
 * Photos with consent, through the request harness: a photo
 * with identifiable members needs the consent statement (who and when are
 * recorded), is shown under its article and served without long caching;
 * withdrawing it removes it from the article page and from /media at once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { articles, auditLog, photos } from "#db/schema";
import { db } from "../core/db.server";
import { seedDatabase } from "../core/seed.server";
import { firstErrors } from "../http/forms";
import { app } from "../../../tests/helpers/app";
import { publishSampleContent } from "../../../tests/helpers/sample-content";
import { createUser, type CreatedUser } from "../../../tests/helpers/auth";
import { listPublishedArticles } from "./articles.server";
import { PHOTO_CONSENT_MISSING } from "./photos";

const PAGE = "/espace-membre/articles/photos";
let manager: CreatedUser;
let articleId = 0;
let articlePath = "";

async function jpeg(): Promise<Blob> {
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3366cc" } })
    .jpeg()
    .toBuffer();
  return new File([new Uint8Array(bytes)], "seance.jpg", { type: "image/jpeg" });
}

async function articlePhotos(): Promise<Array<{ id: number; alt: string; image: { src: string } }>> {
  const res = await app.get(articlePath);
  expect(res.status).toBe(200);
  return (res.data as { photos: Array<{ id: number; alt: string; image: { src: string } }> }).photos;
}

beforeAll(async () => {
  await seedDatabase();
  // The site publishes no article by itself: the sample news.
  await publishSampleContent();
  manager = await createUser({ roles: ["article_manager"], prenom: "Lan", nom: "Tran" });
  const { items } = await listPublishedArticles({ page: 1, perPage: 1 });
  articleId = items[0]!.id;
  articlePath = items[0]!.path;
});

describe("photos with identifiable members", () => {
  it("are refused without the consent statement, and nothing is stored", async () => {
    const before = await db.select().from(photos);
    const res = await app.post(
      PAGE,
      {
        intent: "upload",
        file: await jpeg(),
        alt: "Le cours des enfants",
        articleId: String(articleId),
        identifiable: "on",
      },
      { as: manager },
    );
    expect(res.status).toBe(400);
    expect(firstErrors((res.data as { result: never }).result)).toMatchObject({ consent: PHOTO_CONSENT_MISSING });
    expect(await db.select().from(photos)).toHaveLength(before.length);
  });

  it("record who stated the consent and when, and show under the article, revalidated on every view", async () => {
    const res = await app.post(
      PAGE,
      {
        intent: "upload",
        file: await jpeg(),
        alt: "Le cours des enfants",
        caption: "Samedi matin",
        articleId: String(articleId),
        identifiable: "on",
        consent: "on",
      },
      { as: manager },
    );
    expect(res.redirect).toBe(`${PAGE}?ok=ajoutee`);
    const [row] = await db.select().from(photos).orderBy(desc(photos.id)).limit(1);
    expect(row).toMatchObject({
      identifiable: true,
      consentRecordedBy: manager.user.id,
      consentRecordedByName: "Lan Tran",
      articleId,
    });
    expect(row!.consentRecordedAt).toBeInstanceOf(Date);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "photo-ajoutee"));
    expect(entry?.actorName).toBe("Lan Tran");

    const shown = await articlePhotos();
    expect(shown.map((p) => p.alt)).toEqual(["Le cours des enfants"]);
    const media = await app.fetch(shown[0]!.image.src);
    expect(media.status).toBe(200);
    expect(media.headers.get("cache-control")).toBe("public, no-cache");
    const etag = media.headers.get("etag");
    expect(etag).toBeTruthy();
    expect((await app.fetch(shown[0]!.image.src, { headers: { "if-none-match": etag! } })).status).toBe(304);
  });

  it("disappear from the article and from /media as soon as the consent is withdrawn; the trace stays", async () => {
    const [shown] = await articlePhotos();
    const res = await app.post(PAGE, { intent: "withdraw", photoId: String(shown!.id) }, { as: manager });
    expect(res.redirect).toBe(`${PAGE}?ok=retiree`);
    expect(await articlePhotos()).toEqual([]);
    expect((await app.fetch(shown!.image.src)).status).toBe(404);
    const [row] = await db.select().from(photos).where(eq(photos.id, shown!.id));
    expect(row).toMatchObject({ mediaId: null, withdrawnByName: "Lan Tran", consentRecordedByName: "Lan Tran" });
    expect(row!.withdrawnAt).toBeInstanceOf(Date);
    const again = await app.post(PAGE, { intent: "withdraw", photoId: String(shown!.id) }, { as: manager });
    expect(again.status).toBe(409);
  });
});

describe("photos without identifiable people", () => {
  it("need no consent and stay cacheable for a year", async () => {
    const res = await app.post(
      PAGE,
      { intent: "upload", file: await jpeg(), alt: "Le dojo vide", articleId: String(articleId) },
      { as: manager },
    );
    expect(res.redirect).toBe(`${PAGE}?ok=ajoutee`);
    const [shown] = await articlePhotos();
    expect((await app.fetch(shown!.image.src)).headers.get("cache-control")).toContain("immutable");
  });

  it("the page is for admins and article managers only", async () => {
    const member = await createUser({ roles: ["membre"] });
    expect((await app.get(PAGE, { as: member })).redirect).toBe("/espace-membre");
    const list = await app.get(PAGE, { as: manager });
    expect(list.status).toBe(200);
  });
});

describe("the public gallery", () => {
  it("shows the photos still shown, never those of an unpublished article, and hides itself when empty", async () => {
    const [draft] = await db
      .insert(articles)
      .values({ slug: "brouillon-photos", title: "Brouillon", status: "brouillon" })
      .returning();
    const res = await app.post(
      PAGE,
      { intent: "upload", file: await jpeg(), alt: "Photo d’un brouillon", articleId: String(draft!.id) },
      { as: manager },
    );
    expect(res.redirect).toBe(`${PAGE}?ok=ajoutee`);
    const gallery = await app.get("/la-vie-du-club/photos");
    expect(gallery.status).toBe(200);
    const alts = (gallery.data as { photos: Array<{ alt: string }> }).photos.map((p) => p.alt);
    expect(alts).toContain("Le dojo vide");
    expect(alts).not.toContain("Photo d’un brouillon");
    expect(alts).not.toContain("Le cours des enfants"); // withdrawn above
    expect(await (await app.fetch("/")).text()).toContain('href="/la-vie-du-club/photos"');

    for (const row of await db.select().from(photos)) {
      if (!row.withdrawnAt) await app.post(PAGE, { intent: "withdraw", photoId: String(row.id) }, { as: manager });
    }
    expect((await app.get("/la-vie-du-club/photos")).status).toBe(404);
    expect(await (await app.fetch("/")).text()).not.toContain('href="/la-vie-du-club/photos"');
  });
});
