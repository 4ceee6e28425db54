import { href, Link } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/new";
import { EventForm } from "~/components/event-form";
import { newEventDefaults } from "~/lib/content/event-editing.server";
import { eventAction } from "~/lib/content/event-actions.server";
import { pageMeta } from "~/lib/http/seo";
import { newSubmissionToken } from "~/lib/http/submissions.server";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Nouvel événement",
    description: "Ajouter un événement au calendrier du club.",
    noindex: true,
  });
}

export async function loader() {
  return { values: newEventDefaults(), submissionToken: newSubmissionToken() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return eventAction(request, context.get(userContext).id, null);
}

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2">
        <Link to={href("/espace-membre/evenements")} className="text-club-700 underline hover:text-club-900">
          ← Retour aux événements
        </Link>
      </p>
      <h1 className="mb-6 text-3xl font-bold text-club-900">Nouvel événement</h1>
      <EventForm
        values={loaderData.values}
        lastResult={actionData?.result}
        submissionToken={loaderData.submissionToken}
        submitLabel="Enregistrer l’événement"
      />
    </>
  );
}
