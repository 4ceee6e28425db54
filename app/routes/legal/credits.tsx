/**
 * /credits-photo: « Crédits photo ». Its content is written on the server and kept as is by the browser:
 * components/info/credits.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { CreditsContent } from "~/components/info/credits.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/credits";

export function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <CreditsContent />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Crédits photo et illustrations",
    description:
      "Les auteurs et licences des images, illustrations, icônes et polices utilisées sur le site du club de Vovinam Viet Vo Dao.",
  });

export default function Credits({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
