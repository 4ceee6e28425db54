/**
 * /espace-membre/todo (admin): the tasks derived from the data (each links to
 * the page where it is resolved) and the managers' own tasks (create, edit,
 * tick, delete), plus the « Démarrer la saison » action with a confirmation
 * step. Plain forms: everything works without JavaScript.
 */
import { SeasonCounts } from "~/components/dashboard/season-counts";
import { seasonDashboardCounts } from "~/lib/members/season-overview.server";
import { Form, Link, redirect } from "react-router";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser } from "~/lib/accounts/session.server";
import { getFormProps } from "@conform-to/react";
import type { z } from "zod";
import type { Route } from "./+types/todo";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
} from "~/components/form";
import { Badge, linkClass } from "~/components/users-admin-ui";
import { Button, buttonClasses } from "~/components/ui/button";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
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

const PATH = "/espace-membre/todo";

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
    // Decision 0029: the campaign season's counts, in all and per group with a chart.
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
      return redirect(`${PATH}?ok=ajoutee#mes-taches`);
    }),
  update: (actor, formData) =>
    handle("update", formData, todoUpdateSchema, async ({ id, version, ...input }) => {
      await updateTodo(actor, id, version, input);
      return redirect(`${PATH}?ok=modifiee#tache-${id}`);
    }),
  done: (actor, formData) =>
    handle("done", formData, todoIdSchema, async ({ id }) => {
      await setTodoDone(actor, id, true);
      return redirect(`${PATH}?ok=faite#tache-${id}`);
    }),
  reopen: (actor, formData) =>
    handle("reopen", formData, todoIdSchema, async ({ id }) => {
      await setTodoDone(actor, id, false);
      return redirect(`${PATH}?ok=rouverte#tache-${id}`);
    }),
  delete: (actor, formData) =>
    handle("delete", formData, todoIdSchema, async ({ id }) => {
      await deleteTodo(actor, id);
      return redirect(`${PATH}?ok=supprimee#mes-taches`);
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
      await startSeason(season, { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() });
      return redirect(`${PATH}?saison-demarree=${encodeURIComponent(season)}#saison`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](actor, formData);
}

type TodoView = Route.ComponentProps["loaderData"]["todos"][number];

/** The create or update form of a task (Conform, validated in the browser with the action's schema). */
function TodoForm({
  todo,
  lastResult,
  children,
}: {
  todo?: TodoView;
  lastResult?: SubmissionResult<string[]>;
  children: React.ReactNode;
}) {
  const [form, fields] = useClubForm({
    id: todo ? `tache-${todo.id}-${todo.version}` : "nouvelle-tache",
    schema: todo ? todoUpdateSchema : todoSchema,
    lastResult,
    defaultValue: todo ? { title: todo.title, notes: todo.notes, dueOn: todo.dueOn ?? "" } : undefined,
  });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className={todo ? "rounded-md border border-slate-200 p-4" : "mt-4 rounded-md border border-slate-200 p-4"}
    >
      <FormErrors
        form={form}
        lastResult={lastResult}
        summary="La tâche n'a pas été enregistrée : corrigez les champs signalés."
      />
      <input type="hidden" name="intent" value={todo ? "update" : "create"} />
      {todo ? (
        <>
          <input type="hidden" name="id" value={todo.id} />
          <input type="hidden" name="version" value={todo.version} />
        </>
      ) : null}
      {children}
      <TextField label="Titre" required {...fieldProps(fields.title)} />
      <TextAreaField label="Notes (facultatif)" rows={3} {...fieldProps(fields.notes)} />
      <TextField label="Échéance (facultatif)" type="date" {...fieldProps(fields.dueOn)} />
      {todo ? (
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
          <Link to={`${PATH}#tache-${todo.id}`} className={linkClass}>
            Annuler
          </Link>
        </div>
      ) : (
        <SubmitButton pendingLabel="Ajout…">Ajouter la tâche</SubmitButton>
      )}
    </Form>
  );
}

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
    const editing = editId === t.id || mine !== undefined;
    return (
      <li key={t.id} id={`tache-${t.id}`} className="py-3">
        {editing ? (
          <TodoForm key={`${t.id}-${t.version}`} todo={t} lastResult={mine}>
            <p className="mb-3 font-semibold text-slate-900">Modifier la tâche « {t.title} »</p>
          </TodoForm>
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className={`font-semibold ${t.done ? "text-slate-700 line-through" : "text-slate-900"}`}>{t.title}</p>
              {t.notes ? <p className="whitespace-pre-line text-slate-800">{t.notes}</p> : null}
              <p className="mt-1 flex flex-wrap gap-2 text-sm text-slate-700">
                {t.due ? <Badge tone={t.due.late ? "bad" : "neutral"}>{t.due.text}</Badge> : null}
                {t.done && t.doneAt ? <span>Faite le {formatDate(t.doneAt)}</span> : null}
                {t.createdByName ? <span>Ajoutée par {t.createdByName}</span> : null}
                {t.updatedByName && t.updatedByName !== t.createdByName ? (
                  <span>, modifiée par {t.updatedByName}</span>
                ) : null}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value={t.done ? "reopen" : "done"} />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className={t.done ? buttonClasses({ variant: "secondary" }) : buttonClasses()}>
                  {t.done ? "Rouvrir" : "Marquer comme faite"}
                  <span className="sr-only"> : {t.title}</span>
                </button>
              </Form>
              {!t.done ? (
                <Link to={`${PATH}?modifier=${t.id}#tache-${t.id}`} className={buttonClasses({ variant: "secondary" })}>
                  Modifier<span className="sr-only"> : {t.title}</span>
                </Link>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={t.id} />
                <Button type="submit" variant="danger-outline">
                  Supprimer<span className="sr-only"> : {t.title}</span>
                </Button>
              </Form>
            </div>
          </div>
        )}
      </li>
    );
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
        {groups.map((g) => (
          <section
            key={g.id}
            id={g.id}
            aria-labelledby={`${g.id}-title`}
            className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id={`${g.id}-title`} className="text-xl font-semibold text-slate-900">
                {g.title} <span className="text-base font-normal text-slate-700">({g.tasks.length})</span>
              </h3>
              {g.tasks.length > 0 ? (
                <Link to={g.href} className={linkClass}>
                  {g.hrefLabel}
                </Link>
              ) : null}
            </div>
            {g.tasks.length === 0 ? (
              <p className="mt-2 text-slate-700">Rien à faire ici.</p>
            ) : (
              <ul className="mt-2 divide-y divide-slate-200">
                {g.tasks.slice(0, 50).map((t) => (
                  <li key={t.key} className="py-2">
                    <Link to={t.href} className={linkClass}>
                      {t.label}
                    </Link>
                    <span className="block text-sm text-slate-700">{t.detail}</span>
                  </li>
                ))}
                {g.tasks.length > 50 ? (
                  <li className="py-2 text-slate-700">
                    … et {g.tasks.length - 50} autres :{" "}
                    <Link to={g.href} className={linkClass}>
                      {g.hrefLabel}
                    </Link>
                  </li>
                ) : null}
              </ul>
            )}
          </section>
        ))}
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
              <Link to={`${PATH}#saison`} className={linkClass}>
                Annuler
              </Link>
            </div>
          </div>
        ) : (
          <p className="mt-3">
            <Link to={`${PATH}?demarrer=${nextSeason}#saison`} className={buttonClasses({ variant: "secondary" })}>
              Démarrer la saison {nextSeason}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
