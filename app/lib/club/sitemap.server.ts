/**
 * robots.txt and sitemap.xml. The sitemap lists every public page meant for
 * search engines (the sign-in pages and the member area are left out and
 * disallowed in robots.txt) plus every published news article.
 */
import { and, desc, eq, isNotNull, lte, or } from "drizzle-orm";
import { articles } from "#db/schema";
import { db } from "../core/db.server";
import { GALLERY_PATH, INDEXED_PAGES, TEACHERS_PATH } from "./public-pages";
import { hasTeachers } from "./teachers.server";
import { hasGalleryPhotos } from "../content/photos.server";
import { href } from "react-router";

/** Public pages of the route table (app/routes.ts), in menu order. */
export const SITEMAP_PAGES = INDEXED_PAGES;

/** Paths crawlers should not visit (private, technical or form-only pages). */
export const ROBOTS_DISALLOW = [
  href("/espace-membre"),
  "/api/",
  "/connexion",
  "/inscription$",
  "/mot-de-passe-oublie",
  "/reinitialiser-mot-de-passe",
  "/deconnexion",
] as const;

export interface SitemapEntry {
  path: string;
  lastmod?: Date | null;
}

function trimBase(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${trimBase(baseUrl)}/sitemap.xml`,
    "",
  ].join("\n");
}

function xmlEscape(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

export function sitemapXml(baseUrl: string, entries: SitemapEntry[]): string {
  const base = trimBase(baseUrl);
  const urls = entries.map((e) => {
    const lastmod = e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : "";
    return `  <url><loc>${xmlEscape(base + e.path)}</loc>${lastmod}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * Published articles: status "publie", or "programme" whose publication time
 * has passed (the same rule as the news pages). Path: /la-vie-du-club/actualites/{id}-{slug}.
 */
export async function publishedArticleEntries(now = new Date()): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: articles.id, slug: articles.slug, updatedAt: articles.updatedAt, publishedAt: articles.publishedAt })
    .from(articles)
    .where(
      or(
        eq(articles.status, "publie"),
        and(eq(articles.status, "programme"), isNotNull(articles.publishedAt), lte(articles.publishedAt, now)),
      ),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id));
  return rows.map((r) => {
    const published = r.publishedAt && r.publishedAt > r.updatedAt ? r.publishedAt : r.updatedAt;
    return { path: `/la-vie-du-club/actualites/${r.id}-${r.slug}`, lastmod: published };
  });
}

export async function sitemapEntries(now = new Date()): Promise<SitemapEntry[]> {
  const news = await publishedArticleEntries(now);
  const latest = news.reduce<Date | null>((max, e) => (e.lastmod && (!max || e.lastmod > max) ? e.lastmod : max), null);
  return [
    ...SITEMAP_PAGES.map((path) => ({
      path,
      lastmod: path === "/la-vie-du-club/actualites" || path === "/" ? latest : null,
    })),
    // The teachers page exists only once teachers are entered.
    ...((await hasTeachers()) ? [{ path: TEACHERS_PATH, lastmod: null }] : []),
    ...((await hasGalleryPhotos()) ? [{ path: GALLERY_PATH, lastmod: null }] : []),
    ...news,
  ];
}
