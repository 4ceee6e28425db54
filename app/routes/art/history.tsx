/**
 * /le-vovinam-viet-vo-dao/histoire: « Histoire ». Its content is written on the server and kept as is
 * by the browser: components/art/history.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { HistoryContent } from "~/components/art/history.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/history";

export function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <HistoryContent />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Histoire du Vovinam Viet Vo Dao",
    description:
      "De Hanoï à Paris : les grandes dates du Vovinam Viet Vo Dao, de la naissance du fondateur Nguyễn Lộc en 1912 à l'arrivée en France dans les années 1970 et au système international des grades.",
  });

export default function History({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
