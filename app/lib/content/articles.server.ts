/**
 * News articles, public read side.
 *
 * Publication rule (`isPublished`): status "publie", or status "programme"
 * with a publication date that has passed. Drafts ("brouillon") and
 * scheduled articles whose time has not come are never listed and answer 404
 * on their public URL (the content module adds a preview for managers: the
 * article route loads with `getArticleById` and checks `isPublished` itself).
 */
import { and, count, desc, eq, isNotNull, lte, or, sql, type SQL } from "drizzle-orm";
import { articles, media } from "#db/schema";
import { db, inlineCount } from "../core/db.server";
import { imageSrcSet, type ImageSources } from "./uploads.server";

import { ARTICLE_STATUSES } from "./article-form";

export { ARTICLE_STATUSES };
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_STATUS_LABELS: Record<ArticleStatus, string> = {
  brouillon: "Brouillon",
  publie: "Publié",
  programme: "Programmé",
};

export const NEWS_PER_PAGE = 9;

/** Cover image: responsive sources (see ResponsiveImage) and its alt text. */
export interface CoverImage extends ImageSources {
  alt: string;
}

export interface ArticleSummary {
  id: number;
  slug: string;
  title: string;
  summary: string;
  status: string;
  publishedAt: Date | null;
  /** Public path: /la-vie-du-club/actualites/{id}-{slug}. */
  path: string;
  cover: CoverImage | null;
}

export interface Article extends ArticleSummary {
  /** Sanitized HTML (sanitized once, on save). */
  body: string;
  updatedAt: Date;
}

/** The publication rule, for one article already loaded. */
export function isPublished(article: { status: string; publishedAt: Date | null }, now: Date = new Date()): boolean {
  if (article.status === "publie") return true;
  if (article.status === "programme")
    return article.publishedAt !== null && article.publishedAt.getTime() <= now.getTime();
  return false;
}

/** The same rule as a SQL condition. */
export function publishedCondition(now: Date = new Date()): SQL {
  return or(
    eq(articles.status, "publie"),
    and(eq(articles.status, "programme"), isNotNull(articles.publishedAt), lte(articles.publishedAt, now)),
  )!;
}

/** "Passage de grades : bravo à tous !" -> "passage-de-grades-bravo-a-tous". */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[œŒ]/g, "oe")
    .replace(/[æÆ]/g, "ae")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || "article";
}

export function articlePath(article: { id: number; slug: string }): string {
  return `/la-vie-du-club/actualites/${article.id}-${article.slug}`;
}

/** Accepts "12" or "12-some-slug"; anything else is null. */
export function parseArticleId(param: string | undefined): number | null {
  const m = /^(\d{1,9})(?:-[a-z0-9-]*)?$/i.exec(param ?? "");
  if (!m) return null;
  const id = Number(m[1]);
  return id > 0 ? id : null;
}

const summaryColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  status: articles.status,
  publishedAt: articles.publishedAt,
  coverAlt: articles.coverAlt,
  mediaKey: media.storageKey,
  mediaKind: media.kind,
  mediaWidth: media.width,
  mediaHeight: media.height,
};

type SummaryRow = {
  id: number;
  slug: string;
  title: string;
  summary: string;
  status: string;
  publishedAt: Date | null;
  coverAlt: string;
  mediaKey: string | null;
  mediaKind: string | null;
  mediaWidth: number | null;
  mediaHeight: number | null;
};

function toSummary(row: SummaryRow): ArticleSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    status: row.status,
    publishedAt: row.publishedAt,
    path: articlePath(row),
    cover:
      row.mediaKey && row.mediaKind === "image"
        ? {
            ...imageSrcSet({
              storageKey: row.mediaKey,
              kind: row.mediaKind,
              width: row.mediaWidth,
              height: row.mediaHeight,
            }),
            alt: row.coverAlt,
          }
        : null,
  };
}

/** Newest first: publication date, then id (ties and undated "publie" rows). */
const newestFirst = [desc(sql`coalesce(${articles.publishedAt}, ${articles.createdAt})`), desc(articles.id)];

export async function listPublishedArticles(
  options: { page?: number; perPage?: number; now?: Date } = {},
): Promise<{ items: ArticleSummary[]; total: number; page: number; perPage: number; pageCount: number }> {
  const perPage = Math.max(1, Math.min(100, Math.floor(options.perPage ?? NEWS_PER_PAGE)));
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const where = publishedCondition(options.now ?? new Date());
  const [counted] = await db.select({ total: count() }).from(articles).where(where);
  const total = counted?.total ?? 0;
  const rows = await db
    .select(summaryColumns)
    .from(articles)
    .leftJoin(media, eq(media.id, articles.coverImageId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(inlineCount(perPage))
    .offset(inlineCount((page - 1) * perPage));
  return { items: rows.map(toSummary), total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

/** The latest published articles (home page). */
export async function latestArticles(limit = 3, now: Date = new Date()): Promise<ArticleSummary[]> {
  return (await listPublishedArticles({ page: 1, perPage: limit, now })).items;
}

/** Any article, whatever its status (managers' preview; callers check `isPublished`). */
export async function getArticleById(id: number): Promise<Article | null> {
  const [row] = await db
    .select({ ...summaryColumns, body: articles.body, updatedAt: articles.updatedAt })
    .from(articles)
    .leftJoin(media, eq(media.id, articles.coverImageId))
    .where(eq(articles.id, id));
  if (!row) return null;
  return { ...toSummary(row), body: row.body, updatedAt: row.updatedAt };
}

/** A published article, or null (missing, draft, or scheduled for later). */
export async function getPublishedArticle(id: number, options: { now?: Date } = {}): Promise<Article | null> {
  const article = await getArticleById(id);
  return article && isPublished(article, options.now) ? article : null;
}
