import { notFound } from "~/lib/http/responses";
import { data, isRouteErrorResponse, Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import { ArticleIllustration } from "~/components/article-illustration";
import { illustrationFor } from "~/lib/content/illustration";
import { ArticlePhotos } from "~/components/article-photos";
import { articleWithPhotos } from "~/lib/content/public-reads.server";
import { canPreviewArticles } from "~/lib/content/article-editing.server";
import { isPublished, parseArticleId } from "~/lib/content/articles.server";
import { formatDate } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { PageTitle } from "~/components/layout/page-title";
import type { Route } from "./+types/article";
import { Icon } from "~/components/ui/icon";

/**
 * May this request see unpublished articles (drafts, scheduled)? Only the
 * content managers (preview at the public URL); visitors get 404.
 */
async function canPreview(request: Request): Promise<boolean> {
  return canPreviewArticles(request);
}

/** A preview is never stored by a shared cache. */
export function headers({ parentHeaders, loaderHeaders }: Route.HeadersArgs) {
  const merged = new Headers(parentHeaders);
  loaderHeaders.forEach((value, key) => merged.set(key, value));
  return merged;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = parseArticleId(params.articleId);
  if (id === null) notFound();
  const found = await articleWithPhotos(id);
  if (!found) notFound();
  const { article, photos } = found;
  const published = isPublished(article);
  if (!published && !(await canPreview(request))) notFound();
  return data(
    {
      article, // body sanitized when saved (sanitize-stored.server.ts)
      // Written here: the page needs no date code in the browser.
      publishedLabel: article.publishedAt ? formatDate(article.publishedAt) : "",
      preview: !published,
      photos,
    },
    published ? undefined : { headers: { "Cache-Control": "private, no-store" } },
  );
}

export const meta: Route.MetaFunction = (args) => {
  const data = args.loaderData;
  if (!data) {
    return pageMeta(args, {
      title: "Article introuvable",
      description:
        "Cet article n'existe pas, n'est pas encore publié ou a été retiré : retrouvez les actualités du club.",
      noindex: true,
      titleInBoundary: true,
    });
  }
  const { article, preview } = data;
  return pageMeta(
    { ...args, location: { ...args.location, pathname: article.path } },
    {
      title: article.title,
      description: article.summary || `${article.title} : une actualité du club de Vovinam Viet Vo Dao.`,
      type: "article",
      image: article.cover?.src ?? illustrationFor(article).png,
      noindex: preview,
    },
  );
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, preview, photos, publishedLabel } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p>
        <Link
          to="/la-vie-du-club/actualites"
          className="inline-flex items-center gap-1 text-sm font-semibold text-club-700 underline underline-offset-2 hover:text-club-900"
        >
          <Icon name="arrow-left" className="h-4 w-4" />
          Toutes les actualités
        </Link>
      </p>
      {preview ? (
        <p
          role="status"
          className="mt-4 flex items-center gap-2 rounded-md border-l-4 border-amber-600 bg-amber-50 px-4 py-3 text-amber-900"
        >
          <Icon name="eye" className="h-5 w-5" />
          Aperçu : cet article n'est pas encore publié, les visiteurs ne le voient pas.
        </p>
      ) : null}
      <header className="mt-6">
        <h1 className="text-3xl font-bold tracking-tight text-club-900 sm:text-4xl">{article.title}</h1>
        {article.publishedAt ? (
          <p className="mt-3 text-slate-600">
            Publié le <time dateTime={article.publishedAt.toISOString()}>{publishedLabel}</time>
          </p>
        ) : null}
        {article.summary ? (
          <p className="mt-4 text-lg font-medium leading-relaxed text-slate-800">{article.summary}</p>
        ) : null}
      </header>
      {article.cover ? (
        <figure className="mt-8 overflow-hidden rounded-xl">
          <ResponsiveImage
            image={article.cover}
            alt={article.cover.alt}
            sizes="(min-width: 768px) 720px, 100vw"
            loading="eager"
            fetchPriority="high"
            className="h-auto w-full"
          />
        </figure>
      ) : (
        <figure className="mt-8 overflow-hidden rounded-xl">
          <ArticleIllustration article={article} eager className="h-auto w-full" />
        </figure>
      )}
      <div className="prose-club mt-8 text-slate-800" dangerouslySetInnerHTML={{ __html: article.body }} />
      <ArticlePhotos photos={photos} />
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const title = missing ? "Article introuvable" : "Une erreur est survenue";
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold text-club-900">{title}</h1>
      <p className="mt-4 text-slate-700">
        {missing
          ? "Cet article n'existe pas, n'est pas encore publié ou a été retiré."
          : "Le serveur n'a pas pu afficher cet article. Réessayez dans quelques instants."}
      </p>
      <p className="mt-8">
        <Link to="/la-vie-du-club/actualites" className="font-semibold text-club-700 underline">
          Voir toutes les actualités
        </Link>
      </p>
    </div>
  );
}
