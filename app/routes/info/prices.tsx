/**
 * /tarifs-horaires: « Tarifs et horaires ». Its content is written on the server and kept as is by the browser:
 * components/info/prices.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { PricesContent, pricesView } from "~/components/info/prices.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/prices";

export async function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <PricesContent {...await pricesView()} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Tarifs et horaires des cours",
    description:
      "Cotisations de la saison par groupe d'âge, licence comprise, et horaires des cours de Vovinam Viet Vo Dao pour enfants, adolescents et adultes.",
  });

export default function Prices({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
