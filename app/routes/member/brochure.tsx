import type { Route } from "./+types/brochure";
import { requireRoles } from "~/lib/session.server";
import { MEMBER_ROLES } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Brochure du club", description: "La brochure du club à lire en ligne ou à télécharger.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, MEMBER_ROLES);
  return { prenom: user.prenom };
}

export default function Page() {
  return <h1>Brochure du club</h1>;
}
