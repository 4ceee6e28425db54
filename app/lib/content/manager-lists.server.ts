/**
 * The managers' list of articles (search by title ignoring case and accents,
 * status filter, newest first, paginated) and the title search the events
 * list shares. Read side only; writes live in article-editing.server.ts.
 * A list's count is kept in the process until any write (the public-reads cache).
 */
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { articles, users } from "#db/schema";
import { ARTICLE_STATUSES, articlePath, isPublished } from "./articles.server";
import { db, inlineCount } from "../core/db.server";
import { cachedRead } from "../core/cache.server";

/** « Prénom Nom » of an author or editor, null when unknown. */
export function fullName(prenom: string | null, nom: string | null): string | null {
  if (prenom === null && nom === null) return null;
  return `${prenom ?? ""} ${nom ?? ""}`.trim() || null;
}

const ACCENTED = "àâäáãéèêëíìîïóòôöõúùûüçñÿœæ’";
const PLAIN = "aaaaaeeeeiiiiooooouuuucnyoa'";

function foldAccents(text: string): string {
  return text
    .toLowerCase()
    .split("")
    .map((c) => {
      const i = ACCENTED.indexOf(c);
      return i >= 0 ? PLAIN[i] : c;
    })
    .join("");
}

/** Title search ignoring case and accents ("creteil" finds « Créteil »); LIKE's wildcards escaped. */
export function titleContains(column: AnyPgColumn, search: string): SQL {
  const pattern = `%${foldAccents(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${pattern}`;
}

export const MANAGER_ARTICLES_PER_PAGE = 20;

export interface ManagerArticleRow {
  id: number;
  title: string;
  status: string;
  publishedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  author: string | null;
  editor: string | null;
  path: string;
  /** true when visitors can read it now. */
  visible: boolean;
}

/** Managers' list: search by title, filter by status, newest first, paginated. */
export async function listArticlesForManagers(options: {
  q?: string;
  status?: string;
  page?: number;
  perPage?: number;
  now?: Date;
}): Promise<{ items: ManagerArticleRow[]; total: number; page: number; pageCount: number }> {
  const perPage = options.perPage ?? MANAGER_ARTICLES_PER_PAGE;
  const search = options.q?.trim() ?? "";
  const status =
    options.status && (ARTICLE_STATUSES as readonly string[]).includes(options.status) ? options.status : "";
  const where = and(
    search ? titleContains(articles.title, search) : undefined,
    status ? eq(articles.status, status) : undefined,
  );
  // Counting 5,000 articles reads the table: kept until any write.
  const total = await cachedRead(`articles-count:${status}:${search}`, async () => {
    const [counted] = await db.select({ total: count() }).from(articles).where(where);
    return { value: counted?.total ?? 0 };
  });
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(options.page ?? 1)), pageCount);
  const offset = (page - 1) * perPage;
  const author = alias(users, "author");
  const editor = alias(users, "editor");
  const rows = await db
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      status: articles.status,
      publishedAt: articles.publishedAt,
      createdAt: articles.createdAt,
      updatedAt: articles.updatedAt,
      authorPrenom: author.prenom,
      authorNom: author.nom,
      editorPrenom: editor.prenom,
      editorNom: editor.nom,
    })
    .from(articles)
    .leftJoin(author, eq(author.id, articles.createdBy))
    .leftJoin(editor, eq(editor.id, articles.updatedBy))
    .where(where)
    .orderBy(desc(articles.createdAt), desc(articles.id))
    .limit(inlineCount(perPage))
    .offset(inlineCount(offset));
  const now = options.now ?? new Date();
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      status: r.status,
      publishedAt: r.publishedAt,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      author: fullName(r.authorPrenom, r.authorNom),
      editor: fullName(r.editorPrenom, r.editorNom),
      path: articlePath(r),
      visible: isPublished(r, now),
    })),
    total,
    page,
    pageCount,
  };
}
