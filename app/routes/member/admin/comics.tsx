import type { Route } from "./+types/comics";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "BD humour", description: "Administration du site du club : BD humour.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Page() {
  return <h1>BD humour</h1>;
}
