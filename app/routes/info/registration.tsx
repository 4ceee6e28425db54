/**
 * /inscription-documents: « Inscription et documents ». Its content is written on the server and kept as is by the browser:
 * components/info/registration.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { RegistrationContent, registrationView } from "~/components/info/registration.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/registration";

export async function loader({ context }: Route.LoaderArgs) {
  return { html: serverHtml(context, <RegistrationContent {...await registrationView()} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Inscription et documents à télécharger",
    description:
      "S'inscrire au club de Vovinam Viet Vo Dao pas à pas : cours d'essai, dossier, certificat médical ou questionnaire de santé, cotisation, tenue, et les documents à imprimer.",
  });

export default function Registration({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
