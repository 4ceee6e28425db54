import type { Route } from "./+types/documents";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Documents d’inscription", description: "Administration du site du club : Documents d’inscription.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Page() {
  return <h1>Documents d’inscription</h1>;
}
