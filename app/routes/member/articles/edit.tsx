import { notFound } from "~/lib/http/responses";
import { href, Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/edit";
import { ArticleForm } from "~/components/article-form";
import { FormMessage } from "~/components/form";
import { ARTICLE_STATUS_LABELS, getArticleForEditing } from "~/lib/content/article-editing.server";
import { articleAction } from "~/lib/content/article-actions.server";
import { isPublished } from "~/lib/content/articles.server";
import { formatDateTime, toParisDateTimeInput } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { positiveId } from "~/lib/http/ids.server";

export function meta(args: Route.MetaArgs) {
  const title = args.data?.article.title;
  return pageMeta(args, {
    title: title ? `Modifier « ${title} »` : "Modifier un article",
    description: "Modifier un article des actualités du club.",
    noindex: true,
  });
}

function articleId(param: string | undefined): number {
  const id = positiveId(param);
  if (id === null) notFound("Article introuvable");
  return id;
}

const NOTICES: Record<string, string> = {
  cree: "L’article a été créé.",
  "1": "Les modifications ont été enregistrées.",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const found = await getArticleForEditing(articleId(params.id));
  if (!found) notFound("Article introuvable");
  const { article } = found;
  const notice = NOTICES[new URL(request.url).searchParams.get("enregistre") ?? ""] ?? null;
  return {
    article: {
      id: article.id,
      title: article.title,
      status: article.status,
      statusLabel: ARTICLE_STATUS_LABELS[article.status as keyof typeof ARTICLE_STATUS_LABELS] ?? article.status,
      visible: isPublished(article),
      createdAt: article.createdAt,
      updatedAt: article.updatedAt,
      version: article.version,
    },
    values: {
      title: article.title,
      summary: article.summary,
      body: article.body,
      coverAlt: article.coverAlt,
      status: article.status,
      publishAt: article.status === "programme" ? toParisDateTimeInput(article.publishedAt) : "",
      version: String(article.version),
    } as Record<string, string>,
    cover: found.cover,
    coverAlt: article.coverAlt,
    author: found.author,
    editor: found.editor,
    path: found.path,
    notice,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return articleAction(request, context.get(userContext).id, articleId(params.id));
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "upload-image" ? false : defaultShouldRevalidate;
}

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, values, cover, coverAlt, author, editor, path, notice } = loaderData;
  const failed = actionData && actionData.intent === "save" ? actionData : null;
  return (
    <>
      <p className="mb-2">
        <Link to={href("/espace-membre/articles")} className="text-club-700 underline hover:text-club-900">
          ← Retour aux articles
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold text-club-900">Modifier l’article</h1>
      <p className="mb-1 text-slate-700">
        Statut : <strong>{article.statusLabel}</strong>
        {article.visible ? " (visible sur le site)" : " (invisible pour les visiteurs)"} ·{" "}
        <a href={path} target="_blank" rel="noreferrer" className="text-club-700 underline hover:text-club-900">
          {article.visible ? "Voir sur le site" : "Aperçu"}
          <span className="sr-only"> (nouvel onglet)</span>
        </a>
      </p>
      <p className="mb-6 text-sm text-slate-600">
        Créé le {formatDateTime(article.createdAt)}
        {author ? ` par ${author}` : ""} · modifié le {formatDateTime(article.updatedAt)}
        {editor ? ` par ${editor}` : ""}
      </p>
      {notice && !failed ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {failed?.conflict ? (
        <p className="mb-4">
          <a
            href={href("/espace-membre/articles/modifier/:id", { id: String(article.id) })}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-club-700 underline"
          >
            Ouvrir la dernière version de l’article<span className="sr-only"> (nouvel onglet)</span>
          </a>
        </p>
      ) : null}
      <ArticleForm
        key={article.version}
        values={values}
        lastResult={failed?.result}
        cover={cover}
        coverAlt={coverAlt}
        submitLabel="Enregistrer les modifications"
      />
    </>
  );
}
