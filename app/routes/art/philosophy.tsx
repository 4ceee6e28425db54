/**
 * /le-vovinam-viet-vo-dao/philosophie: « Philosophie ». Its content is written on the server and kept as is
 * by the browser: components/art/philosophy.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { PhilosophyContent } from "~/components/art/philosophy.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/philosophy";

export function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <PhilosophyContent />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Philosophie du Vovinam Viet Vo Dao",
    description:
      "« Être fort pour être utile » : la devise, le salut (main d'acier, cœur de bonté), le symbole du bambou et les dix principes traditionnels du Vovinam Viet Vo Dao.",
  });

export default function Philosophy({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
