/**
 * /espace-membre/todo (admin): the tasks derived from the data (each links to
 * the page where it is resolved) and the managers' own tasks (create, edit,
 * tick, delete), plus the « Démarrer la saison » action with a confirmation
 * step. Plain forms: everything works without JavaScript.
 */
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/todo";
import { FormMessage, SubmitButton, TextAreaField, TextField } from "~/components/form";
import { Badge, buttonClass, dangerButtonClass, linkClass, secondaryButtonClass } from "~/components/membership";
import { parseForm } from "~/lib/http/forms";
import { ADMIN_ONLY } from "~/lib/accounts/roles";
import { formatDateFr } from "~/lib/members/seasons";
import { ensureCurrentSeasonStarted, parisDate, seasonToStart, startSeason, startedSeasons } from "~/lib/members/seasons-admin.server";
import { requireRoles } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import { createTodo, deleteTodo, derivedTasks, dueLabel, listTodos, setTodoDone, todoSchema, updateTodo } from "~/lib/members/todo.server";
import { RuleError } from "~/lib/members/users-admin.server";
import { readForm } from "~/lib/http/request.server";
import { positiveId, requireId, requireVersion } from "~/lib/http/ids";

const PATH = "/espace-membre/todo";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Tâches à faire",
    description: "Les tâches des responsables : validations, cotisations, certificats, messages et tâches personnelles.",
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
  await requireRoles(request, ADMIN_ONLY);
  await ensureCurrentSeasonStarted();
  const url = new URL(request.url);
  const today = parisDate();
  const [{ season, groups }, todos, nextSeason, started] = [await derivedTasks(), await listTodos(), await seasonToStart(), await startedSeasons()];
  const editId = positiveId(url.searchParams.get("modifier"));
  const ok = url.searchParams.get("ok") ?? "";
  const seasonNotice = url.searchParams.get("saison-demarree");
  return {
    season,
    groups,
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
    lastStart: started[0] ? { season: started[0].season, carriedOver: started[0].carriedOver, at: started[0].startedAt.toISOString() } : null,
    notice: seasonNotice
      ? `La saison ${seasonNotice} est démarrée : aucune cotisation n'y est encore enregistrée, et seuls les certificats médicaux encore valables ont été reportés.`
      : (NOTICES[ok] ?? null),
  };
}

type ActionResult = { intent: string; todoId: number | null; errors: Record<string, string>; values: Record<string, string>; message: string | null };

export async function action({ request }: Route.ActionArgs) {
  const actor = await requireRoles(request, ADMIN_ONLY);
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const todoId = formData.has("id") ? requireId(formData.get("id")) : null;
  const fail = (status: number, body: Omit<ActionResult, "intent" | "todoId">) => data({ intent, todoId, ...body } satisfies ActionResult, { status });
  try {
    switch (intent) {
      case "create":
      case "update": {
        const parsed = parseForm(formData, todoSchema);
        if (!parsed.ok) return fail(400, { errors: parsed.errors, values: parsed.values, message: null });
        if (intent === "create") {
          await createTodo(actor, parsed.data);
          return redirect(`${PATH}?ok=ajoutee#mes-taches`);
        }
        if (!todoId) throw new Response("Tâche inconnue", { status: 400 });
        await updateTodo(actor, todoId, requireVersion(formData.get("version")), parsed.data);
        return redirect(`${PATH}?ok=modifiee#tache-${todoId}`);
      }
      case "done":
      case "reopen":
        if (!todoId) throw new Response("Tâche inconnue", { status: 400 });
        await setTodoDone(actor, todoId, intent === "done");
        return redirect(`${PATH}?ok=${intent === "done" ? "faite" : "rouverte"}#tache-${todoId}`);
      case "delete":
        if (!todoId) throw new Response("Tâche inconnue", { status: 400 });
        await deleteTodo(actor, todoId);
        return redirect(`${PATH}?ok=supprimee#mes-taches`);
      case "start-season": {
        const expected = await seasonToStart();
        const season = String(formData.get("season") ?? "");
        if (season !== expected) {
          return fail(409, { errors: {}, values: {}, message: `La saison à démarrer est maintenant la saison ${expected} : vérifiez puis recommencez.` });
        }
        await startSeason(season, { id: actor.id, name: `${actor.prenom} ${actor.nom}`.trim() });
        return redirect(`${PATH}?saison-demarree=${encodeURIComponent(season)}#saison`);
      }
      default:
        throw new Response("Action inconnue", { status: 400 });
    }
  } catch (err) {
    if (err instanceof RuleError) return fail(err.status, { errors: {}, values: {}, message: err.message });
    throw err;
  }
}

type TodoView = Route.ComponentProps["loaderData"]["todos"][number];

function TodoFields({ values, errors, todo }: { values: Record<string, string> | null; errors: Record<string, string>; todo?: TodoView }) {
  return (
    <>
      <TextField label="Titre" name="title" required defaultValue={values?.title ?? todo?.title ?? ""} error={errors.title} />
      <TextAreaField label="Notes (facultatif)" name="notes" rows={3} defaultValue={values?.notes ?? todo?.notes ?? ""} error={errors.notes} />
      <TextField label="Échéance (facultatif)" name="dueOn" type="date" defaultValue={values?.dueOn ?? todo?.dueOn ?? ""} error={errors.dueOn} />
    </>
  );
}

export default function Todo({ loaderData, actionData }: Route.ComponentProps) {
  const { season, groups, todos, editId, nextSeason, confirmSeason, lastStart, notice } = loaderData;
  const result = actionData as ActionResult | undefined;
  const createErrors = result?.intent === "create" ? result.errors : {};
  const createValues = result?.intent === "create" ? result.values : null;
  const totalDerived = groups.reduce((n, g) => n + g.tasks.length, 0);
  const open = todos.filter((t) => !t.done);
  const done = todos.filter((t) => t.done);

  const renderTodo = (t: TodoView) => {
    const editing = editId === t.id || (result?.intent === "update" && result.todoId === t.id);
    const errors = result?.intent === "update" && result.todoId === t.id ? result.errors : {};
    const values = result?.intent === "update" && result.todoId === t.id ? result.values : null;
    return (
      <li key={t.id} id={`tache-${t.id}`} className="py-3">
        {editing ? (
          <Form method="post" noValidate className="rounded-md border border-slate-200 p-4">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={t.id} />
            <input type="hidden" name="version" value={t.version} />
            <p className="mb-3 font-semibold text-slate-900">Modifier la tâche « {t.title} »</p>
            <TodoFields values={values} errors={errors} todo={t} />
            <div className="flex flex-wrap items-center gap-4">
              <SubmitButton pendingLabel="Enregistrement…">Enregistrer</SubmitButton>
              <Link to={`${PATH}#tache-${t.id}`} className={linkClass}>
                Annuler
              </Link>
            </div>
          </Form>
        ) : (
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div>
              <p className={`font-semibold ${t.done ? "text-slate-700 line-through" : "text-slate-900"}`}>{t.title}</p>
              {t.notes ? <p className="whitespace-pre-line text-slate-800">{t.notes}</p> : null}
              <p className="mt-1 flex flex-wrap gap-2 text-sm text-slate-700">
                {t.due ? <Badge tone={t.due.late ? "bad" : "neutral"}>{t.due.text}</Badge> : null}
                {t.done && t.doneAt ? <span>Faite le {formatDateFr(t.doneAt)}</span> : null}
                {t.createdByName ? <span>Ajoutée par {t.createdByName}</span> : null}
                {t.updatedByName && t.updatedByName !== t.createdByName ? <span>, modifiée par {t.updatedByName}</span> : null}
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <input type="hidden" name="intent" value={t.done ? "reopen" : "done"} />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className={t.done ? secondaryButtonClass : buttonClass}>
                  {t.done ? "Rouvrir" : "Marquer comme faite"}
                  <span className="sr-only"> : {t.title}</span>
                </button>
              </Form>
              {!t.done ? (
                <Link to={`${PATH}?modifier=${t.id}#tache-${t.id}`} className={secondaryButtonClass}>
                  Modifier<span className="sr-only"> : {t.title}</span>
                </Link>
              ) : null}
              <Form method="post">
                <input type="hidden" name="intent" value="delete" />
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" className={dangerButtonClass}>
                  Supprimer<span className="sr-only"> : {t.title}</span>
                </button>
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
          Saison {season} : {totalDerived === 0 ? "rien à traiter dans les dossiers." : `${totalDerived} point${totalDerived > 1 ? "s" : ""} à traiter dans les dossiers.`}{" "}
          {open.length > 0 ? `${open.length} tâche${open.length > 1 ? "s" : ""} personnelle${open.length > 1 ? "s" : ""} en cours.` : ""}
        </p>
      </div>

      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {result?.message ? <FormMessage>{result.message}</FormMessage> : null}

      <section aria-labelledby="derived-title" className="space-y-4">
        <h2 id="derived-title" className="text-2xl font-semibold text-slate-900">
          À traiter dans les dossiers
        </h2>
        {groups.map((g) => (
          <section key={g.id} id={g.id} aria-labelledby={`${g.id}-title`} className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
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

      <section id="mes-taches" aria-labelledby="own-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="own-title" className="text-2xl font-semibold text-slate-900">
          Tâches des responsables
        </h2>
        {open.length === 0 ? <p className="mt-2 text-slate-700">Aucune tâche en cours.</p> : <ul className="divide-y divide-slate-200">{open.map(renderTodo)}</ul>}
        <Form method="post" noValidate className="mt-4 rounded-md border border-slate-200 p-4" key={`create-${todos.length}`}>
          <input type="hidden" name="intent" value="create" />
          <p className="mb-3 font-semibold text-slate-900">Nouvelle tâche</p>
          <TodoFields values={createValues} errors={createErrors} />
          <SubmitButton pendingLabel="Ajout…">Ajouter la tâche</SubmitButton>
        </Form>
        {done.length > 0 ? (
          <>
            <h3 className="mt-6 text-xl font-semibold text-slate-900">Tâches faites</h3>
            <ul className="divide-y divide-slate-200">{done.map(renderTodo)}</ul>
          </>
        ) : null}
      </section>

      <section id="saison" aria-labelledby="season-title" className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm">
        <h2 id="season-title" className="text-2xl font-semibold text-slate-900">
          Saisons
        </h2>
        {lastStart ? (
          <p className="mt-1 text-slate-700">
            Dernière saison démarrée : {lastStart.season}, le {formatDateFr(lastStart.at)} ({lastStart.carriedOver} certificat
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
                Les certificats médicaux encore valables en {nextSeason} sont reportés ; les autres, et les attestations de
                questionnaire, apparaîtront comme manquants.
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
            <Link to={`${PATH}?demarrer=${nextSeason}#saison`} className={secondaryButtonClass}>
              Démarrer la saison {nextSeason}
            </Link>
          </p>
        )}
      </section>
    </div>
  );
}
