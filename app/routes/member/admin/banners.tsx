import type { Route } from "./+types/banners";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Images des bannières", description: "Administration du site du club : Images des bannières.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Page() {
  return <h1>Images des bannières</h1>;
}
