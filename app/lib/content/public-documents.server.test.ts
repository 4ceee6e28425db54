import { assert, beforeAll, describe, expect, it } from "vitest";
import { documents, media } from "#db/schema";
import { db } from "../core/db.server";
import { fileTypeLabel, formatFileSize, listPublicDocuments } from "./public-documents.server";
import { seedDocumentList, seedDocuments } from "../core/seed/documents.server";

beforeAll(async () => {
  await db.transaction(async () => seedDocuments());
});

describe("registration documents", () => {
  it("lists the seeded PDFs in order, with type and size from the shipped files", async () => {
    const list = await listPublicDocuments();
    expect(list.map((d) => d.title)).toEqual(seedDocumentList.map((d) => d.title));
    for (const doc of list) {
      expect(doc.href).toMatch(/^\/documents\/[a-z-]+\.pdf$/);
      expect(doc.type).toBe("PDF");
      expect(doc.size).toBeGreaterThan(10_000);
    }
  });

  it("prefers an uploaded file and orders by position", async () => {
    const [file] = await db
      .insert(media)
      .values({
        kind: "pdf",
        storageKey: "doc-abc/fichier.pdf",
        originalName: "tarifs.pdf",
        mimeType: "application/pdf",
        size: 2_400_000,
      })
      .returning();
    assert(file);
    await db.insert(documents).values({ title: "Tarifs détaillés", mediaId: file.id, position: 0 });
    await db.insert(documents).values({ title: "Sans fichier", position: 0 });
    const list = await listPublicDocuments();
    expect(list[0]).toMatchObject({
      title: "Tarifs détaillés",
      href: "/media/doc-abc/fichier.pdf",
      type: "PDF",
      size: 2_400_000,
    });
    expect(list.some((d) => d.title === "Sans fichier")).toBe(false);
  });

  it("formats sizes and types in French", () => {
    expect(formatFileSize(51_923)).toBe("51 Ko");
    expect(formatFileSize(2_400_000)).toBe("2,3 Mo");
    expect(formatFileSize(300)).toBe("300 octets");
    expect(fileTypeLabel(null, "/documents/x.PDF")).toBe("PDF");
    expect(fileTypeLabel(null, "/documents/x")).toBeNull();
  });
});
