/**
 * /espace-membre/jury/:id: the jury marks the candidates of one exam session,
 * on a phone (one card per candidate, big targets). Open to the session's jury
 * and the admins only (exams.server.ts: 403 for anyone else, 404 for a
 * missing session). Each card is its own form (intent « noter », key: the
 * candidate) carrying the candidate's version: a mark made meanwhile on
 * another phone is shown, never overwritten. Works without JavaScript.
 * « Reçu » writes the grade history once and offers the diploma (PDF).
 */
import { Form, Link, redirect } from "react-router";
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/jury";
import { FormErrors, FormMessage, SubmitButton, TextAreaField, fieldProps, useClubForm } from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { formatDate } from "~/lib/core/time";
import { orErrorPage, positiveId } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { EXAM_RESULT_LABELS, EXAM_RESULTS, markSchema } from "~/lib/members/exams";
import { juryView, markCandidate } from "~/lib/members/exams.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Jury de l'examen du ${formatDate(args.data.session.examDate)}` : "Jury d'examen",
    description: "Noter les candidats d'une session d'examen de grade.",
    noindex: true,
  });

function sessionId(params: { id?: string }): number {
  const id = positiveId(params.id);
  if (id === null) throw new Response("Cette session d'examen n'existe pas (ou plus).", { status: 404 });
  return id;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { session, candidates } = await orErrorPage(() => juryView(user, sessionId(params)));
  const saved = positiveId(new URL(request.url).searchParams.get("note"));
  return {
    session: { id: session.id, examDate: session.examDate, place: session.place, status: session.status },
    candidates: candidates.map((c) => ({ ...c, markedAt: c.markedAt?.toISOString() ?? null })),
    saved: candidates.find((c) => c.id === saved)?.name ?? null,
  };
}

const HANDLERS = {
  noter: (user: Parameters<typeof markCandidate>[0], id: number, formData: FormData) =>
    handleIntent(
      "noter",
      formData,
      markSchema,
      async (input) => {
        await markCandidate(user, id, input);
        return redirect(`/espace-membre/jury/${id}?note=${input.candidateId}#candidat-${input.candidateId}`);
      },
      {
        keyField: "candidateId",
        onDomainError: (err) => {
          // Not the jury, or no such session: the error page, not a form message.
          if (err.status === 403 || (err.status === 404 && !formData.get("candidateId")))
            throw new Response(err.message, { status: err.status });
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

export default function JuryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, candidates, saved } = loaderData;
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
      {session.status === "annulee" ? <FormMessage tone="info">Cette session est annulée.</FormMessage> : null}
      {candidates.length ? (
        <ol className="space-y-4">
          {candidates.map((c) => (
            <li key={c.id} id={`candidat-${c.id}`} className="rounded-lg border border-slate-300 p-4">
              <h2 className="text-xl font-semibold text-slate-900">{c.name}</h2>
              <p className="mb-3 text-slate-700">
                Présente <span lang="vi">{c.grade.vietnameseName}</span> — {c.grade.frenchName}{" "}
                {c.result ? (
                  <Badge tone={c.result === "reussi" ? "ok" : "neutral"}>{EXAM_RESULT_LABELS[c.result]}</Badge>
                ) : null}
              </p>
              {c.result === "reussi" ? (
                <p className="mb-3">
                  <a href={`/espace-membre/jury/diplome/${c.id}`} className={linkClass} download>
                    Imprimer le diplôme<span className="sr-only"> pour {c.name}</span> (PDF)
                  </a>
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
        <Link to="/espace-membre/grades" className={linkClass}>
          Retour à mes grades
        </Link>
      </p>
    </div>
  );
}
