import { data, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/new";
import { EventForm } from "~/components/event-form";
import { newEventDefaults, saveEvent } from "~/lib/content/event-editing.server";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Nouvel événement",
    description: "Ajouter un événement au calendrier du club.",
    noindex: true,
  });
}

export async function loader() {
  return { values: newEventDefaults() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const result = await saveEvent(null, await readForm(request), user.id);
  if (!result.ok) return data({ errors: result.errors, values: result.values }, { status: 400 });
  return redirect(`/espace-membre/evenements?enregistre=${result.event.id}`);
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2">
        <Link to="/espace-membre/evenements" className="text-club-700 underline hover:text-club-900">
          ← Retour aux événements
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold text-club-900">Nouvel événement</h1>
      <EventForm values={actionData?.values ?? loaderData.values} errors={actionData?.errors} submitLabel="Enregistrer l’événement" />
    </>
  );
}
