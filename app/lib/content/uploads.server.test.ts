import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { media } from "#db/schema";
import { db } from "../core/db.server";
import { env } from "../core/env.server";
import { storage } from "./storage.server";
import { UploadError, deleteMedia, imageSrcSet, sniffImage, storeUpload, variantWidths } from "./uploads.server";
import { app } from "../../../tests/helpers/app";

function uploadsDir() {
  return path.join(env().DATA_DIR, "uploads");
}
function storedKeys(): string[] {
  return existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : [];
}
async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: "#b91c1c" } })
    .png()
    .toBuffer();
}
function file(bytes: Uint8Array, name: string, type = "") {
  return new File([new Uint8Array(bytes)], name, { type });
}
async function serve(key: string) {
  return app.fetch(`/media/${key}`);
}

describe("uploads", () => {
  it("variant widths never upscale", () => {
    expect(variantWidths(2000)).toEqual([480, 960, 1600]);
    expect(variantWidths(700)).toEqual([480, 700]);
    expect(variantWidths(300)).toEqual([300]);
    expect(variantWidths(960)).toEqual([480, 960]);
  });

  it("refuses a text file renamed x.jpg and stores nothing", async () => {
    const before = storedKeys().length;
    const fake = file(new TextEncoder().encode("Bonjour, je ne suis pas une image."), "x.jpg", "image/jpeg");
    await expect(storeUpload(fake, { accept: "image" })).rejects.toThrow(UploadError);
    await expect(storeUpload(fake, { accept: "image" })).rejects.toThrow(/JPEG, PNG ou WebP/);
    expect(storedKeys().length).toBe(before);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("refuses an image over 10 Mo and stores nothing", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await expect(storeUpload(file(big, "grande.png"), { accept: "image" })).rejects.toThrow(/10 Mo/);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("refuses a truncated image with a French message", async () => {
    const bytes = (await png(50, 50)).subarray(0, 40);
    expect(sniffImage(bytes)).toBe("png");
    await expect(storeUpload(file(bytes, "casse.png"), { accept: "image" })).rejects.toThrow(UploadError);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("turns a real PNG into WebP and AVIF variants and serves them", async () => {
    const m = await storeUpload(file(await png(1200, 800), "photo.png", "image/png"), {
      accept: "image",
      alt: "Une photo",
    });
    expect(m).toMatchObject({ kind: "image", width: 1200, height: 800, mimeType: "image/png", alt: "Une photo" });
    const files = readdirSync(path.join(uploadsDir(), m.storageKey)).sort();
    expect(files).toEqual(["1200.avif", "1200.webp", "480.avif", "480.webp", "960.avif", "960.webp"]);
    const meta = await sharp((await storage().get(`${m.storageKey}/480.avif`))!.body).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.width).toBe(480);

    const set = imageSrcSet(m);
    expect(set.avif).toContain(`/media/${m.storageKey}/480.avif 480w`);
    expect(set.webp).toContain(`/media/${m.storageKey}/1200.webp 1200w`);
    expect(set.src).toBe(`/media/${m.storageKey}/1200.webp`);

    const res = await serve(`${m.storageKey}/960.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/webp");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await serve(`${m.storageKey}/2000.webp`)).status).toBe(404);
    const whole = await serve(m.storageKey);
    expect(whole.status).toBe(200);
    expect((await sharp(Buffer.from(await whole.arrayBuffer())).metadata()).width).toBe(1200);
    expect((await serve(`../../etc/passwd`)).status).toBe(404);
    expect((await serve(`${m.storageKey}/../x.webp`)).status).toBe(404);
  });

  it("accepts a JPEG and keeps the dimensions", async () => {
    const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    const m = await storeUpload(file(jpeg, "petite.jpeg"), { accept: "image" });
    expect(m).toMatchObject({ width: 400, height: 300, mimeType: "image/jpeg" });
    expect(readdirSync(path.join(uploadsDir(), m.storageKey)).sort()).toEqual(["400.avif", "400.webp"]);
  });

  it("stores a PDF checked by content and serves it inline with its name", async () => {
    const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    await expect(storeUpload(file(pdfBytes, "doc.pdf"), { accept: "image" })).rejects.toThrow(UploadError);
    await expect(
      storeUpload(file(new TextEncoder().encode("pas un pdf"), "faux.pdf"), { accept: "pdf" }),
    ).rejects.toThrow(/document PDF/);
    const m = await storeUpload(file(pdfBytes, "Fiche d’inscription été.pdf"), { accept: "pdf" });
    expect(m.kind).toBe("pdf");
    const res = await serve(`${m.storageKey}/document.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(
      /^inline; filename="Fiche d_inscription ete.pdf"; filename\*=UTF-8''/,
    );

    const big = new Uint8Array(20 * 1024 * 1024 + 1);
    big.set(pdfBytes);
    await expect(storeUpload(file(big, "gros.pdf"), { accept: "pdf" })).rejects.toThrow(/20 Mo/);

    expect(await deleteMedia(m.id)).toEqual({ ok: true });
    expect((await serve(`${m.storageKey}/document.pdf`)).status).toBe(404);
  });
});
