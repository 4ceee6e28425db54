/**
 * /adresse-acces: « Adresse et accès ». Its content is written on the server and kept as is by the browser:
 * components/info/access.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { AccessContent, accessView } from "~/components/info/access.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/access";

export async function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <AccessContent {...await accessView()} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Adresse et accès au gymnase",
    description:
      "Où s'entraîner : l'adresse du gymnase du club de Vovinam Viet Vo Dao, le plan, les transports en commun, le stationnement et l'accessibilité.",
  });

export default function Access({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
