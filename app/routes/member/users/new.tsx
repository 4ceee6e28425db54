/** OWNED BY the membership-management helper (issue 6) — being implemented; do not overwrite. */
import type { Route } from "./+types/new";
import { requireRoles } from "~/lib/session.server";
import { USER_MANAGERS } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Ajouter un utilisateur", description: "Créer le compte d'un membre du club.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, USER_MANAGERS);
  return {};
}

export async function action({ request }: Route.ActionArgs) {
  await requireRoles(request, USER_MANAGERS);
  return new Response("Aucune action sur cette page pour le moment.", { status: 405 });
}

export default function Page() {
  return (
    <div>
      <h1 className="text-3xl font-bold text-club-900">Ajouter un utilisateur</h1>
      <p className="mt-4 text-slate-700">Cette page sera bientôt disponible.</p>
    </div>
  );
}
