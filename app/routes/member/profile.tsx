import type { Route } from "./+types/profile";
import { requireRoles } from "~/lib/session.server";
import { MEMBER_ROLES } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Mon profil", description: "Vos informations personnelles, vos profils familiaux et vos données.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireRoles(request, MEMBER_ROLES);
  return { prenom: user.prenom };
}

export default function Page() {
  return <h1>Mon profil</h1>;
}
