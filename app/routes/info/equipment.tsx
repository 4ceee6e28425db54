/**
 * /equipement: « Équipement ». Its content is written on the server and kept as is by the browser:
 * components/info/equipment.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { EquipmentContent, equipmentView } from "~/components/info/equipment.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/equipment";

export async function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <EquipmentContent {...await equipmentView()} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Équipement du pratiquant",
    description:
      "La tenue et le matériel pour pratiquer le Vovinam Viet Vo Dao : võ phục bleu avec l'écusson du club, ceinture, protections obligatoires et conseillées, conseils aux débutants.",
  });

export default function Equipment({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
