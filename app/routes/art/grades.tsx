/**
 * /le-vovinam-viet-vo-dao/grades: « Les grades ». Its content is written on the server and kept as is
 * by the browser: components/art/grades.server.tsx.
 */
import { ServerHtml } from "~/components/server-html";
import { GradesContent } from "~/components/art/grades.server";
import { listGrades } from "~/lib/members/grades.server";
import { serverHtml } from "~/lib/http/server-html.server";
import { pageMeta } from "~/lib/http/seo";
import type { Route } from "./+types/grades";

export async function loader({ context }: Route.LoaderArgs) {
  const grades = await listGrades();
  return { html: serverHtml(context, <GradesContent grades={grades} />) };
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Les grades du Vovinam Viet Vo Dao",
    description:
      "Les ceintures du Vovinam Viet Vo Dao, de la ceinture bleu clair du débutant à la ceinture blanche du patriarche : noms vietnamiens, couleurs et leur signification.",
  });

export default function Grades({ loaderData }: Route.ComponentProps) {
  return <ServerHtml html={loaderData.html} />;
}
