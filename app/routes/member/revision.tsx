import type { Route } from "./+types/revision";
import { requireRoles } from "~/lib/session.server";
import { MEMBER_ROLES } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Révisions", description: "Les techniques et vidéos à réviser pour votre prochain grade.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, MEMBER_ROLES);
  return { prenom: user.prenom };
}

export default function Page() {
  return <h1>Révisions</h1>;
}
