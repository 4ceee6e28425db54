import type { Route } from "./+types/list";
import { requireRoles } from "~/lib/session.server";
import { CONTENT_MANAGERS } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "Gestion des articles", description: "Liste des articles du club : recherche, filtres, modification et suppression.", noindex: true });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, CONTENT_MANAGERS);
  return null;
}

export default function Page() {
  return <h1 className="text-3xl font-bold text-club-900">Articles</h1>;
}
