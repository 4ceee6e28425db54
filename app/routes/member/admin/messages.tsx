import type { Route } from "./+types/messages";
import { requireRoles } from "~/lib/session.server";
import { ADMIN_ONLY } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "Messages de contact", description: "Administration du site du club : Messages de contact.", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireRoles(request, ADMIN_ONLY);
  return {};
}

export default function Page() {
  return <h1>Messages de contact</h1>;
}
