import type { Route } from "./+types/dashboard";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Gestion du contenu",
    description: "Tableau de bord de l’administration du site du club.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Dashboard() {
  return <h1>Gestion du contenu</h1>;
}
