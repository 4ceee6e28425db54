/**
 * /espace-membre/examens (admin, user_manager): the exam sessions, most
 * recent first, and the form that creates one (then its page opens).
 */
import { Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/list";
import { ExamSessionForm } from "~/components/exams/session-form";
import { linkClass } from "~/components/users-admin-ui";
import { formatDate } from "~/lib/core/time";
import { parseSubmission, invalid, tryDomain } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { listGrades } from "~/lib/members/grades.server";
import { EXAM_STATUS_LABELS, examSessionSchema, type ExamStatus } from "~/lib/members/exams";
import { juryChoices, listExamSessions, saveExamSession } from "~/lib/members/exams.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Examens de grade",
    description: "Les sessions d'examen de grade du club, leurs candidats et leurs convocations.",
    noindex: true,
  });

export async function loader() {
  const [sessions, grades, jury] = [await listExamSessions(), await listGrades(), await juryChoices()];
  return {
    sessions: sessions.map((s) => ({
      id: s.id,
      examDate: s.examDate,
      place: s.place,
      status: s.status as ExamStatus,
      grades: s.grades.map((g) => g.vietnameseName).join(", "),
      juryCount: s.juryCount,
      convoked: s.convoked,
    })),
    grades: grades.map((g) => ({ id: g.id, vietnameseName: g.vietnameseName, frenchName: g.frenchName })),
    juryChoices: jury,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const submission = parseSubmission(await readForm(request), examSessionSchema);
  if (submission.status !== "success") return invalid(submission);
  return tryDomain(submission, async () => {
    const id = await saveExamSession(actor, null, submission.value);
    return redirect(`/espace-membre/examens/${id}?ok=creee`);
  });
}

export default function ExamSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, grades, juryChoices } = loaderData;
  return (
    <div className="max-w-5xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Examens de grade</h1>
      <p className="mb-6 text-slate-700">
        Une session d'examen réunit une date, un lieu, les grades examinés et un jury. Sa page liste les candidats
        éligibles, ce qui manque aux autres, et envoie les convocations aux familles.
      </p>

      <section aria-labelledby="sessions" className="mb-10">
        <h2 id="sessions" className="mb-3 text-2xl font-semibold text-club-900">
          Sessions
        </h2>
        {sessions.length ? (
          <table className="stack-table w-full border-collapse text-left">
            <caption className="sr-only">Sessions d'examen, de la plus récente à la plus ancienne</caption>
            <thead>
              <tr className="border-b-2 border-slate-300">
                <th scope="col" className="py-2 pr-4">
                  Date
                </th>
                <th scope="col" className="py-2 pr-4">
                  Lieu
                </th>
                <th scope="col" className="py-2 pr-4">
                  Grades
                </th>
                <th scope="col" className="py-2 pr-4">
                  Convoqués
                </th>
                <th scope="col" className="py-2">
                  État
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((s) => (
                <tr key={s.id} className="border-b border-slate-200">
                  <td data-label="Date" className="py-2 pr-4 whitespace-nowrap">
                    <Link to={`/espace-membre/examens/${s.id}`} className={linkClass}>
                      {formatDate(s.examDate)}
                    </Link>
                  </td>
                  <td data-label="Lieu" className="py-2 pr-4">
                    {s.place}
                  </td>
                  <td data-label="Grades" className="py-2 pr-4" lang="vi">
                    {s.grades}
                  </td>
                  <td data-label="Convoqués" className="py-2 pr-4">
                    {s.convoked}
                  </td>
                  <td data-label="État" className="py-2">
                    {EXAM_STATUS_LABELS[s.status]}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-slate-700">Aucune session d'examen pour l'instant.</p>
        )}
      </section>

      <section aria-labelledby="nouvelle">
        <h2 id="nouvelle" className="mb-3 text-2xl font-semibold text-club-900">
          Nouvelle session
        </h2>
        <ExamSessionForm
          values={{ id: null, version: 0, examDate: "", place: "", status: "prevue", gradeIds: [], juryIds: [] }}
          grades={grades}
          juryChoices={juryChoices}
          lastResult={actionData?.result}
          submitLabel="Créer la session"
        />
      </section>
    </div>
  );
}
