/**
 * /la-vie-du-club/actualites (the news list): the page the address asks for, read here, and its
 * content, written on the server (`renderServerHtml` in the route's loader) and kept as is by
 * the browser (`ServerHtml`), which never loads this code (a `.server` module).
 * Nothing here reacts to the visitor; links (cards, pages) are `SiteLink`s.
 */
import { href, redirect } from "react-router";
import { SiteLink } from "~/components/layout/site-link";
import { ResponsiveImage } from "~/components/responsive-image";
import { ArticleIllustration } from "~/components/article-illustration";
import { NEWS_PER_PAGE, type ArticleSummary } from "~/lib/content/articles.server";
import { publishedArticlesPage } from "~/lib/content/public-reads.server";
import { formatDate } from "~/lib/core/time";
import { pageWindow } from "~/lib/content/page-window";
import { Icon } from "~/components/ui/icon";
import { buttonClasses } from "~/components/ui/button";
import { getSessionUser } from "~/lib/accounts/session.server";
import { writeLinksFor } from "~/lib/content/write-links";

/** The page of the list the address asks for (another address: redirect or 404). */
export async function newsView(request: Request) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("page");
  let page = 1;
  if (raw !== null) {
    if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1) throw redirect(url.pathname);
    page = Number(raw);
  }
  const result = await publishedArticlesPage(page, NEWS_PER_PAGE);
  if (page > result.pageCount) {
    throw new Response(null, { status: 404 });
  }
  // An empty list offers the managers to write the first article (none for a visitor).
  const newArticle = result.total === 0 ? writeLinksFor(await getSessionUser(request)).article : null;
  // Dates written here: the page needs no date code in the browser.
  return {
    ...result,
    newArticle,
    items: result.items.map((a) => ({ ...a, publishedLabel: a.publishedAt ? formatDate(a.publishedAt) : "" })),
  };
}

export type NewsView = Awaited<ReturnType<typeof newsView>>;

function pageHref(page: number): string {
  return page <= 1 ? "/la-vie-du-club/actualites" : `/la-vie-du-club/actualites?page=${page}`;
}

function ArticleCard({ article, eager }: { article: ArticleSummary & { publishedLabel: string }; eager: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-club-600">
      {article.cover ? (
        <ResponsiveImage
          image={article.cover}
          alt={article.cover.alt}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          loading={eager ? "eager" : "lazy"}
          className="aspect-video h-auto w-full object-cover"
        />
      ) : (
        <ArticleIllustration article={article} eager={eager} className="aspect-video h-auto w-full object-cover" />
      )}
      <div className="flex flex-1 flex-col p-5">
        {article.publishedAt ? (
          <p className="text-sm font-medium text-club-700">
            <time dateTime={article.publishedAt.toISOString()}>{article.publishedLabel}</time>
          </p>
        ) : null}
        <h2 className="mt-1 text-xl font-bold leading-snug text-club-900">
          <SiteLink to={article.path} className="after:absolute after:inset-0 hover:underline focus:outline-none">
            {article.title}
          </SiteLink>
        </h2>
        {article.summary ? <p className="mt-2 line-clamp-4 text-slate-700">{article.summary}</p> : null}
        <p className="mt-auto pt-4 text-sm font-semibold text-club-700" aria-hidden="true">
          Lire la suite →
        </p>
      </div>
    </article>
  );
}

function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const pages = pageWindow(page, pageCount);
  const base =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 py-2 text-sm font-semibold";
  return (
    <nav aria-label="Pages des actualités" className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <SiteLink
              to={pageHref(page - 1)}
              className={`${base} border-slate-300 text-club-800 hover:bg-club-50`}
              rel="prev"
            >
              <Icon name="chevron-left" className="h-4 w-4" />
              Précédente
            </SiteLink>
          ) : null}
        </li>
        {pages.map((p, i) => (
          <li key={p === "gap" ? `gap-${i}` : p}>
            {p === "gap" ? (
              <span className="px-1 text-slate-500" aria-hidden="true">
                …
              </span>
            ) : p === page ? (
              <span aria-current="page" className={`${base} border-club-700 bg-club-700 text-white`}>
                <span className="sr-only">Page </span>
                {p}
              </span>
            ) : (
              <SiteLink to={pageHref(p)} className={`${base} border-slate-300 text-club-800 hover:bg-club-50`}>
                <span className="sr-only">Page </span>
                {p}
              </SiteLink>
            )}
          </li>
        ))}
        <li>
          {page < pageCount ? (
            <SiteLink
              to={pageHref(page + 1)}
              className={`${base} border-slate-300 text-club-800 hover:bg-club-50`}
              rel="next"
            >
              Suivante
              <Icon name="chevron-right" className="h-4 w-4" />
            </SiteLink>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

export function NewsContent(loaderData: NewsView) {
  const { items, page, pageCount, total, newArticle } = loaderData;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">Actualités du club</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
        Rentrée, passages de grades, stages, démonstrations : les nouvelles de la vie du club, racontées par ses
        bénévoles.
        {pageCount > 1 ? (
          <span className="sr-only">
            {" "}
            Page {page} sur {pageCount}, {total} articles au total.
          </span>
        ) : null}
      </p>
      {items.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
          <Icon name="newspaper" className="mx-auto h-10 w-10 text-club-700" />
          <p className="mt-3 text-lg font-semibold text-club-900">Les actualités du club paraîtront ici.</p>
          <p className="mt-1 text-slate-700">
            Aucun article n'est encore publié. En attendant, consultez le{" "}
            <SiteLink to="/la-vie-du-club/calendrier" className="font-semibold text-club-700 underline">
              calendrier du club
            </SiteLink>{" "}
            pour les prochains rendez-vous.
          </p>
          {newArticle ? (
            <p className="mt-5" data-testid="news-write-first">
              <SiteLink to={newArticle} className={buttonClasses({ className: "min-h-11" })}>
                Écrire le premier article
              </SiteLink>
              <span className="mt-2 block text-sm text-slate-700">
                Les brouillons, dont les exemples proposés au premier démarrage, sont dans la{" "}
                <SiteLink to={href("/espace-membre/articles")} className="font-semibold text-club-700 underline">
                  gestion des articles
                </SiteLink>
                .
              </span>
            </p>
          ) : null}
        </div>
      ) : (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((article, i) => (
            <ArticleCard key={article.id} article={article} eager={i < 3} />
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} />
    </div>
  );
}
