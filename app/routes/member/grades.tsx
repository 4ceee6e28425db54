import type { Route } from "./+types/grades";
import { requireRoles } from "~/lib/session.server";
import { MEMBER_ROLES } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Mes grades", description: "Le tableau des grades du club et l'historique de vos passages de grade.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, MEMBER_ROLES);
  return { prenom: user.prenom };
}

export default function Page() {
  return <h1>Mes grades</h1>;
}
