/**
 * /espace-membre/examens/:id (admin, user_manager): one exam session. Two
 * forms (intents.ts): « modifier » (the session, version-checked) and
 * « convoquer » (the ticked candidates: one e-mail per family). The list
 * shows, for each profile whose next grade is examined, whether it is
 * eligible on the exam day and what is missing otherwise; for the convoked
 * ones, the jury's per-test marks in counts (exam-tallies.ts): « 7 tests
 * acquis sur 9 » per candidate, and per test how many acquired it.
 */
import { notFound } from "~/lib/http/responses";
import { Form, href, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser } from "~/lib/accounts/session.server";
import type { Route } from "./+types/session";
import { ExamSessionForm } from "~/components/exams/session-form";
import { FormMessage, SubmitButton } from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { formatDate, formatDateTime } from "~/lib/core/time";
import { orErrorPage, positiveId } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { listGrades } from "~/lib/members/grades.server";
import {
  convokeSchema,
  EXAM_RESULT_LABELS,
  EXAM_STATUS_LABELS,
  examSessionSchema,
  type EXAM_SESSION_INTENTS,
  type ExamStatus,
} from "~/lib/members/exams";
import { getExamSession, juryChoices, saveExamSession } from "~/lib/members/exams.server";
import { convokeCandidates, sessionCandidates } from "~/lib/members/exam-candidates.server";
import { testsOfCandidates } from "~/lib/members/exam-tests.server";
import { candidateTestsText, tallyByTest } from "~/lib/members/exam-tallies";
import { TestTallies } from "~/components/exams/test-tallies";
import { revalidateAfterConflict } from "~/lib/http/revalidate";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Examen du ${formatDate(args.data.session.examDate)}` : "Session d'examen",
    description: "Une session d'examen de grade : ses candidats, leur éligibilité et les convocations.",
    noindex: true,
  });

function sessionId(params: { id?: string }): number {
  const id = positiveId(params.id);
  if (id === null) notFound("Cette session d'examen n'existe pas (ou plus).");
  return id;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const id = sessionId(params);
  const session = await orErrorPage(() => getExamSession(id));
  const [candidates, grades, jury] = [await sessionCandidates(id), await listGrades(), await juryChoices()];
  const convoked = candidates.flatMap((c) =>
    c.convokedAt && c.candidateId !== null && c.target ? [{ ...c, id: c.candidateId, grade: c.target }] : [],
  );
  const tests = await testsOfCandidates(convoked);
  const url = new URL(request.url);
  const ok = url.searchParams.get("ok");
  const n = Number(url.searchParams.get("n") ?? 0);
  const m = Number(url.searchParams.get("m") ?? 0);
  const notice =
    ok === "creee"
      ? "La session est créée : cochez les candidats à convoquer."
      : ok === "modifiee"
        ? "La session est enregistrée."
        : ok === "convoques"
          ? n
            ? `${n} candidat${n > 1 ? "s" : ""} convoqué${n > 1 ? "s" : ""} : ${m} e-mail${m > 1 ? "s" : ""} envoyé${m > 1 ? "s" : ""} aux familles.`
            : "Ces candidats étaient déjà convoqués : aucun e-mail n'est reparti."
          : null;
  return {
    session: {
      id: session.id,
      version: session.version,
      examDate: session.examDate,
      place: session.place,
      status: session.status as ExamStatus,
      gradeIds: session.grades.map((g) => g.id),
      gradeNames: session.grades.map((g) => g.vietnameseName).join(", "),
      jury: session.jury,
    },
    candidates: candidates.map((c) => ({
      profileId: c.profileId,
      name: c.name,
      current: c.current ? `${c.current.label}, le ${formatDate(c.current.awardedOn)}` : "Aucun grade enregistré",
      target: c.target?.label ?? "",
      eligible: c.eligibility?.eligible ?? null,
      missing: c.eligibility?.missing ?? [],
      checks: c.eligibility?.checks.map((k) => k.label) ?? [],
      convokedAt: c.convokedAt?.toISOString() ?? null,
      result: c.result,
      tests: c.candidateId === null ? null : candidateTestsText(tests.get(c.candidateId)?.tests ?? []),
    })),
    testTallies: tallyByTest(convoked.map((c) => ({ grade: c.grade, tests: tests.get(c.id)?.tests ?? [] }))),
    grades: grades.map((g) => ({ id: g.id, vietnameseName: g.vietnameseName, frenchName: g.frenchName })),
    juryChoices: jury,
    notice,
  };
}

type Intent = (typeof EXAM_SESSION_INTENTS)[number];
type Answer = IntentAnswer<Intent>;

const HANDLERS: Record<Intent, (actor: SessionUser, id: number, formData: FormData) => Promise<unknown>> = {
  modifier: (actor, id, formData) =>
    handleIntent(
      "modifier",
      formData,
      examSessionSchema,
      async (input) => {
        await saveExamSession(actor, id, input);
        return redirect(`${href("/espace-membre/examens/:id", { id: String(id) })}?ok=modifiee`);
      },
      { onDomainError: (err) => (err.status === 409 && !err.field ? { resetValues: true } : {}) },
    ),
  convoquer: (actor, id, formData) =>
    handleIntent("convoquer", formData, convokeSchema, async ({ profileIds }) => {
      const { convoked, mails } = await convokeCandidates(actor, id, profileIds);
      return redirect(
        `${href("/espace-membre/examens/:id", { id: String(id) })}?ok=convoques&n=${convoked}&m=${mails}#candidats`,
      );
    }),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const id = sessionId(params);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](actor, id, formData);
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function ExamSessionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, candidates, grades, juryChoices, notice, testTallies } = loaderData;
  const answer = actionData as Answer | undefined;
  const convokeError = resultOf(answer, "convoquer")?.error;
  const convokeMessage = convokeError ? Object.values(convokeError).flat()[0] : undefined;
  const open = candidates.filter((c) => !c.convokedAt);
  const convoked = candidates.filter((c) => c.convokedAt);
  return (
    <div className="max-w-5xl">
      <p className="mb-2">
        <Link to={href("/espace-membre/examens")} className={linkClass}>
          Toutes les sessions d'examen
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold text-club-900">Examen du {formatDate(session.examDate)}</h1>
      <p className="mb-4 text-slate-700">
        {session.place} · <span lang="vi">{session.gradeNames}</span> · {EXAM_STATUS_LABELS[session.status]}
        <br />
        Jury : {session.jury.length ? session.jury.map((j) => j.name).join(", ") : "aucun membre pour l'instant"}.
      </p>
      <p className="mb-6">
        <Link to={href("/espace-membre/jury/:id", { id: String(session.id) })} className={linkClass}>
          Page du jury : noter les candidats
        </Link>{" "}
        <span className="text-slate-700">(membres du jury et administrateurs)</span>
      </p>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <section id="candidats" aria-labelledby="candidats-titre" className="mb-10">
        <h2 id="candidats-titre" className="mb-3 text-2xl font-semibold text-club-900">
          Candidats à convoquer
        </h2>
        {convokeMessage ? <FormMessage>{convokeMessage}</FormMessage> : null}
        {open.length ? (
          <Form method="post">
            <input type="hidden" name="intent" value="convoquer" />
            <p className="mb-3 text-slate-700">
              Les profils dont le prochain grade est examiné, avec leur éligibilité le jour de l'examen. Les éligibles
              sont cochés ; chaque famille reçoit un seul e-mail pour tous ses convoqués.
            </p>
            <table className="stack-table mb-4 w-full border-collapse text-left">
              <caption className="sr-only">Candidats possibles, par grade présenté</caption>
              <thead>
                <tr className="border-b-2 border-slate-300">
                  <th scope="col" className="py-2 pr-4">
                    Convoquer
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Candidat
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Grade présenté
                  </th>
                  <th scope="col" className="py-2">
                    Éligibilité
                  </th>
                </tr>
              </thead>
              <tbody>
                {open.map((c) => (
                  <tr key={c.profileId} className="border-b border-slate-200 align-top">
                    <td data-label="Convoquer" className="py-2 pr-4">
                      <input
                        type="checkbox"
                        name="profileIds"
                        value={c.profileId}
                        defaultChecked={c.eligible === true}
                        aria-label={`Convoquer ${c.name}`}
                        className="h-5 w-5 rounded border-slate-400 text-club-700 focus:ring-club-600"
                      />
                    </td>
                    <td data-label="Candidat" className="py-2 pr-4">
                      <span className="font-semibold text-slate-900">{c.name}</span>
                      <span className="block text-sm text-slate-700">{c.current}</span>
                    </td>
                    <td data-label="Grade présenté" className="py-2 pr-4">
                      {c.target}
                    </td>
                    <td data-label="Éligibilité" className="py-2">
                      {c.eligible ? (
                        <Badge tone="ok">Éligible</Badge>
                      ) : (
                        <Badge tone="bad">Non éligible : {c.missing.join(", ")}</Badge>
                      )}
                      <ul className="mt-1 text-sm text-slate-700">
                        {c.checks.map((k) => (
                          <li key={k}>{k}</li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <SubmitButton pendingLabel="Envoi des convocations…">Convoquer les candidats cochés</SubmitButton>
          </Form>
        ) : (
          <p className="text-slate-700">Aucun autre profil ne présente un des grades de cette session.</p>
        )}
      </section>

      <section aria-labelledby="convoques" className="mb-10">
        <h2 id="convoques" className="mb-3 text-2xl font-semibold text-club-900">
          Convoqués
        </h2>
        {convoked.length ? (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {convoked.map((c) => (
              <li key={c.profileId} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-semibold text-slate-900">{c.name}</span> · {c.target}
                  <span className="block text-sm text-slate-700">
                    Convocation envoyée le {formatDateTime(c.convokedAt)}
                  </span>
                  {c.tests ? <span className="block text-sm text-slate-700">{c.tests}</span> : null}
                </span>
                {c.result ? (
                  <Badge tone={c.result === "reussi" ? "ok" : "neutral"}>{EXAM_RESULT_LABELS[c.result]}</Badge>
                ) : (
                  <Badge tone="neutral">Pas encore noté</Badge>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-700">Personne n'est encore convoqué.</p>
        )}
      </section>

      {convoked.length ? (
        <section aria-labelledby="tests-titre" className="mb-10">
          <h2 id="tests-titre" className="mb-3 text-2xl font-semibold text-club-900">
            Résultats par test
          </h2>
          <TestTallies grades={testTallies} />
        </section>
      ) : null}

      <section aria-labelledby="modifier">
        <h2 id="modifier" className="mb-3 text-2xl font-semibold text-club-900">
          Modifier la session
        </h2>
        <ExamSessionForm
          key={`${session.id}-${session.version}`}
          values={{ ...session, juryIds: session.jury.map((j) => j.id) }}
          grades={grades}
          juryChoices={juryChoices}
          lastResult={resultOf(answer, "modifier")}
          submitLabel="Enregistrer la session"
          intent="modifier"
        />
      </section>
    </div>
  );
}
