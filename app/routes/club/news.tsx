/**
 * /la-vie-du-club/actualites: the news list, page by page. Its content is written on the server
 * and kept as is by the browser: components/news/list.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { NewsContent, newsView } from "~/components/news/list.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/news";

export async function loader({ request, context }: Route.LoaderArgs) {
  const view = await newsView(request);
  return { page: view.page, html: serverHtml(context, <NewsContent {...view} />) };
}

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page ?? 1;
  return pageMeta(args, {
    title: page > 1 ? `Actualités du club – page ${page}` : "Actualités du club",
    description:
      "Les nouvelles du club de Vovinam Viet Vo Dao : rentrée, passages de grades, stages, démonstrations et vie de l'association.",
  });
};

export default function News({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
