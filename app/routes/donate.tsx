/**
 * /faire-un-don: « Faire un don ». Its content is written on the server and kept as is by the browser:
 * components/info/donate.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { DonateContent, donateView } from "~/components/info/donate.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/donate";

export async function loader({ context }: Route.LoaderArgs) {
  const view = await donateView();
  return { html: serverHtml(context, <DonateContent {...view} />), taxReceipts: view.taxReceipts };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Faire un don au club",
    // The 66 % reduction is named only when the club may issue tax receipts.
    description: args.loaderData?.taxReceipts
      ? "Soutenez le club de Vovinam Viet Vo Dao : à quoi servent les dons, la réduction d'impôt de 66 %, le reçu fiscal, et le formulaire de don sécurisé HelloAsso."
      : "Soutenez le club de Vovinam Viet Vo Dao : à quoi servent les dons, et le formulaire de don sécurisé HelloAsso.",
  });

export default function Donate({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
