/**
 * /le-vovinam-viet-vo-dao/presentation: « Le Vovinam Viet Vo Dao, présentation ». Its content is written on the server and kept as is
 * by the browser: components/art/presentation.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { PresentationContent } from "~/components/art/presentation.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/presentation";

export function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <PresentationContent />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Présentation du Vovinam Viet Vo Dao",
    description:
      "Le Vovinam Viet Vo Dao, art martial vietnamien : signification du nom, familles de techniques dont les célèbres ciseaux de jambes, tenue bleue, salut, et pratique en France au sein de la FFKDA.",
  });

export default function Presentation({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
