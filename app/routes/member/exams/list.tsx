/**
 * /espace-membre/examens (admin, user_manager): the exam sessions, most
 * recent first, the form that creates one (then its page opens), and what
 * every exam requires besides the grade's rules (a registration
 * for the exam's season, a medical file in order; each can be switched off).
 */
import { Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/list";
import { CheckboxField } from "~/components/checkbox-field";
import { ExamSessionForm } from "~/components/exams/session-form";
import { FormMessage, SubmitButton } from "~/components/form";
import { linkClass } from "~/components/users-admin-ui";
import { formatDate } from "~/lib/core/time";
import { parseSubmission, invalid, tryDomain } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { listGrades } from "~/lib/members/grades.server";
import { getSetting } from "~/lib/club/settings.server";
import { saveExamRequirements } from "~/lib/members/exam-eligibility.server";
import { EXAM_STATUS_LABELS, examRequirementsSchema, examSessionSchema, type ExamStatus } from "~/lib/members/exams";
import { juryChoices, listExamSessions, saveExamSession } from "~/lib/members/exams.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Examens de grade",
    description: "Les sessions d'examen de grade du club, leurs candidats et leurs convocations.",
    noindex: true,
  });

export async function loader({ request }: Route.LoaderArgs) {
  const [sessions, grades, jury] = [await listExamSessions(), await listGrades(), await juryChoices()];
  return {
    requirements: await getSetting("examEligibility"),
    saved: new URL(request.url).searchParams.get("ok") === "conditions",
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
  const formData = await readForm(request);
  if (formData.get("intent") === "conditions") {
    const requirements = parseSubmission(formData, examRequirementsSchema);
    if (requirements.status !== "success") return invalid(requirements);
    await saveExamRequirements(actor, requirements.value);
    return redirect(`${href("/espace-membre/examens")}?ok=conditions`);
  }
  const submission = parseSubmission(formData, examSessionSchema);
  if (submission.status !== "success") return invalid(submission);
  return tryDomain(submission, async () => {
    const id = await saveExamSession(actor, null, submission.value);
    return redirect(`${href("/espace-membre/examens/:id", { id: String(id) })}?ok=creee`);
  });
}

export default function ExamSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { sessions, grades, juryChoices, requirements, saved } = loaderData;
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
                    <Link to={href("/espace-membre/examens/:id", { id: String(s.id) })} className={linkClass}>
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

      <section aria-labelledby="conditions" className="mb-10">
        <h2 id="conditions" className="mb-3 text-2xl font-semibold text-club-900">
          Conditions communes à tous les grades
        </h2>
        <p className="mb-3 text-slate-700">
          En plus des règles de chaque grade (ancienneté, présences, âge), un candidat doit remplir les conditions
          cochées ci-dessous pour la saison de l'examen. Décochez celles que le club n'exige pas.
        </p>
        {saved ? <FormMessage tone="success">Les conditions des examens sont enregistrées.</FormMessage> : null}
        <Form method="post" className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
          <input type="hidden" name="intent" value="conditions" />
          <CheckboxField
            label="Être inscrit pour la saison de l'examen (inscription envoyée)"
            name="requireRegistration"
            defaultChecked={requirements.requireRegistration}
          />
          <CheckboxField
            label="Avoir un dossier médical en règle pour cette saison (certificat ou attestation)"
            name="requireMedical"
            defaultChecked={requirements.requireMedical}
          />
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer les conditions</SubmitButton>
        </Form>
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
