/**
 * /espace-membre/articles (admin, article_manager): the club's articles with a search on the
 * title, a status filter and pages; « Supprimer » asks for a confirmation on the same page
 * (`?supprimer=`), then posts. Plain forms: works without JavaScript.
 * The table and its page links are written on the server, never hydrated
 * (components/articles/manager-table.server.tsx, decision 0062); the forms, the count (a live
 * region) and the confirmation stay React.
 */
import { badRequest } from "~/lib/http/responses";
import { useEffect, useRef } from "react";
import { Form, Link, redirect } from "react-router";
import { RESULTS_BLOCK, ServerHtml } from "~/components/server-html";
import { ArticlesTable, type ArticleRow } from "~/components/articles/manager-table.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { userContext } from "~/lib/accounts/auth-context";
import { z } from "zod";
import { firstErrors, invalid, parseSubmission, positiveId, tryDomain } from "~/lib/http/forms";
import { id as idField } from "~/lib/http/fields";
import { ARTICLE_GONE } from "~/lib/content/content-messages";
import type { Route } from "./+types/list";
import { FormMessage } from "~/components/form";
import { FilterSelect } from "~/components/filter-select";
import {
  ARTICLE_STATUS_LABELS,
  ARTICLE_STATUSES,
  deleteArticle,
  getArticleRow,
} from "~/lib/content/article-editing.server";
import { listArticlesForManagers } from "~/lib/content/manager-lists.server";
import { formatDateTime } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import { Button, buttonClasses } from "~/components/ui/button";
import { readForm } from "~/lib/http/request.server";
import { formatCount } from "~/lib/core/count";

const PATH = "/espace-membre/articles";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Gestion des articles",
    description: "Liste des articles du club : recherche, filtres, modification et suppression.",
    noindex: true,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const status = url.searchParams.get("statut") ?? "";
  const page = positiveId(url.searchParams.get("page")) ?? 1;
  const list = await listArticlesForManagers({ q, status, page });
  const deleteId = positiveId(url.searchParams.get("supprimer"));
  const toDelete = deleteId ? await getArticleRow(deleteId) : null;
  const shownStatus = (ARTICLE_STATUSES as readonly string[]).includes(status) ? status : "";
  const statusOptions = ARTICLE_STATUSES.map((value) => ({ value, label: ARTICLE_STATUS_LABELS[value] }));
  const { page: shownPage, pageCount } = list;
  // What a row shows, written here (the dates in Paris time, the labels).
  const rows = list.items.map((a): ArticleRow => ({
    id: a.id,
    title: a.title,
    status: a.status,
    statusLabel: (ARTICLE_STATUS_LABELS as Record<string, string>)[a.status] ?? a.status,
    author: a.author,
    path: a.path,
    visible: a.visible,
    scheduled:
      a.status === "programme" && a.publishedAt
        ? `${a.visible ? "en ligne depuis le" : "pour le"} ${formatDateTime(a.publishedAt)}`
        : null,
    created: `Créé le ${formatDateTime(a.createdAt)}`,
    published: a.status === "publie" && a.publishedAt ? `Publié le ${formatDateTime(a.publishedAt)}` : null,
    updated: `Modifié le ${formatDateTime(a.updatedAt)}${a.editor ? ` par ${a.editor}` : ""}`,
  }));
  const back = pageHref(shownPage, q, shownStatus);
  return {
    total: list.total,
    // The table and its page links, written on the server and not hydrated (decision 0062).
    table: serverHtml(
      context,
      <ArticlesTable
        items={rows}
        back={back}
        page={shownPage}
        pageCount={pageCount}
        prevHref={shownPage > 1 ? pageHref(shownPage - 1, q, shownStatus) : null}
        nextHref={shownPage < pageCount ? pageHref(shownPage + 1, q, shownStatus) : null}
      />,
      RESULTS_BLOCK,
    ),
    back,
    q,
    status: shownStatus,
    statusOptions,
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
    deleteMissing: deleteId !== null && !toDelete,
    deleted: url.searchParams.get("supprime") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete") badRequest("Action inconnue");
  const submission = parseSubmission(formData, deleteSchema);
  if (submission.status !== "success") return invalid(submission, {}, 404);
  return tryDomain(submission, async () => {
    await deleteArticle(submission.value.id, user.id);
    return redirect(`${PATH}?supprime=1`);
  });
}

const deleteSchema = z.object({ id: idField(ARTICLE_GONE) });

function pageHref(page: number, q: string, status: string): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("statut", status);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export default function ArticlesList({ loaderData, actionData }: Route.ComponentProps) {
  const { table, total, back, q, status, statusOptions, toDelete, deleteMissing, deleted } = loaderData;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (toDelete) confirmRef.current?.focus();
  }, [toDelete]);

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-club-900">Articles</h1>
        <Link to={`${PATH}/ajouter`} className={buttonClasses()}>
          Nouvel article
        </Link>
      </div>

      {deleted ? <FormMessage tone="success">L’article a été supprimé.</FormMessage> : null}
      {deleteMissing ? <FormMessage>{ARTICLE_GONE}</FormMessage> : null}
      {actionData?.result ? <FormMessage>{Object.values(firstErrors(actionData.result))[0]}</FormMessage> : null}

      {toDelete ? (
        <section aria-labelledby="confirm-title" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <h2
            id="confirm-title"
            ref={confirmRef}
            tabIndex={-1}
            className="mb-2 text-xl font-bold text-red-900 focus:outline-none"
          >
            Supprimer l’article « {toDelete.title} » ?
          </h2>
          <p className="mb-4 text-red-900">
            La suppression est définitive. Son image de couverture sera aussi supprimée si elle ne sert nulle part
            ailleurs.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <Button type="submit" variant="danger">
              Confirmer la suppression
            </Button>
            <Link to={back} className={buttonClasses({ variant: "neutral" })}>
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label="Rechercher des articles"
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="articles-q" className="mb-1 block font-medium text-slate-800">
            Titre contient
          </label>
          <input
            id="articles-q"
            type="search"
            name="q"
            defaultValue={q}
            className="rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
          />
        </div>
        <FilterSelect
          id="articles-statut"
          label="Statut"
          name="statut"
          defaultValue={status}
          options={statusOptions}
          allLabel="Tous"
        />
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
      </Form>

      <p className="mb-2 text-slate-700" aria-live="polite">
        {total === 0 ? "Aucun article ne correspond." : total === 1 ? "1 article" : `${formatCount(total)} articles`}
      </p>

      <ServerHtml html={table} block={RESULTS_BLOCK} />
    </>
  );
}
