import { notFound } from "~/lib/http/responses";
import { href, Link } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/edit";
import { EventForm } from "~/components/event-form";
import { formatDateTime } from "~/lib/core/time";
import { eventFormValues, getEventForEditing } from "~/lib/content/event-editing.server";
import { eventAction } from "~/lib/content/event-actions.server";
import { pageMeta } from "~/lib/http/seo";
import { positiveId } from "~/lib/http/ids.server";

export function meta(args: Route.MetaArgs) {
  const title = args.data?.event.title;
  return pageMeta(args, {
    title: title ? `Modifier « ${title} »` : "Modifier un événement",
    description: "Modifier un événement du calendrier du club.",
    noindex: true,
  });
}

function eventId(param: string | undefined): number {
  const id = positiveId(param);
  if (id === null) notFound("Événement introuvable");
  return id;
}

export async function loader({ params }: Route.LoaderArgs) {
  const row = await getEventForEditing(eventId(params.id));
  if (!row) notFound("Événement introuvable");
  return {
    event: {
      id: row.id,
      title: row.title,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      author: row.author,
      editor: row.editor,
    },
    values: eventFormValues(row),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return eventAction(request, context.get(userContext).id, eventId(params.id));
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, values } = loaderData;
  return (
    <>
      <p className="mb-2">
        <Link to={href("/espace-membre/evenements")} className="text-club-700 underline hover:text-club-900">
          ← Retour aux événements
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold text-club-900">Modifier l’événement</h1>
      <p className="mb-6 text-sm text-slate-600">
        Créé le {formatDateTime(event.createdAt)}
        {event.author ? ` par ${event.author}` : ""} · modifié le {formatDateTime(event.updatedAt)}
        {event.editor ? ` par ${event.editor}` : ""}
      </p>
      {actionData?.conflict ? (
        <p className="mb-4">
          <a
            href={href("/espace-membre/evenements/modifier/:id", { id: String(event.id) })}
            target="_blank"
            rel="noreferrer"
            className="font-semibold text-club-700 underline"
          >
            Ouvrir la dernière version de l’événement<span className="sr-only"> (nouvel onglet)</span>
          </a>
        </p>
      ) : null}
      <EventForm
        key={event.version}
        values={values}
        lastResult={actionData?.result}
        submitLabel="Enregistrer les modifications"
      />
    </>
  );
}
