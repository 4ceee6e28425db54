/**
 * /espace-membre/evenements (admin, article_manager): the calendar's events with a search on the
 * title, a period and a category filter and pages; « Supprimer » asks for a confirmation on the
 * same page (`?supprimer=`), then posts. Plain forms: works without JavaScript.
 * The loader writes what each row shows (dates in Paris time, labels); the list is the content
 * lists' one (components/content-list.tsx), as the articles list.
 */
import { badRequest } from "~/lib/http/responses";
import { href, redirect } from "react-router";
import { ContentList, countLine } from "~/components/content-list";
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
import { readForm } from "~/lib/http/request.server";

const PATH = href("/espace-membre/evenements");

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
  const shownCategory = (EVENT_CATEGORIES as readonly string[]).includes(category) ? category : "";
  const base = { q, when, category: shownCategory };
  const { page: shownPage, pageCount } = list;
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
    page: shownPage,
    pageCount,
    back: listHref({ ...base, page: shownPage }),
    prevHref: shownPage > 1 ? listHref({ ...base, page: shownPage - 1 }) : null,
    nextHref: shownPage < pageCount ? listHref({ ...base, page: shownPage + 1 }) : null,
    q,
    when,
    category: shownCategory,
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

function listHref(opts: { page?: number; q: string; when: string; category: string }): string {
  const params = new URLSearchParams();
  if (opts.q) params.set("q", opts.q);
  if (opts.when === "passes") params.set("periode", "passes");
  if (opts.category) params.set("categorie", opts.category);
  if (opts.page && opts.page > 1) params.set("page", String(opts.page));
  const s = params.toString();
  return s ? `${PATH}?${s}` : PATH;
}

export default function EventsList({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, back, q, when, category, categoryOptions, toDelete, deleteMissing, deleted, saved } =
    loaderData;
  return (
    <ContentList
      heading="Événements"
      newItem={{ href: `${PATH}/ajouter`, label: "Nouvel événement" }}
      notices={
        <>
          {saved ? <FormMessage tone="success">L’événement « {saved} » a été enregistré.</FormMessage> : null}
          {deleted ? <FormMessage tone="success">L’événement a été supprimé.</FormMessage> : null}
          {deleteMissing ? <FormMessage>{EVENT_GONE}</FormMessage> : null}
          {actionData?.result ? <FormMessage>{Object.values(firstErrors(actionData.result))[0]}</FormMessage> : null}
        </>
      }
      confirm={
        toDelete
          ? {
              id: toDelete.id,
              heading: `Supprimer l’événement « ${toDelete.title} » ?`,
              text: "La suppression est définitive : l’événement disparaîtra du calendrier et des abonnements.",
            }
          : null
      }
      search={{
        label: "Rechercher des événements",
        idPrefix: "events",
        q,
        filters: (
          <>
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
          </>
        ),
      }}
      countText={countLine(total, { none: "Aucun événement ne correspond.", one: "événement", many: "événements" })}
      caption={
        when === "passes"
          ? "Événements passés, du plus récent au plus ancien"
          : "Événements à venir, du plus proche au plus lointain"
      }
      columns={["Titre", "Quand", "Catégorie", "Visibilité"]}
      items={items}
      cells={(e) => (
        <>
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
        </>
      )}
      editHref={(e) => `${PATH}/modifier/${e.id}`}
      back={back}
      pages={{
        label: "Pages de la liste des événements",
        page: loaderData.page,
        pageCount: loaderData.pageCount,
        prevHref: loaderData.prevHref,
        nextHref: loaderData.nextHref,
      }}
    />
  );
}
