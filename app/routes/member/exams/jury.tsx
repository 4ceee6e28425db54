/**
 * /espace-membre/jury/:id: the jury marks the candidates of one exam session,
 * on a phone (one card per candidate, big targets). Open to the session's jury
 * and the admins only (exam-jury.server.ts: 403 for anyone else, 404 for a
 * missing session). Each card is its own form (intent « noter », key: the
 * candidate) carrying the candidate's version: a mark made meanwhile on
 * another phone is shown, never overwritten. Works without JavaScript.
 * « Reçu » writes the grade history once and offers the diploma (PDF).
 * Per-test marking (exam-tests.server.ts): a second form per candidate lists
 * the checklist elements of the grade presented, « Acquis » / « Non acquis »
 * each (intent « tests », key: the candidate; last write wins, audited); the
 * count « 7 tests acquis sur 9 » is shown beside the overall result, which
 * stays the jury's decision. A grade without checklist has the overall form only.
 */
import { notFound, refusedWith } from "~/lib/http/responses";
import { Form, href, Link, redirect } from "react-router";
import type { SubmissionResult } from "@conform-to/react";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/jury";
import {
  FormErrors,
  FormMessage,
  SubmitButton,
  TextAreaField,
  fieldProps,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/lib/core/time";
import { orErrorPage, positiveId } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import {
  EXAM_RESULT_LABELS,
  EXAM_RESULTS,
  TEST_RESULT_LABELS,
  TEST_RESULTS,
  markSchema,
  testMarksSchema,
  testsCountText,
} from "~/lib/members/exams";
import { juryView, markCandidate } from "~/lib/members/exam-jury.server";
import { markTests, testsOfCandidates } from "~/lib/members/exam-tests.server";
import { revalidateAfterConflict } from "~/lib/http/revalidate";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Jury de l'examen du ${formatDate(args.data.session.examDate)}` : "Jury d'examen",
    description: "Noter les candidats d'une session d'examen de grade.",
    noindex: true,
  });

function sessionId(params: { id?: string }): number {
  const id = positiveId(params.id);
  if (id === null) notFound("Cette session d'examen n'existe pas (ou plus).");
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { session, candidates } = await orErrorPage(() => juryView(user, sessionId(params)));
  const query = new URL(request.url).searchParams;
  const saved = positiveId(query.get("note"));
  const savedTests = positiveId(query.get("tests"));
  const tests = await testsOfCandidates(candidates);
  return {
    session: { id: session.id, examDate: session.examDate, place: session.place, status: session.status },
    candidates: candidates.map((c) => ({
      ...c,
      markedAt: c.markedAt?.toISOString() ?? null,
      tests: tests.get(c.id)?.tests ?? [],
      acquired: tests.get(c.id)?.acquired ?? 0,
    })),
    saved: candidates.find((c) => c.id === saved)?.name ?? null,
    savedTests: candidates.find((c) => c.id === savedTests)?.name ?? null,
  };
}

/** Not the jury, or no such session: the error page, not a form message. */
function refusedPage(err: { status: number; message: string }, formData: FormData) {
  if (err.status === 403 || (err.status === 404 && !formData.get("candidateId"))) refusedWith(err);
}

const HANDLERS = {
  tests: (user: Parameters<typeof markTests>[0], id: number, formData: FormData) =>
    handleIntent(
      "tests",
      formData,
      testMarksSchema,
      async (input) => {
        await markTests(user, id, input);
        return redirect(
          `${href("/espace-membre/jury/:id", { id: String(id) })}?tests=${input.candidateId}#candidat-${input.candidateId}`,
        );
      },
      {
        keyField: "candidateId",
        onDomainError: (err) => {
          refusedPage(err, formData);
          return {};
        },
      },
    ),
  noter: (user: Parameters<typeof markCandidate>[0], id: number, formData: FormData) =>
    handleIntent(
      "noter",
      formData,
      markSchema,
      async (input) => {
        await markCandidate(user, id, input);
        return redirect(
          `${href("/espace-membre/jury/:id", { id: String(id) })}?note=${input.candidateId}#candidat-${input.candidateId}`,
        );
      },
      {
        keyField: "candidateId",
        onDomainError: (err) => {
          refusedPage(err, formData);
          return err.status === 409 ? { resetValues: true } : {};
        },
      },
    ),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const id = sessionId(params);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](user, id, formData);
}

type Candidate = Route.ComponentProps["loaderData"]["candidates"][number];

/** The tests of one candidate: « Acquis » / « Non acquis » per checklist element. */
function TestsForm({ candidate, lastResult }: { candidate: Candidate; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useClubForm({
    id: `tests-form-${candidate.id}-${candidate.tests.map((t) => t.result ?? "x").join("-")}`,
    schema: testMarksSchema,
    lastResult,
    defaultValue: {
      candidateId: String(candidate.id),
      marks: candidate.tests.map((t) => ({ techniqueId: String(t.techniqueId), result: t.result ?? "" })),
    },
  });
  const error = fields.marks.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="mb-4">
      <FormErrors form={form} lastResult={lastResult} summary="Les tests n'ont pas été enregistrés." />
      <input type="hidden" name="intent" value="tests" />
      <input type="hidden" name="candidateId" value={candidate.id} />
      <fieldset aria-describedby={error ? `tests-${candidate.id}-erreur` : undefined}>
        <legend className="mb-2 font-medium text-slate-800">
          Tests du programme<span className="sr-only"> pour {candidate.name}</span>
        </legend>
        {error ? (
          <p id={`tests-${candidate.id}-erreur`} className="mb-2 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : null}
        <ul className="space-y-3">
          {candidate.tests.map((t, i) => (
            <li key={t.techniqueId}>
              <input type="hidden" name={`marks[${i}].techniqueId`} value={t.techniqueId} />
              <fieldset>
                <legend className="mb-1 text-slate-900">{t.title}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {TEST_RESULTS.map((r) => (
                    <label
                      key={r}
                      className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-slate-400 px-2 py-1 text-slate-900 has-[:checked]:border-club-800 has-[:checked]:bg-club-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-club-700"
                    >
                      <input
                        type="radio"
                        name={`marks[${i}].result`}
                        value={r}
                        defaultChecked={t.result === r}
                        className="h-5 w-5"
                      />
                      {TEST_RESULT_LABELS[r]}
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          ))}
        </ul>
      </fieldset>
      <SubmitButton
        pendingLabel="Enregistrement…"
        className={buttonClasses({ variant: "secondary", size: "lg", width: "full", className: "mt-3" })}
      >
        Enregistrer les tests<span className="sr-only"> pour {candidate.name}</span>
      </SubmitButton>
    </Form>
  );
}

function MarkForm({ candidate, lastResult }: { candidate: Candidate; lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useClubForm({
    id: `candidat-form-${candidate.id}-${candidate.version}`,
    schema: markSchema,
    lastResult,
    defaultValue: {
      candidateId: String(candidate.id),
      version: String(candidate.version),
      result: candidate.result ?? "",
      note: candidate.note,
    },
  });
  const chosen = typeof fields.result.initialValue === "string" ? fields.result.initialValue : "";
  const resultError = fields.result.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La note n'a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value="noter" />
      <input type="hidden" name="candidateId" value={candidate.id} />
      <input type="hidden" name="version" value={candidate.version} />
      <fieldset className="mb-3" aria-describedby={resultError ? `resultat-${candidate.id}-erreur` : undefined}>
        <legend className="mb-2 font-medium text-slate-800">
          Résultat<span className="sr-only"> pour {candidate.name}</span>
        </legend>
        {resultError ? (
          <p id={`resultat-${candidate.id}-erreur`} className="mb-2 text-sm font-medium text-red-700">
            {resultError}
          </p>
        ) : null}
        <div className="grid grid-cols-2 gap-2">
          {EXAM_RESULTS.map((r) => (
            <label
              key={r}
              className="flex min-h-12 cursor-pointer items-center justify-center gap-2 rounded-md border-2 border-slate-400 px-3 py-2 font-semibold text-slate-900 has-[:checked]:border-club-800 has-[:checked]:bg-club-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-club-700"
            >
              <input type="radio" name="result" value={r} defaultChecked={chosen === r} className="h-5 w-5" />
              {EXAM_RESULT_LABELS[r]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField label="Remarque du jury (facultatif)" rows={2} {...fieldProps(fields.note)} />
      <SubmitButton pendingLabel="Enregistrement…" className={buttonClasses({ size: "lg", width: "full" })}>
        Enregistrer la note<span className="sr-only"> pour {candidate.name}</span>
      </SubmitButton>
    </Form>
  );
}

/** A conflict (changed meanwhile) reloads the page's data: the form starts again from the fresh values. */
export const shouldRevalidate = revalidateAfterConflict;

export default function JuryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, candidates, saved, savedTests } = loaderData;
  const answer = actionData;
  const marked = candidates.filter((c) => c.result).length;
  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-2xl font-bold text-club-900 sm:text-3xl">
        Jury de l'examen du {formatDate(session.examDate)}
      </h1>
      <p className="mb-4 text-slate-700">
        {session.place} · {marked} candidat{marked > 1 ? "s" : ""} noté{marked > 1 ? "s" : ""} sur {candidates.length}
      </p>
      {saved ? <FormMessage tone="success">Note enregistrée pour {saved}.</FormMessage> : null}
      {savedTests ? <FormMessage tone="success">Tests enregistrés pour {savedTests}.</FormMessage> : null}
      {session.status === "annulee" ? <FormMessage tone="info">Cette session est annulée.</FormMessage> : null}
      {candidates.length ? (
        <ol className="space-y-4">
          {candidates.map((c) => (
            <li key={c.id} id={`candidat-${c.id}`} className="rounded-lg border border-slate-300 p-4">
              <h2 className="text-xl font-semibold text-slate-900">{c.name}</h2>
              <p className="mb-3 text-slate-700">
                Grade présenté : <span lang="vi">{c.grade.vietnameseName}</span> — {c.grade.frenchName}{" "}
                {c.result ? (
                  <Badge tone={c.result === "reussi" ? "ok" : "neutral"}>{EXAM_RESULT_LABELS[c.result]}</Badge>
                ) : null}
              </p>
              {c.result === "reussi" ? (
                <p className="mb-3">
                  <a
                    href={href("/espace-membre/jury/diplome/:id", { id: String(c.id) })}
                    className={linkClass}
                    download
                  >
                    Imprimer le diplôme<span className="sr-only"> pour {c.name}</span> (PDF)
                  </a>
                </p>
              ) : null}
              {c.tests.length ? (
                <TestsForm
                  key={`${c.id}-${c.tests.map((t) => t.result ?? "x").join("-")}`}
                  candidate={c}
                  lastResult={resultOf(answer, "tests", c.id)}
                />
              ) : null}
              {c.tests.length ? (
                <p className="mb-2 font-medium text-slate-900" data-testid={`tests-compte-${c.id}`}>
                  {testsCountText(c.acquired, c.tests.length)}
                </p>
              ) : null}
              <MarkForm key={`${c.id}-${c.version}`} candidate={c} lastResult={resultOf(answer, "noter", c.id)} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-slate-700">Aucun candidat n'est encore convoqué à cette session.</p>
      )}
      <p className="mt-6">
        <Link to={href("/espace-membre/grades")} className={linkClass}>
          Retour à mes grades
        </Link>
      </p>
    </div>
  );
}
