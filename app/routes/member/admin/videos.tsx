import type { Route } from "./+types/videos";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Vidéos de révision",
    description: "Gestion des vidéos de révision classées par grade.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Videos() {
  return <h1>Vidéos de révision</h1>;
}
