import type { Route } from "./+types/brochure";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Brochure du club", description: "Administration du site du club : Brochure du club.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Page() {
  return <h1>Brochure du club</h1>;
}
