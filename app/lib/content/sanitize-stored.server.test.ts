import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { articles, settings } from "#db/schema";
import { db } from "../core/db.server";
import { sanitizeStoredRichText } from "./sanitize-stored.server";

describe("rich text sanitized once, when saved", () => {
  it("cleans article bodies stored before the rule once, and leaves clean ones alone", async () => {
    await db.delete(settings).where(eq(settings.key, "_rich_text_clean_v1"));
    const [dirty] = await db
      .insert(articles)
      .values({
        slug: "ancien-article",
        title: "Ancien article",
        body: '<p>Bonjour<script>alert(1)</script><img src="x" onerror="alert(2)"></p>',
        status: "publie",
        publishedAt: new Date("2026-01-10T10:00:00Z"),
      })
      .returning();
    const [clean] = await db
      .insert(articles)
      .values({
        slug: "article-propre",
        title: "Article propre",
        body: "<p>Déjà <strong>propre</strong></p>",
        status: "publie",
        publishedAt: new Date("2026-01-11T10:00:00Z"),
      })
      .returning();

    expect(await sanitizeStoredRichText()).toBe(1);
    const [row] = await db.select().from(articles).where(eq(articles.id, dirty!.id));
    expect(row!.body).toBe("<p>Bonjour</p>");
    const [untouched] = await db.select().from(articles).where(eq(articles.id, clean!.id));
    expect(untouched!.updatedAt).toEqual(clean!.updatedAt);

    // Once per database: a row written afterwards without the editor is not cleaned at start-up.
    expect(await sanitizeStoredRichText()).toBeNull();
  });
});
