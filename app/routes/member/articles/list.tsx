import { useEffect, useRef } from "react";
import { Form, Link, redirect } from "react-router";
import { SiteLink, useSiteLinks } from "~/components/layout/site-link";
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

const PATH = "/espace-membre/articles";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Gestion des articles",
    description: "Liste des articles du club : recherche, filtres, modification et suppression.",
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const status = url.searchParams.get("statut") ?? "";
  const page = positiveId(url.searchParams.get("page")) ?? 1;
  const list = await listArticlesForManagers({ q, status, page });
  const deleteId = positiveId(url.searchParams.get("supprimer"));
  const toDelete = deleteId ? await getArticleRow(deleteId) : null;
  return {
    ...list,
    // What a row shows, written here (the dates in Paris time): less to send and to render.
    items: list.items.map((a) => ({
      id: a.id,
      title: a.title,
      status: a.status,
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
    })),
    q,
    status: (ARTICLE_STATUSES as readonly string[]).includes(status) ? status : "",
    statusOptions: ARTICLE_STATUSES.map((value) => ({ value, label: ARTICLE_STATUS_LABELS[value] })),
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
    deleteMissing: deleteId !== null && !toDelete,
    deleted: url.searchParams.get("supprime") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete") throw new Response("Action inconnue", { status: 400 });
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

const STATUS_BADGE: Record<string, string> = {
  brouillon: "bg-slate-200 text-slate-900",
  publie: "bg-green-100 text-green-900",
  programme: "bg-amber-100 text-amber-900",
};

export default function ArticlesList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, status, statusOptions, toDelete, deleteMissing, deleted } = loaderData;
  const statusLabel = (value: string) => statusOptions.find((o) => o.value === value)?.label ?? value;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (toDelete) confirmRef.current?.focus();
  }, [toDelete]);
  const back = pageHref(page, q, status);
  const onRowLinkClick = useSiteLinks();

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
        {total === 0 ? "Aucun article ne correspond." : total === 1 ? "1 article" : `${total} articles`}
      </p>

      {items.length > 0 ? (
        <div>
          {/* Stacked as cards under 640 px (app.css .stack-table): the page never widens. */}
          {/* One click handler for the rows' links (SiteLink, decision 0038): a hundred Links resolved per page otherwise. */}
          <table className="stack-table w-full border-collapse text-left" onClick={onRowLinkClick}>
            <caption className="sr-only">Articles, du plus récent au plus ancien</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Titre
                </th>
                <th scope="col" className="py-2 pr-4">
                  Statut
                </th>
                <th scope="col" className="py-2 pr-4">
                  Dates
                </th>
                <th scope="col" className="py-2 pr-4">
                  Auteur
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} className="border-b border-slate-200 align-top">
                  <td className="py-3 pr-4 font-medium break-words text-slate-900">{a.title}</td>
                  <td data-label="Statut" className="py-3 pr-4">
                    <span
                      className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_BADGE[a.status] ?? ""}`}
                    >
                      {statusLabel(a.status)}
                    </span>
                    {a.scheduled ? <span className="block text-sm text-slate-700">{a.scheduled}</span> : null}
                  </td>
                  <td data-label="Dates" className="py-3 pr-4 text-sm text-slate-700">
                    <span className="block">{a.created}</span>
                    {a.published ? <span className="block">{a.published}</span> : null}
                    <span className="block">{a.updated}</span>
                  </td>
                  <td data-label="Auteur" className="py-3 pr-4 text-sm text-slate-700">
                    {a.author ?? "—"}
                  </td>
                  <td className="py-3 text-sm">
                    <ul className="flex flex-wrap gap-x-3 gap-y-1">
                      <li>
                        <SiteLink
                          to={`${PATH}/modifier/${a.id}`}
                          className="text-club-700 underline hover:text-club-900"
                        >
                          Modifier<span className="sr-only"> « {a.title} »</span>
                        </SiteLink>
                      </li>
                      <li>
                        <a
                          href={a.path}
                          target="_blank"
                          rel="noreferrer"
                          className="text-club-700 underline hover:text-club-900"
                        >
                          {a.visible ? "Voir" : "Aperçu"}
                          <span className="sr-only"> « {a.title} » (nouvel onglet)</span>
                        </a>
                      </li>
                      <li>
                        <SiteLink
                          to={`${back}${back.includes("?") ? "&" : "?"}supprimer=${a.id}`}
                          className="text-red-700 underline hover:text-red-900"
                        >
                          Supprimer<span className="sr-only"> « {a.title} »</span>
                        </SiteLink>
                      </li>
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {pageCount > 1 ? (
        <nav aria-label="Pages de la liste des articles" className="mt-6 flex items-center gap-4">
          {page > 1 ? (
            <Link to={pageHref(page - 1, q, status)} className="text-club-700 underline">
              ← Page précédente
            </Link>
          ) : null}
          <span className="text-slate-700">
            Page {page} sur {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={pageHref(page + 1, q, status)} className="text-club-700 underline">
              Page suivante →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
