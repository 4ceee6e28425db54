/**
 * /espace-membre/todo (admin): the tasks derived from the data (each links to
 * the page where it is resolved) and the managers' own tasks (create, edit,
 * tick, delete), plus the « Démarrer la saison » action with a confirmation
 * step. Plain forms: everything works without JavaScript. The task groups,
 * the task forms and items are in app/components/todo/tasks.tsx.
 */
import { SeasonCounts } from "~/components/dashboard/season-counts";
import { seasonDashboardCounts } from "~/lib/members/season-overview.server";
import { Form, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser } from "~/lib/accounts/session.server";
import type { z } from "zod";
import type { Route } from "./+types/todo";
import { FormMessage, SubmitButton } from "~/components/form";
import { DerivedGroups, TODO_PATH, TodoForm, TodoItem } from "~/components/todo/tasks";
import { linkClass } from "~/components/users-admin-ui";
import { buttonClasses } from "~/components/ui/button";
import { firstErrors } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import { startSeasonSchema, todoIdSchema, todoSchema, todoUpdateSchema, type TodoIntent } from "~/lib/members/todo";
import { formatDate, parisDate } from "~/lib/core/time";
import { ensureCurrentSeasonStarted, seasonToStart, startSeason, startedSeasons } from "~/lib/members/seasons.server";
import { pageMeta } from "~/lib/http/seo";
import {
  createTodo,
  deleteTodo,
  derivedTasks,
  dueLabel,
  listTodos,
  setTodoDone,
  updateTodo,
} from "~/lib/members/todo.server";
import { DomainError } from "~/lib/core/errors";
import { readForm } from "~/lib/http/request.server";
import { positiveId } from "~/lib/http/ids.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Tâches à faire",
    description:
      "Les tâches des responsables : validations, cotisations, certificats, messages et tâches personnelles.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  ajoutee: "La tâche a été ajoutée.",
  modifiee: "La tâche a été modifiée.",
  faite: "La tâche est marquée comme faite.",
  rouverte: "La tâche est de nouveau à faire.",
  supprimee: "La tâche a été supprimée.",
};

export async function loader({ request }: Route.LoaderArgs) {
  await ensureCurrentSeasonStarted();
  const url = new URL(request.url);
  const today = parisDate();
  const [{ season, groups }, todos, nextSeason, started] = [
    await derivedTasks(),
    await listTodos(),
    await seasonToStart(),
    await startedSeasons(),
  ];
  const editId = positiveId(url.searchParams.get("modifier"));
  const ok = url.searchParams.get("ok") ?? "";
  const seasonNotice = url.searchParams.get("saison-demarree");
  return {
    season,
    groups,
    // The campaign season's counts, in all and per group with a chart.
    seasonCounts: await seasonDashboardCounts(),
    todos: todos.map((t) => ({
      id: t.id,
      title: t.title,
      notes: t.notes,
      dueOn: t.dueOn,
      done: Boolean(t.doneAt),
      doneAt: t.doneAt?.toISOString() ?? null,
      version: t.version,
      due: t.doneAt ? null : dueLabel(t.dueOn, today),
      createdByName: t.createdByName,
      updatedByName: t.updatedByName,
      updatedAt: t.updatedAt.toISOString(),
    })),
    editId,
    nextSeason,
    confirmSeason: url.searchParams.get("demarrer") === nextSeason,
    lastStart: started[0]
      ? { season: started[0].season, carriedOver: started[0].carriedOver, at: started[0].startedAt.toISOString() }
      : null,
    notice: seasonNotice
      ? `La saison ${seasonNotice} est démarrée : aucune cotisation n'y est encore enregistrée, et seuls les certificats médicaux encore valables ont été reportés.`
      : (NOTICES[ok] ?? null),
  };
}

/** What the action answers when it refuses a form: which form (intent, task) and Conform's result (intents.ts). */
type TodoAnswer = IntentAnswer<TodoIntent>;

/** Parses the form with its schema and runs the operation; a refusal is the answer of that form (its task: `id`). */
const handle = <S extends z.ZodType>(
  intent: TodoIntent,
  formData: FormData,
  schema: S,
  operation: (value: z.output<S>) => Promise<Response>,
) => handleIntent(intent, formData, schema, operation, { keyField: "id" });

type Actor = SessionUser;

/** One handler per intent. */
const HANDLERS: Record<TodoIntent, (actor: Actor, formData: FormData) => ReturnType<typeof handle>> = {
  create: (actor, formData) =>
    handle("create", formData, todoSchema, async (input) => {
      await createTodo(actor, input);
      return redirect(`${TODO_PATH}?ok=ajoutee#mes-taches`);
    }),
  update: (actor, formData) =>
    handle("update", formData, todoUpdateSchema, async ({ id, version, ...input }) => {
      await updateTodo(actor, id, version, input);
      return redirect(`${TODO_PATH}?ok=modifiee#tache-${id}`);
    }),
  done: (actor, formData) =>
    handle("done", formData, todoIdSchema, async ({ id }) => {
      await setTodoDone(actor, id, true);
      return redirect(`${TODO_PATH}?ok=faite#tache-${id}`);
    }),
  reopen: (actor, formData) =>
    handle("reopen", formData, todoIdSchema, async ({ id }) => {
      await setTodoDone(actor, id, false);
      return redirect(`${TODO_PATH}?ok=rouverte#tache-${id}`);
    }),
  delete: (actor, formData) =>
    handle("delete", formData, todoIdSchema, async ({ id }) => {
      await deleteTodo(actor, id);
      return redirect(`${TODO_PATH}?ok=supprimee#mes-taches`);
    }),
  "start-season": (actor, formData) =>
    handle("start-season", formData, startSeasonSchema, async ({ season }) => {
      const expected = await seasonToStart();
      if (season !== expected) {
        throw new DomainError(
          `La saison à démarrer est maintenant la saison ${expected} : vérifiez puis recommencez.`,
          { status: 409 },
        );
      }
      await startSeason(season, actor);
      return redirect(`${TODO_PATH}?saison-demarree=${encodeURIComponent(season)}#saison`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](actor, formData);
}

type TodoView = Route.ComponentProps["loaderData"]["todos"][number];

export default function Todo({ loaderData, actionData }: Route.ComponentProps) {
  const { season, groups, todos, editId, nextSeason, confirmSeason, lastStart, notice } = loaderData;
  const answer: TodoAnswer | undefined = actionData;
  // Answers of the one-button forms (tick, reopen, delete, start the season) are shown at the top.
  const buttonAnswer = answer && answer.intent !== "create" && answer.intent !== "update" ? answer : undefined;
  const totalDerived = groups.reduce((n, g) => n + g.tasks.length, 0);
  const open = todos.filter((t) => !t.done);
  const done = todos.filter((t) => t.done);

  const renderTodo = (t: TodoView) => {
    const mine = resultOf(answer, "update", t.id);
    return <TodoItem key={t.id} todo={t} editing={editId === t.id || mine !== undefined} lastResult={mine} />;
  };

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Tâches à faire</h1>
        <p className="mt-2 text-slate-700">
          Saison {season} :{" "}
          {totalDerived === 0
            ? "rien à traiter dans les dossiers."
            : `${totalDerived} point${totalDerived > 1 ? "s" : ""} à traiter dans les dossiers.`}{" "}
          {open.length > 0
            ? `${open.length} tâche${open.length > 1 ? "s" : ""} personnelle${open.length > 1 ? "s" : ""} en cours.`
            : ""}
        </p>
      </div>

      <SeasonCounts counts={loaderData.seasonCounts} />

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {buttonAnswer ? <FormMessage>{Object.values(firstErrors(buttonAnswer.result))[0]}</FormMessage> : null}

      <section aria-labelledby="derived-title" className="space-y-4">
        <h2 id="derived-title" className="text-2xl font-semibold text-slate-900">
          À traiter dans les dossiers
        </h2>
        <DerivedGroups groups={groups} />
      </section>

      <section
        id="mes-taches"
        aria-labelledby="own-title"
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <h2 id="own-title" className="text-2xl font-semibold text-slate-900">
          Tâches des responsables
        </h2>
        {open.length === 0 ? (
          <p className="mt-2 text-slate-700">Aucune tâche en cours.</p>
        ) : (
          <ul className="divide-y divide-slate-200">{open.map(renderTodo)}</ul>
        )}
        <TodoForm key={`create-${todos.length}`} lastResult={answer?.intent === "create" ? answer.result : undefined}>
          <p className="mb-3 font-semibold text-slate-900">Nouvelle tâche</p>
        </TodoForm>
        {done.length > 0 ? (
          <>
            <h3 className="mt-6 text-xl font-semibold text-slate-900">Tâches faites</h3>
            <ul className="divide-y divide-slate-200">{done.map(renderTodo)}</ul>
          </>
        ) : null}
      </section>

      <section
        id="saison"
        aria-labelledby="season-title"
        className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      >
        <h2 id="season-title" className="text-2xl font-semibold text-slate-900">
          Saisons
        </h2>
        {lastStart ? (
          <p className="mt-1 text-slate-700">
            Dernière saison démarrée : {lastStart.season}, le {formatDate(lastStart.at)} ({lastStart.carriedOver}{" "}
            certificat
            {lastStart.carriedOver > 1 ? "s" : ""} reporté{lastStart.carriedOver > 1 ? "s" : ""}).
          </p>
        ) : null}
        {confirmSeason ? (
          <div className="mt-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-4">
            <p className="font-semibold text-slate-900">Démarrer la saison {nextSeason} ?</p>
            <ul className="mt-2 list-disc pl-6 text-slate-800">
              <li>L&apos;historique des saisons précédentes est conservé.</li>
              <li>Tout le monde devra renouveler sa cotisation : aucune n&apos;est enregistrée pour {nextSeason}.</li>
              <li>
                Les certificats médicaux encore valables en {nextSeason} sont reportés ; les autres, et les attestations
                de questionnaire, apparaîtront comme manquants.
              </li>
            </ul>
            <div className="mt-3 flex flex-wrap items-center gap-4">
              <Form method="post">
                <input type="hidden" name="intent" value="start-season" />
                <input type="hidden" name="season" value={nextSeason} />
                <SubmitButton pendingLabel="Démarrage…">Confirmer : démarrer la saison {nextSeason}</SubmitButton>
              </Form>
              <Link to={`${TODO_PATH}#saison`} className={linkClass}>
                Annuler
              </Link>
            </div>
          </div>
        ) : (
          <p className="mt-3">
            <Link to={`${TODO_PATH}?demarrer=${nextSeason}#saison`} className={buttonClasses({ variant: "secondary" })}>
              Démarrer la saison {nextSeason}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
