import { badRequest } from "~/lib/http/responses";
import { useEffect, useRef } from "react";
import { Form, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import { z } from "zod";
import { firstErrors, invalid, parseSubmission, positiveId, tryDomain } from "~/lib/http/forms";
import { id as idField } from "~/lib/http/fields";
import { EVENT_GONE } from "~/lib/content/content-messages";
import type { Route } from "./+types/list";
import { FormMessage } from "~/components/form";
import { FilterSelect } from "~/components/filter-select";
import { formatEventWhen } from "~/lib/core/time";
import { categoryLabel } from "~/lib/content/events.server";
import {
  deleteEvent,
  EVENT_CATEGORIES,
  EVENT_CATEGORY_LABELS,
  getEventRow,
  listEventsForManagers,
} from "~/lib/content/event-editing.server";
import { pageMeta } from "~/lib/http/seo";
import { Button, buttonClasses } from "~/components/ui/button";
import { readForm } from "~/lib/http/request.server";
import { formatCount } from "~/lib/core/count";

const PATH = "/espace-membre/evenements";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Gestion des événements",
    description: "Liste des événements du calendrier du club : ajout, modification et suppression.",
    noindex: true,
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get("q") ?? "").slice(0, 200);
  const when = url.searchParams.get("periode") === "passes" ? "passes" : "a-venir";
  const category = url.searchParams.get("categorie") ?? "";
  const page = positiveId(url.searchParams.get("page")) ?? 1;
  const list = await listEventsForManagers({ q, when, category, page });
  const deleteId = positiveId(url.searchParams.get("supprimer"));
  const toDelete = deleteId ? await getEventRow(deleteId) : null;
  const savedId = positiveId(url.searchParams.get("enregistre"));
  const saved = savedId ? await getEventRow(savedId) : null;
  return {
    items: list.items.map((e) => ({
      id: e.id,
      title: e.title,
      when: formatEventWhen(e),
      place: e.place,
      category: categoryLabel(e.category),
      membersOnly: e.membersOnly,
      cancelsClasses: e.category === "fermeture" || e.replacesClasses,
      author: e.author,
      editor: e.editor,
    })),
    total: list.total,
    page: list.page,
    pageCount: list.pageCount,
    q,
    when,
    category: (EVENT_CATEGORIES as readonly string[]).includes(category) ? category : "",
    categoryOptions: EVENT_CATEGORIES.map((value) => ({ value, label: EVENT_CATEGORY_LABELS[value] })),
    toDelete: toDelete ? { id: toDelete.id, title: toDelete.title } : null,
    deleteMissing: deleteId !== null && !toDelete,
    deleted: url.searchParams.get("supprime") === "1",
    saved: saved ? saved.title : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  if (formData.get("intent") !== "delete") badRequest("Action inconnue");
  const submission = parseSubmission(formData, deleteSchema);
  if (submission.status !== "success") return invalid(submission, {}, 404);
  return tryDomain(submission, async () => {
    await deleteEvent(submission.value.id, user.id);
    return redirect(`${PATH}?supprime=1`);
  });
}

const deleteSchema = z.object({ id: idField(EVENT_GONE) });

function listHref(opts: {
  page?: number;
  q: string;
  when: string;
  category: string;
  extra?: Record<string, string>;
}): string {
  const params = new URLSearchParams();
  if (opts.q) params.set("q", opts.q);
  if (opts.when === "passes") params.set("periode", "passes");
  if (opts.category) params.set("categorie", opts.category);
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  for (const [k, v] of Object.entries(opts.extra ?? {})) params.set(k, v);
  const s = params.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export default function EventsList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, when, category, categoryOptions, toDelete, deleteMissing, deleted, saved } =
    loaderData;
  const confirmRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (toDelete) confirmRef.current?.focus();
  }, [toDelete]);
  const base = { q, when, category };

  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-club-900">Événements</h1>
        <Link to={`${PATH}/ajouter`} className={buttonClasses()}>
          Nouvel événement
        </Link>
      </div>

      {saved ? <FormMessage tone="success">L’événement « {saved} » a été enregistré.</FormMessage> : null}
      {deleted ? <FormMessage tone="success">L’événement a été supprimé.</FormMessage> : null}
      {deleteMissing ? <FormMessage>{EVENT_GONE}</FormMessage> : null}
      {actionData?.result ? <FormMessage>{Object.values(firstErrors(actionData.result))[0]}</FormMessage> : null}

      {toDelete ? (
        <section aria-labelledby="confirm-title" className="mb-6 rounded-md border-l-4 border-red-700 bg-red-50 p-4">
          <h2
            id="confirm-title"
            ref={confirmRef}
            tabIndex={-1}
            className="mb-2 text-xl font-bold text-red-900 focus:outline-none"
          >
            Supprimer l’événement « {toDelete.title} » ?
          </h2>
          <p className="mb-4 text-red-900">
            La suppression est définitive : l’événement disparaîtra du calendrier et des abonnements.
          </p>
          <Form method="post" className="flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={toDelete.id} />
            <Button type="submit" variant="danger">
              Confirmer la suppression
            </Button>
            <Link to={listHref({ ...base, page })} className={buttonClasses({ variant: "neutral" })}>
              Annuler
            </Link>
          </Form>
        </section>
      ) : null}

      <Form
        method="get"
        role="search"
        aria-label="Rechercher des événements"
        className="mb-6 flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="events-q" className="mb-1 block font-medium text-slate-800">
            Titre contient
          </label>
          <input
            id="events-q"
            type="search"
            name="q"
            defaultValue={q}
            className="rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:outline-none focus:ring-2 focus:ring-club-600"
          />
        </div>
        <FilterSelect
          id="events-periode"
          label="Période"
          name="periode"
          defaultValue={when}
          options={[
            { value: "a-venir", label: "À venir et en cours" },
            { value: "passes", label: "Passés" },
          ]}
        />
        <FilterSelect
          id="events-categorie"
          label="Catégorie"
          name="categorie"
          defaultValue={category}
          options={categoryOptions}
          allLabel="Toutes"
        />
        <Button type="submit" variant="secondary">
          Filtrer
        </Button>
      </Form>

      <p className="mb-2 text-slate-700" aria-live="polite">
        {total === 0
          ? "Aucun événement ne correspond."
          : total === 1
            ? "1 événement"
            : `${formatCount(total)} événements`}
      </p>

      {items.length > 0 ? (
        <div>
          {/* Stacked as cards under 640 px (app.css .stack-table): the page never widens. */}
          <table className="stack-table w-full border-collapse text-left">
            <caption className="sr-only">
              {when === "passes"
                ? "Événements passés, du plus récent au plus ancien"
                : "Événements à venir, du plus proche au plus lointain"}
            </caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Titre
                </th>
                <th scope="col" className="py-2 pr-4">
                  Quand
                </th>
                <th scope="col" className="py-2 pr-4">
                  Catégorie
                </th>
                <th scope="col" className="py-2 pr-4">
                  Visibilité
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} className="border-b border-slate-200 align-top">
                  <td className="py-3 pr-4 break-words">
                    <span className="font-medium text-slate-900">{e.title}</span>
                    {e.place ? <span className="block text-sm text-slate-700">{e.place}</span> : null}
                    {e.editor ? <span className="block text-sm text-slate-600">Modifié par {e.editor}</span> : null}
                  </td>
                  <td data-label="Quand" className="py-3 pr-4 text-sm text-slate-700">
                    {e.when}
                  </td>
                  <td data-label="Catégorie" className="py-3 pr-4 text-sm text-slate-700">
                    {e.category}
                    {e.cancelsClasses ? <span className="block text-slate-600">Pas de cours réguliers</span> : null}
                  </td>
                  <td data-label="Visibilité" className="py-3 pr-4 text-sm text-slate-700">
                    {e.membersOnly ? "Membres seulement" : "Public"}
                  </td>
                  <td className="py-3 text-sm">
                    <ul className="flex flex-wrap gap-x-3 gap-y-1">
                      <li>
                        <Link to={`${PATH}/modifier/${e.id}`} className="text-club-700 underline hover:text-club-900">
                          Modifier<span className="sr-only"> « {e.title} »</span>
                        </Link>
                      </li>
                      <li>
                        <Link
                          to={listHref({ ...base, page, extra: { supprimer: String(e.id) } })}
                          className="text-red-700 underline hover:text-red-900"
                        >
                          Supprimer<span className="sr-only"> « {e.title} »</span>
                        </Link>
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
        <nav aria-label="Pages de la liste des événements" className="mt-6 flex items-center gap-4">
          {page > 1 ? (
            <Link to={listHref({ ...base, page: page - 1 })} className="text-club-700 underline">
              ← Page précédente
            </Link>
          ) : null}
          <span className="text-slate-700">
            Page {page} sur {pageCount}
          </span>
          {page < pageCount ? (
            <Link to={listHref({ ...base, page: page + 1 })} className="text-club-700 underline">
              Page suivante →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
