/**
 * /espace-membre/contenu/grades (admins): the club's grade
 * table as the managers keep it — belts, names, exam rules and the size of
 * each revision checklist — with a link to edit each grade. Read only: the
 * forms are on /espace-membre/contenu/grades/:id.
 */
import { Link } from "react-router";
import type { Route } from "./+types/grades";
import { Belt } from "~/components/belt";
import { describeBelt } from "~/lib/members/belt-colours";
import { linkClass } from "~/components/users-admin-ui";
import { listGrades } from "~/lib/members/grades.server";
import { checklistSizes } from "~/lib/members/grades-admin.server";
import { GRADES_ADMIN_PATH } from "~/lib/members/grade-form";
import { examRulesText } from "~/lib/members/grade-rules";
import { pageMeta } from "~/lib/http/seo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Grades et révisions",
    description: "Le tableau des grades du club, les règles d’examen et les listes de révision de chaque grade.",
    noindex: true,
  });

export async function loader() {
  const [table, sizes] = [await listGrades(), await checklistSizes()];
  return {
    grades: table.map((g) => ({
      id: g.id,
      position: g.position,
      vietnameseName: g.vietnameseName,
      frenchName: g.frenchName,
      level: g.level,
      beltColor: g.beltColor,
      stripeColor: g.stripeColor,
      stripeCount: g.stripeCount,
      borderColor: g.borderColor,
      rules: examRulesText(g),
      checklist: sizes.get(g.id) ?? 0,
    })),
  };
}

export default function GradesAdmin({ loaderData }: Route.ComponentProps) {
  const { grades } = loaderData;
  return (
    <div className="max-w-5xl space-y-6">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Grades et révisions</h1>
        <p className="mt-2 text-slate-700">
          Le tableau des grades du club tel qu’il paraît sur la page publique des grades et dans l’espace membre, ses
          règles d’examen et la liste de révision de chaque grade. Les fédérations ne s’accordent ni sur les noms ni sur
          les délais : adaptez-les à votre club.
        </p>
      </div>
      {grades.length === 0 ? (
        <p className="text-slate-700">Le tableau des grades est vide.</p>
      ) : (
        <table className="stack-table w-full border-collapse text-left">
          <caption className="sr-only">Les grades du club, du premier au plus haut</caption>
          <thead>
            <tr className="border-b-2 border-slate-300">
              <th scope="col" className="py-2 pr-4">
                Grade
              </th>
              <th scope="col" className="py-2 pr-4">
                Ceinture
              </th>
              <th scope="col" className="py-2 pr-4">
                Règles d’examen
              </th>
              <th scope="col" className="py-2 pr-4">
                Révision
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grades.map((g) => (
              <tr key={g.id} id={`grade-${g.id}`} className="border-b border-slate-200 align-top">
                <td data-label="Grade" className="py-3 pr-4">
                  <span className="font-semibold text-slate-900">
                    {g.position}. <span lang="vi">{g.vietnameseName}</span>
                  </span>
                  <span className="block text-slate-700">{g.frenchName}</span>
                  {g.level ? <span className="block text-sm text-slate-700">{g.level}</span> : null}
                </td>
                <td data-label="Ceinture" className="py-3 pr-4">
                  <Belt {...g} label={describeBelt(g)} className="h-auto w-32 max-w-full" />
                </td>
                <td data-label="Règles d’examen" className="py-3 pr-4 text-slate-800">
                  {g.rules}
                </td>
                <td data-label="Révision" className="py-3 pr-4 text-slate-800">
                  {g.checklist === 0 ? "Aucun élément" : `${g.checklist} élément${g.checklist > 1 ? "s" : ""}`}
                </td>
                <td className="py-3">
                  <Link to={`${GRADES_ADMIN_PATH}/${g.id}`} className={linkClass}>
                    Modifier<span className="sr-only"> le grade {g.vietnameseName}</span>
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
