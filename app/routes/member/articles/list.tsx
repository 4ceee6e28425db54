/**
 * /espace-membre/articles (admin, article_manager): the club's articles with a search on the
 * title, a status filter and pages; « Supprimer » asks for a confirmation on the same page
 * (`?supprimer=`), then posts. Plain forms: works without JavaScript.
 * The loader writes what each row shows (dates in Paris time, labels); the list is the
 * content lists' one (components/content-list.tsx), as the events list.
 */
import { badRequest } from "~/lib/http/responses";
import { href, redirect } from "react-router";
import { ContentList, countLine } from "~/components/content-list";
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
import { readForm } from "~/lib/http/request.server";

const PATH = href("/espace-membre/articles");

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
  const shownStatus = (ARTICLE_STATUSES as readonly string[]).includes(status) ? status : "";
  const statusOptions = ARTICLE_STATUSES.map((value) => ({ value, label: ARTICLE_STATUS_LABELS[value] }));
  const { page: shownPage, pageCount } = list;
  // What a row shows, written here (the dates in Paris time, the labels).
  const rows = list.items.map((a) => ({
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
    rows,
    back,
    page: shownPage,
    pageCount,
    prevHref: shownPage > 1 ? pageHref(shownPage - 1, q, shownStatus) : null,
    nextHref: shownPage < pageCount ? pageHref(shownPage + 1, q, shownStatus) : null,
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

const STATUS_BADGE: Record<string, string> = {
  brouillon: "bg-slate-200 text-slate-900",
  publie: "bg-green-100 text-green-900",
  programme: "bg-amber-100 text-amber-900",
};

const actionLink = "text-club-700 underline hover:text-club-900";

export default function ArticlesList({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, back, q, status, statusOptions, toDelete, deleteMissing, deleted } = loaderData;
  return (
    <ContentList
      heading="Articles"
      newItem={{ href: `${PATH}/ajouter`, label: "Nouvel article" }}
      notices={
        <>
          {deleted ? <FormMessage tone="success">L’article a été supprimé.</FormMessage> : null}
          {deleteMissing ? <FormMessage>{ARTICLE_GONE}</FormMessage> : null}
          {actionData?.result ? <FormMessage>{Object.values(firstErrors(actionData.result))[0]}</FormMessage> : null}
        </>
      }
      confirm={
        toDelete
          ? {
              id: toDelete.id,
              heading: `Supprimer l’article « ${toDelete.title} » ?`,
              text: "La suppression est définitive. Son image de couverture sera aussi supprimée si elle ne sert nulle part ailleurs.",
            }
          : null
      }
      search={{
        label: "Rechercher des articles",
        idPrefix: "articles",
        q,
        filters: (
          <FilterSelect
            id="articles-statut"
            label="Statut"
            name="statut"
            defaultValue={status}
            options={statusOptions}
            allLabel="Tous"
          />
        ),
      }}
      countText={countLine(total, { none: "Aucun article ne correspond.", one: "article", many: "articles" })}
      caption="Articles, du plus récent au plus ancien"
      columns={["Titre", "Statut", "Dates", "Auteur"]}
      items={rows}
      cells={(a) => (
        <>
          <td className="py-3 pr-4 font-medium break-words text-slate-900">{a.title}</td>
          <td data-label="Statut" className="py-3 pr-4">
            <span
              className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${STATUS_BADGE[a.status] ?? ""}`}
            >
              {a.statusLabel}
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
        </>
      )}
      editHref={(a) => `${PATH}/modifier/${a.id}`}
      moreActions={(a) => (
        <li>
          {/* The article as visitors see it, in a new tab: a plain link. */}
          <a href={a.path} target="_blank" rel="noreferrer" className={actionLink}>
            {a.visible ? "Voir" : "Aperçu"}
            <span className="sr-only"> « {a.title} » (nouvel onglet)</span>
          </a>
        </li>
      )}
      back={back}
      pages={{
        label: "Pages de la liste des articles",
        page: loaderData.page,
        pageCount: loaderData.pageCount,
        prevHref: loaderData.prevHref,
        nextHref: loaderData.nextHref,
      }}
    />
  );
}
